//! Standard algebraic notation in Czech (`Vxf6+`, `c7D+`, `cxd7J`) or English (`Rxf6+`,
//! `c7=Q+`, `cxd7=N`).
//!
//! | role | Czech | English |
//! |---|---|---|
//! | king | `K` | `K` |
//! | queen | `D` | `Q` |
//! | rook | `V` | `R` |
//! | bishop | `S` | `B` |
//! | knight | `J` | `N` |
//! | pawn | none | none |
//!
//! A capture is `x`; a pawn capture names the pawn's file (`cxd7`, also en passant). A promotion
//! appends the new piece's letter: directly in Czech (`c7D`), after `=` in English (`c7=Q`). When
//! another piece of the same kind could reach the same square, the origin file is added, else the
//! rank, else both (SAN's rule). Then `#` for checkmate or `+` for check.

use crate::{moves::Move, position::Position, types::Role};

/// Which letters and promotion style to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `K D V S J`, promotion `c7D`.
    Czech,
    /// `K Q R B N`, promotion `c7=Q`.
    English,
}

impl Notation {
    fn letter(self, role: Role) -> char {
        match self {
            Notation::Czech => role.czech_char(),
            Notation::English => role.upper_char(),
        }
    }
}

/// The SAN of `m`, a legal move in `pos`, with its check or mate suffix.
///
/// # Examples
///
/// ```
/// use small_board::{Notation, Position, san};
///
/// let pos: Position = "5k1/2P2r1/3K3/7/5R1/7/7 w".parse()?;
/// let mut names: Vec<String> = pos
///     .legal_moves()
///     .iter()
///     .filter(|m| m.capture.is_some() || m.promotion.is_some())
///     .map(|&m| san(&pos, m, Notation::Czech))
///     .collect();
/// names.sort();
/// assert_eq!(names, ["Vxf6+", "c7D+", "c7J"]);
/// # Ok::<_, small_board::FenError>(())
/// ```
pub fn san(pos: &Position, m: Move, notation: Notation) -> String {
    let mut out = String::with_capacity(8);
    if m.role == Role::Pawn {
        if m.is_capture() {
            out.push(m.from.file().char());
            out.push('x');
        }
        out.push_str(&m.to.to_string());
        if let Some(role) = m.promotion {
            if notation == Notation::English {
                out.push('=');
            }
            out.push(notation.letter(role));
        }
    } else {
        out.push(notation.letter(m.role));
        let rivals: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
            .collect();
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|o| o.from.file() != m.from.file());
            let rank_unique = rivals.iter().all(|o| o.from.rank() != m.from.rank());
            if file_unique {
                out.push(m.from.file().char());
            } else if rank_unique {
                out.push(m.from.rank().char());
            } else {
                out.push_str(&m.from.to_string());
            }
        }
        if m.is_capture() {
            out.push('x');
        }
        out.push_str(&m.to.to_string());
    }
    let after = pos.play(m);
    if after.is_checkmate() {
        out.push('#');
    } else if after.is_check() {
        out.push('+');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn all_san(fen: &str, notation: Notation) -> Vec<String> {
        let pos = Position::from_fen(fen, Rules::TASK).expect(fen);
        let mut names: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| san(&pos, m, notation))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn promotions_and_captures() {
        let names = all_san("3r3/2P4/7/k6/7/7/4K2 w", Notation::Czech);
        assert!(names.contains(&"c7D".to_owned()), "{names:?}");
        let names = all_san("3r3/2P4/7/k6/7/7/4K2 w", Notation::Czech);
        assert!(names.contains(&"cxd7D+".to_owned()), "{names:?}");
        assert!(names.contains(&"cxd7J".to_owned()), "{names:?}");
        let names = all_san("3r3/2P4/7/k6/7/7/4K2 w", Notation::English);
        assert!(names.contains(&"cxd7=Q+".to_owned()), "{names:?}");
        assert!(names.contains(&"c7=N".to_owned()), "{names:?}");
    }

    #[test]
    fn disambiguation_and_mate() {
        // Rooks on a1 and g1 can both reach d1; mate on the back rank.
        let names = all_san("3k3/7/3K3/7/7/7/R5R w", Notation::English);
        assert!(names.contains(&"Rad1".to_owned()), "{names:?}");
        assert!(names.contains(&"Rgd1".to_owned()), "{names:?}");
        assert!(names.contains(&"Ra7#".to_owned()), "{names:?}");
        assert!(names.contains(&"Rg7#".to_owned()), "{names:?}");
        // Rooks on a1 and a3 can both reach a2: the rank decides.
        let names = all_san("3k3/7/3K3/7/R6/7/R6 w", Notation::Czech);
        assert!(names.contains(&"V1a2".to_owned()), "{names:?}");
        assert!(names.contains(&"V3a2".to_owned()), "{names:?}");
    }

    #[test]
    fn en_passant_names_the_file() {
        let names = all_san("k6/7/7/3pP2/7/7/K6 w - d5", Notation::Czech);
        assert!(names.contains(&"exd5".to_owned()), "{names:?}");
    }
}
