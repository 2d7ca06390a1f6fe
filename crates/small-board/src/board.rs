//! [`Board`]: the placement of the pieces, as one bitboard per colour and per role.

use crate::{
    attacks,
    bitboard::Bitboard,
    types::{ByColor, ByRole, Color, File, Piece, Role, Square},
};

/// Where the pieces stand. Any placement can be stored; [`crate::Position`] checks it is legal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: ByRole<Bitboard>,
    by_color: ByColor<Bitboard>,
}

impl Board {
    /// A board without pieces.
    pub const fn empty() -> Board {
        Board {
            by_role: ByRole([Bitboard::EMPTY; 6]),
            by_color: ByColor {
                white: Bitboard::EMPTY,
                black: Bitboard::EMPTY,
            },
        }
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        *self.by_color.get(color)
    }

    /// The squares of the pieces of `role`, of both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        *self.by_role.get(role)
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color) & self.by_role(piece.role)
    }

    /// How many pieces of `color` and `role` stand on the board.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.by_piece(Piece { color, role }).count()
    }

    /// The square of `color`'s king, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece {
            color,
            role: Role::King,
        })
        .single_square()
    }

    /// The colour of the piece on `sq`.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color.white.contains(sq) {
            Some(Color::White)
        } else if self.by_color.black.contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role(role).contains(sq))
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.by_role.get_mut(piece.role).add(sq);
        self.by_color.get_mut(piece.color).add(sq);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_role.get_mut(piece.role).discard(sq);
        self.by_color.get_mut(piece.color).discard(sq);
        Some(piece)
    }

    /// Toggles `piece` on `sq` (the square must be empty or hold exactly that piece).
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        self.by_role.get_mut(piece.role).toggle(sq);
        self.by_color.get_mut(piece.color).toggle(sq);
    }

    /// Every piece with its square, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(move |sq| self.piece_at(sq).map(|piece| (sq, piece)))
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` as the blocking pieces.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role(Role::Queen);
        let rooks_queens = self.by_role(Role::Rook) | queens;
        let bishops_queens = self.by_role(Role::Bishop) | queens;
        self.by_color(attacker)
            & ((attacks::rook_attacks(sq, occupied) & rooks_queens)
                | (attacks::bishop_attacks(sq, occupied) & bishops_queens)
                | (attacks::knight_attacks(sq) & self.by_role(Role::Knight))
                | (attacks::king_attacks(sq) & self.by_role(Role::King))
                | (attacks::pawn_attacks(attacker.other(), sq) & self.by_role(Role::Pawn)))
    }

    /// Every square a piece of `attacker` attacks, with `occupied` as the blocking pieces.
    pub fn attacked_by(&self, attacker: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(attacker);
        let queens = self.by_role(Role::Queen);
        let mut attacked = Bitboard::EMPTY;
        for sq in theirs & (self.by_role(Role::Rook) | queens) {
            attacked |= attacks::rook_attacks(sq, occupied);
        }
        for sq in theirs & (self.by_role(Role::Bishop) | queens) {
            attacked |= attacks::bishop_attacks(sq, occupied);
        }
        for sq in theirs & self.by_role(Role::Knight) {
            attacked |= attacks::knight_attacks(sq);
        }
        for sq in theirs & self.by_role(Role::King) {
            attacked |= attacks::king_attacks(sq);
        }
        // Pawns all at once: a pawn attacks one rank forward, one file to each side (+6 / +8
        // for White, -8 / -6 for Black), never across the a- or g-file edge.
        let pawns = (theirs & self.by_role(Role::Pawn)).0;
        let not_a = !Bitboard::from_file(File::A).0;
        let not_g = !Bitboard::from_file(File::G).0;
        attacked.0 |= match attacker {
            Color::White => ((pawns & not_a) << 6 | (pawns & not_g) << 8) & Bitboard::FULL.0,
            Color::Black => (pawns & not_a) >> 8 | (pawns & not_g) >> 6,
        };
        attacked
    }

    /// Whether any piece of `attacker` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.attackers_to(sq, attacker, self.occupied()).any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_attack_maps_match_the_table() {
        for color in Color::ALL {
            for sq in Square::all() {
                let mut board = Board::empty();
                board.set_piece_at(
                    sq,
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
                assert_eq!(
                    board.attacked_by(color, board.occupied()),
                    attacks::pawn_attacks(color, sq),
                    "{color:?} pawn on {sq}"
                );
            }
        }
    }

    #[test]
    fn set_and_remove() {
        let mut board = Board::empty();
        let rook = Piece {
            color: Color::White,
            role: Role::Rook,
        };
        board.set_piece_at(Square::F3, rook);
        assert_eq!(board.piece_at(Square::F3), Some(rook));
        let king = Piece {
            color: Color::Black,
            role: Role::King,
        };
        board.set_piece_at(Square::F3, king);
        assert_eq!(board.piece_at(Square::F3), Some(king));
        assert_eq!(board.count(Color::White, Role::Rook), 0);
        assert!(board.is_attacked(Square::F4, Color::Black));
        assert_eq!(
            board.attacked_by(Color::Black, board.occupied()),
            attacks::king_attacks(Square::F3)
        );
        assert_eq!(board.remove_piece_at(Square::F3), Some(king));
        assert_eq!(board, Board::empty());
    }
}
