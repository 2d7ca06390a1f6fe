//! The materials of the task's endings: White's king with at most one rook and at most one of
//! pawn, queen and knight; Black's king with at most one rook. Sixteen in all, every ending
//! reachable from K+R+P v K+R with promotion to a queen or a knight.

use std::fmt;

use small_board::{Board, Color, Piece, Role};

/// A material: which of the optional pieces stand on the board (the kings always do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    /// White has a rook.
    pub white_rook: bool,
    /// White's pawn, queen or knight, if any.
    pub white_extra: Option<Role>,
    /// Black has a rook.
    pub black_rook: bool,
}

const fn material(white_rook: bool, white_extra: Option<Role>, black_rook: bool) -> Material {
    Material {
        white_rook,
        white_extra,
        black_rook,
    }
}

impl Material {
    /// Every material, in build order: each after the materials its captures and promotions
    /// lead to (pawnless ones first, then the pawn endings from the smallest).
    pub const ALL: [Material; 16] = [
        material(false, None, false),               // KvK (dead)
        material(false, Some(Role::Knight), false), // KNvK (dead)
        material(false, None, true),                // KvKR
        material(true, None, false),                // KRvK
        material(false, Some(Role::Queen), false),  // KQvK
        material(true, None, true),                 // KRvKR
        material(false, Some(Role::Queen), true),   // KQvKR
        material(false, Some(Role::Knight), true),  // KNvKR
        material(true, Some(Role::Queen), false),   // KQRvK
        material(true, Some(Role::Knight), false),  // KNRvK
        material(true, Some(Role::Queen), true),    // KQRvKR
        material(true, Some(Role::Knight), true),   // KNRvKR
        material(false, Some(Role::Pawn), false),   // KPvK
        material(false, Some(Role::Pawn), true),    // KPvKR
        material(true, Some(Role::Pawn), false),    // KRPvK
        material(true, Some(Role::Pawn), true),     // KRPvKR
    ];

    /// The material on `board`, if it is one of the task's.
    pub fn of(board: &Board) -> Option<Material> {
        let count = |color, role| board.count(color, role);
        let white_rook = match count(Color::White, Role::Rook) {
            0 => false,
            1 => true,
            _ => return None,
        };
        let black_rook = match count(Color::Black, Role::Rook) {
            0 => false,
            1 => true,
            _ => return None,
        };
        if board.by_color(Color::Black).count() != 1 + u32::from(black_rook) {
            return None;
        }
        let extras = board.by_color(Color::White).count() - 1 - u32::from(white_rook);
        let white_extra = match extras {
            0 => None,
            1 => [Role::Pawn, Role::Queen, Role::Knight]
                .into_iter()
                .find(|&role| count(Color::White, role) == 1),
            _ => return None,
        };
        if extras == 1 && white_extra.is_none() {
            return None;
        }
        Some(Material {
            white_rook,
            white_extra,
            black_rook,
        })
    }

    /// Whether every position of the material is dead (king against king, or king and knight
    /// against king): no table is needed.
    pub fn is_dead(self) -> bool {
        !self.white_rook
            && !self.black_rook
            && matches!(self.white_extra, None | Some(Role::Knight))
    }

    /// Whether White has a pawn.
    pub fn has_pawn(self) -> bool {
        self.white_extra == Some(Role::Pawn)
    }

    /// The pieces in index order (see `index`): the pawn first if there is one, else White's
    /// king; then the kings, White's pieces and Black's rook.
    pub fn pieces(self) -> Vec<Piece> {
        let white = |role| Piece {
            color: Color::White,
            role,
        };
        let mut pieces = Vec::with_capacity(5);
        if self.has_pawn() {
            pieces.push(white(Role::Pawn));
        }
        pieces.push(white(Role::King));
        pieces.push(Piece {
            color: Color::Black,
            role: Role::King,
        });
        if self.white_rook {
            pieces.push(white(Role::Rook));
        }
        if let Some(role) = self.white_extra.filter(|&r| r != Role::Pawn) {
            pieces.push(white(role));
        }
        if self.black_rook {
            pieces.push(Piece {
                color: Color::Black,
                role: Role::Rook,
            });
        }
        pieces
    }

    /// Whether `color` holds material superiority in every position of this material and of
    /// every material a capture or promotion can lead to from it, except dead ones (where no
    /// one can mate): KRvK, KQvK, KQRvK, KNRvK for White, KvKR for Black. There, every position
    /// of a line that ends in `color`'s mate is one of `color`'s superiority.
    pub fn keeps_superiority(self, color: Color) -> bool {
        match color {
            Color::White => {
                !self.black_rook
                    && self.white_extra != Some(Role::Pawn)
                    && (self.white_rook || self.white_extra == Some(Role::Queen))
            }
            Color::Black => self.black_rook && !self.white_rook && self.white_extra.is_none(),
        }
    }

    /// Who holds material superiority in every position of the material (see
    /// `goal::superiority`): Black with the rook against White's lone king; White with more
    /// heavy pieces (queens and rooks) than Black.
    pub fn superiority(self) -> Option<Color> {
        let white_heavy =
            u8::from(self.white_rook) + u8::from(self.white_extra == Some(Role::Queen));
        if white_heavy > u8::from(self.black_rook) {
            Some(Color::White)
        } else if self.black_rook && !self.white_rook && self.white_extra.is_none() {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// A stable small number for the file format (position in [`Material::ALL`]).
    pub fn code(self) -> u8 {
        Material::ALL.iter().position(|&m| m == self).unwrap_or(0) as u8
    }
}

impl fmt::Display for Material {
    /// `KRPvKR`, `KQvK`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("K")?;
        if let Some(role) = self.white_extra.filter(|&r| r != Role::Pawn) {
            write!(f, "{}", role.upper_char())?;
        }
        if self.white_rook {
            f.write_str("R")?;
        }
        if self.has_pawn() {
            f.write_str("P")?;
        }
        f.write_str("vK")?;
        if self.black_rook {
            f.write_str("R")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_distinct_names() {
        let names: std::collections::BTreeSet<String> =
            Material::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(names.len(), 16);
        assert!(names.contains("KRPvKR") && names.contains("KNRvKR") && names.contains("KvKR"));
        assert_eq!(Material::ALL.iter().filter(|m| m.is_dead()).count(), 2);
    }

    #[test]
    fn superiority_is_kept_exactly_in_the_pawnless_endings_without_a_defender() {
        let keeping = |color| {
            Material::ALL
                .iter()
                .filter(|m| m.keeps_superiority(color))
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(keeping(Color::White), ["KRvK", "KQvK", "KQRvK", "KNRvK"]);
        assert_eq!(keeping(Color::Black), ["KvKR"]);
    }
}
