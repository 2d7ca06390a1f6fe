//! One case: a position (placement field or full FEN) and a move, read from a line such as
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR, g1f3`.
//!
//! The move is the last field; the fields before it (separated by whitespace and/or a comma) are
//! the position. One field before the move is a placement; more make a full FEN.
//!
//! Placement fields and move tokens are `chess-core`'s notation, read there (by fast paths that
//! allocate nothing, with the precise error computed only for what they refuse).

use std::{error::Error, fmt};

use chess_core::{
    placement::{ParseFenError, ParsedFen, parse_fen, parse_placement},
    token::{ParseUciError, UciToken},
};
use toolkit_cli::Quoted;

/// A position and a move, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The placement, or the full FEN.
    pub position: ParsedFen,
    /// The move.
    pub token: UciToken,
}

/// Why a line is not a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCaseError {
    /// Only one field: the position or the move is missing.
    MissingField {
        /// The line as given.
        input: String,
    },
    /// The position is malformed.
    Position(ParseFenError),
    /// The move is malformed.
    Move(ParseUciError),
}

impl fmt::Display for ParseCaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCaseError::MissingField { input } => write!(
                f,
                "expected a placement and a move (like \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\"), found {}",
                Quoted(input)
            ),
            ParseCaseError::Position(err) => err.fmt(f),
            ParseCaseError::Move(err) => err.fmt(f),
        }
    }
}

impl Error for ParseCaseError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseCaseError::MissingField { .. } => None,
            ParseCaseError::Position(err) => Some(err),
            ParseCaseError::Move(err) => Some(err),
        }
    }
}

/// Whether `c` separates a case's fields: whitespace or a comma.
pub fn is_separator(c: char) -> bool {
    c == ',' || c.is_whitespace()
}

impl Case {
    /// Reads a case from a line (without its line break).
    ///
    /// # Errors
    ///
    /// [`ParseCaseError`] when the line has a single field, or the position or the move is
    /// malformed.
    ///
    /// # Examples
    ///
    /// ```
    /// use atomic::case::Case;
    ///
    /// let case = Case::from_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR, g1f3")?;
    /// assert_eq!(case.token.to_string(), "g1f3");
    /// # Ok::<_, atomic::case::ParseCaseError>(())
    /// ```
    pub fn from_line(line: &str) -> Result<Case, ParseCaseError> {
        let line = line.trim_matches(is_separator);
        let Some((position, token)) = line.rsplit_once(is_separator) else {
            return Err(ParseCaseError::MissingField {
                input: line.to_owned(),
            });
        };
        let position = position.trim_end_matches(is_separator);
        let token = token.parse().map_err(ParseCaseError::Move)?;
        // A placement alone is the common case: tried first, so that only full FENs (and bad
        // positions) pay for looking for their fields.
        let position = match parse_placement(position) {
            Ok(board) => Ok(ParsedFen::Placement(board)),
            Err(_) if position.contains(char::is_whitespace) => {
                parse_fen(&position.replace(',', " "))
            }
            Err(err) => Err(ParseFenError::from(err)),
        };
        Ok(Case {
            position: position.map_err(ParseCaseError::Position)?,
            token,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators() {
        let want = Case::from_line("8/8/8/4k3/8/8/8/4K3 e1e2").unwrap();
        for line in [
            "8/8/8/4k3/8/8/8/4K3, e1e2",
            "8/8/8/4k3/8/8/8/4K3,e1e2",
            "  8/8/8/4k3/8/8/8/4K3 ,\te1e2  ",
            "8/8/8/4k3/8/8/8/4K3 , e1e2,",
        ] {
            assert_eq!(Case::from_line(line), Ok(want.clone()), "{line:?}");
        }
    }

    #[test]
    fn full_fen() {
        let case = Case::from_line("8/8/8/4k3/8/8/8/4K3 b - - 3 40, e5e4").unwrap();
        let ParsedFen::Full(setup) = case.position else {
            panic!("expected a full FEN")
        };
        assert_eq!(setup.halfmoves, 3);
    }

    #[test]
    fn errors() {
        let err = |line: &str| Case::from_line(line).unwrap_err().to_string();
        assert_eq!(
            err("8/8/8/4k3/8/8/8/4K3"),
            "expected a placement and a move (like \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\"), found \"8/8/8/4k3/8/8/8/4K3\""
        );
        assert_eq!(
            err("8/8/8/4k3/8/8/8/4K3 e9e4"),
            "move \"e9e4\": \"e9\" is not a square (expected a file a-h and a rank 1-8, like e4)"
        );
        assert_eq!(
            err("8/8/8/4k3/8/8/8/4K2 e1e2"),
            "FEN rank 1 has 7 squares, expected 8"
        );
    }

    /// Issue 16, defect 8: a huge bad token is cut in the message, not echoed whole.
    #[test]
    fn atomic_long_token_is_cut() {
        let token = "x".repeat(10 << 20);
        let err = Case::from_line(&format!("8/8/8/4k3/8/8/8/4K3 {token}"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "move \"{}...\" is not two squares and an optional promotion letter, like e2e4 or e7e8q",
                "x".repeat(60)
            )
        );
        let err = Case::from_line(&token).unwrap_err().to_string();
        assert!(
            err.ends_with(&format!("found \"{}...\"", "x".repeat(60))),
            "{err}"
        );
    }
}
