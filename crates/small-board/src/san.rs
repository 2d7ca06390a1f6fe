//! Standard algebraic notation in Czech (`Vxf6+`, `c7D+`, `cxd7J`) or English (`Rxf6+`,
//! `c7=Q+`, `cxd7=N`), and the piece-on-square tokens of problem statements (`Kd5`, `Vf3`, `c6`).
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
//!
//! A [`RoleSquare`] is a piece's letter and its square with nothing between (`Kd5`; a pawn is its
//! square alone, `c6`), as problem statements list a position's pieces.

use std::{error::Error, fmt};

use crate::{
    moves::Move,
    position::Position,
    types::{ParseSquareError, Role, Square},
};

/// Which letters and promotion style to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `K D V S J`, promotion `c7D`.
    Czech,
    /// `K Q R B N`, promotion `c7=Q`.
    English,
}

impl Notation {
    /// The letter of `role` (upper case; SAN writes none for a pawn, whose letter here is `P`).
    fn letter(self, role: Role) -> char {
        match self {
            Notation::Czech => role.czech_char(),
            Notation::English => role.upper_char(),
        }
    }

    /// The piece a SAN letter names: `K D V S J` in Czech, `K Q R B N` in English. No letter
    /// names a pawn.
    ///
    /// # Examples
    ///
    /// ```
    /// use small_board::{Notation, Role};
    ///
    /// assert_eq!(Notation::Czech.role_from_char('V'), Some(Role::Rook));
    /// assert_eq!(Notation::English.role_from_char('V'), None);
    /// assert_eq!(Notation::Czech.role_from_char('P'), None);
    /// ```
    pub fn role_from_char(self, c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&role| role != Role::Pawn && self.letter(role) == c)
    }
}

/// A piece's role and square as problem statements write them: the SAN letter, then the square
/// (`Kd5`, `Vf3` in Czech, `Rf3` in English), a pawn its square alone (`c6`). Whose piece it is
/// the statement tells otherwise (by order, in the endgame task's input).
///
/// # Examples
///
/// ```
/// use small_board::{Notation, Role, RoleSquare, Square};
///
/// let rook = RoleSquare::parse("Vf3", Notation::Czech)?;
/// assert_eq!(rook, RoleSquare { role: Role::Rook, square: Square::F3 });
/// assert_eq!(rook.name(Notation::English), "Rf3");
/// assert_eq!(RoleSquare::parse("c6", Notation::Czech)?.role, Role::Pawn);
/// assert!(RoleSquare::parse("Vh3", Notation::Czech).unwrap_err().is_off_board());
/// # Ok::<_, small_board::ParseRoleSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoleSquare {
    /// The piece's role.
    pub role: Role,
    /// Its square.
    pub square: Square,
}

impl RoleSquare {
    /// Parses a token such as `Kd5` or `c6`: an upper-case first letter is the piece's, anything
    /// else starts the square of a pawn.
    ///
    /// # Errors
    ///
    /// [`ParseRoleSquareError`]: the letter names no piece in `notation`, or the rest is no
    /// square of the 7x7 board.
    pub fn parse(text: &str, notation: Notation) -> Result<RoleSquare, ParseRoleSquareError> {
        let error = |kind| ParseRoleSquareError {
            input: text.to_owned(),
            kind,
        };
        let (role, square) = match text.chars().next() {
            Some(c) if c.is_ascii_uppercase() => (
                notation
                    .role_from_char(c)
                    .ok_or_else(|| error(RoleSquareErrorKind::Letter))?,
                &text[1..],
            ),
            _ => (Role::Pawn, text),
        };
        match square.parse::<Square>() {
            Ok(square) => Ok(RoleSquare { role, square }),
            Err(err) => Err(error(RoleSquareErrorKind::Square(err))),
        }
    }

    /// The token: the role's letter in `notation` (none for a pawn), then the square.
    pub fn name(self, notation: Notation) -> String {
        match self.role {
            Role::Pawn => self.square.to_string(),
            role => format!("{}{}", notation.letter(role), self.square),
        }
    }
}

/// A token that is not a piece letter and a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRoleSquareError {
    /// The token as given.
    pub input: String,
    /// What is wrong with it.
    pub kind: RoleSquareErrorKind,
}

/// What is wrong with a piece-on-square token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoleSquareErrorKind {
    /// The upper-case first letter names no piece.
    Letter,
    /// What follows the letter is not a square of the 7x7 board.
    Square(ParseSquareError),
}

impl ParseRoleSquareError {
    /// Whether the token is well formed but its square lies off the 7x7 board (`Vh3`, `Ka8`):
    /// see [`ParseSquareError::is_off_board`].
    pub fn is_off_board(&self) -> bool {
        matches!(&self.kind, RoleSquareErrorKind::Square(err) if err.is_off_board())
    }
}

impl fmt::Display for ParseRoleSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_off_board() {
            write!(
                f,
                "{:?}: the square is off the 7x7 board (a1-g7)",
                self.input
            )
        } else {
            write!(
                f,
                "{:?} is not a piece: expected a piece letter (none for a pawn) and a square",
                self.input
            )
        }
    }
}

impl Error for ParseRoleSquareError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.kind {
            RoleSquareErrorKind::Letter => None,
            RoleSquareErrorKind::Square(err) => Some(err),
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
    fn role_squares_round_trip_in_both_notations() {
        for notation in [Notation::Czech, Notation::English] {
            for role in Role::ALL {
                for square in Square::all() {
                    let token = RoleSquare { role, square };
                    let name = token.name(notation);
                    assert_eq!(RoleSquare::parse(&name, notation), Ok(token), "{name}");
                }
            }
        }
        assert_eq!(
            RoleSquare::parse("Dd4", Notation::Czech).map(|t| t.role),
            Ok(Role::Queen)
        );
    }

    #[test]
    fn role_square_errors_tell_a_bad_token_from_an_off_board_square() {
        let kind = |text: &str| {
            let err = RoleSquare::parse(text, Notation::Czech).unwrap_err();
            (err.input.clone(), err.is_off_board())
        };
        for off in ["Vh3", "Ka8", "c0", "Sz99", "a9999999999999999999999"] {
            assert_eq!(kind(off), (off.to_owned(), true));
        }
        for bad in [
            "", "K", "Xc3", "Pc3", "Rc3", "Vc05", "Vc3x", "kc3", "é3", "V3c",
        ] {
            assert_eq!(kind(bad), (bad.to_owned(), false));
        }
        assert_eq!(
            RoleSquare::parse("Vh3", Notation::Czech)
                .unwrap_err()
                .to_string(),
            "\"Vh3\": the square is off the 7x7 board (a1-g7)"
        );
    }

    #[test]
    fn en_passant_names_the_file() {
        let names = all_san("k6/7/7/3pP2/7/7/K6 w - d5", Notation::Czech);
        assert!(names.contains(&"exd5".to_owned()), "{names:?}");
    }
}
