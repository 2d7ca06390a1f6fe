//! One case: a position (placement field or full FEN) and a move, read from a line such as
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR, g1f3`.
//!
//! The move is the last field; the fields before it (separated by whitespace and/or a comma) are
//! the position. One field before the move is a placement; more make a full FEN.
//!
//! Placement fields and move tokens are read by a fast path that allocates nothing; anything it
//! does not accept goes to `chess-core`'s parsers, which give the error (and agree with the fast
//! path on everything else, see the tests).

use std::{error::Error, fmt};

use chess_core::{
    placement::{ParseFenError, ParsedFen, parse_fen},
    token::{ParseUciError, UciToken},
};
use shakmaty::{Bitboard, Board, ByColor, ByRole, File, Rank, Role, Square};

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
                "expected a placement and a move (like \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\"), found {input:?}"
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

fn is_separator(c: char) -> bool {
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
        let token = parse_token(token).map_err(ParseCaseError::Move)?;
        let position = match parse_placement_fast(position.as_bytes()) {
            Some(board) => ParsedFen::Placement(board),
            None if position.contains(char::is_whitespace) => {
                parse_fen(&position.replace(',', " ")).map_err(ParseCaseError::Position)?
            }
            None => parse_fen(position).map_err(ParseCaseError::Position)?,
        };
        Ok(Case { position, token })
    }
}

/// A move token: `e2e4`, `e7e8q` (promotion letter in either case).
///
/// # Errors
///
/// `chess-core`'s [`ParseUciError`].
pub fn parse_token(text: &str) -> Result<UciToken, ParseUciError> {
    fast_token(text.as_bytes()).map_or_else(|| text.parse(), Ok)
}

fn fast_token(bytes: &[u8]) -> Option<UciToken> {
    let square = |f: u8, r: u8| {
        let file = f.checked_sub(b'a').filter(|&f| f < 8)?;
        let rank = r.checked_sub(b'1').filter(|&r| r < 8)?;
        Some(Square::from_coords(
            File::new(u32::from(file)),
            Rank::new(u32::from(rank)),
        ))
    };
    let (from, to) = match bytes {
        [a, b, c, d] | [a, b, c, d, _] => (square(*a, *b)?, square(*c, *d)?),
        _ => return None,
    };
    let promotion = match bytes.get(4).map(u8::to_ascii_lowercase) {
        None => None,
        Some(b'q') => Some(Role::Queen),
        Some(b'r') => Some(Role::Rook),
        Some(b'b') => Some(Role::Bishop),
        Some(b'n') => Some(Role::Knight),
        Some(_) => return None,
    };
    Some(UciToken {
        from,
        to,
        promotion,
    })
}

/// Reads a placement field without allocating; `None` for anything `chess-core`'s
/// [`parse_placement`](chess_core::placement::parse_placement) would refuse.
pub fn parse_placement_fast(field: &[u8]) -> Option<Board> {
    // Branch-free over the bytes: `pos` counts squares in reading order (a8 = 0 .. h1 = 63, the
    // square is `pos ^ 56`); each `/` must come exactly after 8 more squares; any other byte
    // that is not a piece letter or a digit 1-8 marks the field bad.
    let mut pieces = [0u64; 13];
    let mut pos = 0u32;
    let mut ranks_end = 8u32;
    let mut bad = false;
    for &byte in field {
        let class = CLASS[usize::from(byte)];
        pieces[usize::from(class.piece)] |= 1 << ((pos ^ 56) & 63);
        pos += u32::from(class.advance);
        bad |= class.invalid | (class.slash & (pos != ranks_end));
        ranks_end += 8 * u32::from(class.slash);
    }
    if bad || pos != 64 || ranks_end != 64 {
        return None;
    }
    let by_role = ByRole::new_with(|role| {
        let i = usize::from(role as u8) - 1;
        Bitboard(pieces[i] | pieces[i + 6])
    });
    let white = pieces[..6].iter().fold(0, |all, bb| all | bb);
    let black = pieces[6..12].iter().fold(0, |all, bb| all | bb);
    Board::try_from_bitboards(
        by_role,
        ByColor {
            white: Bitboard(white),
            black: Bitboard(black),
        },
    )
    .ok()
}

/// What one byte of a placement field does.
#[derive(Clone, Copy)]
struct ByteClass {
    /// Piece index (`PNBRQK` = 0..6, `pnbrqk` = 6..12), or 12 (a scratch slot) for the rest.
    piece: u8,
    /// Squares it covers: 1 for a piece, the digit's value, 0 otherwise.
    advance: u8,
    /// Whether it is `/`.
    slash: bool,
    /// Whether it is none of piece letter, digit 1-8 or `/`.
    invalid: bool,
}

/// [`ByteClass`] of every byte.
static CLASS: [ByteClass; 256] = {
    let mut class = [ByteClass {
        piece: 12,
        advance: 0,
        slash: false,
        invalid: true,
    }; 256];
    let mut digit = 1;
    while digit <= 8 {
        class[(b'0' + digit) as usize] = ByteClass {
            piece: 12,
            advance: digit,
            slash: false,
            invalid: false,
        };
        digit += 1;
    }
    class[b'/' as usize] = ByteClass {
        piece: 12,
        advance: 0,
        slash: true,
        invalid: false,
    };
    let letters = *b"PNBRQKpnbrqk";
    let mut i = 0;
    while i < 12 {
        class[letters[i] as usize] = ByteClass {
            piece: i as u8,
            advance: 1,
            slash: false,
            invalid: false,
        };
        i += 1;
    }
    class
};

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::placement::parse_placement;

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

    #[test]
    fn fast_placement_agrees_with_core() {
        for field in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "44/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8",
            "9/8/8/8/8/8/8/8",
            "p7p/8/8/8/8/8/8/8",
            "",
            "0/8/8/8/8/8/8/8",
        ] {
            assert_eq!(
                parse_placement_fast(field.as_bytes()),
                parse_placement(field).ok(),
                "{field:?}"
            );
        }
    }
}
