//! FEN placement fields (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`) and full FENs, parsed with
//! errors that name the rank and the character at fault.
//!
//! Ranks are named as on the board: the first `/`-separated group is rank 8, the last rank 1.

use std::{error::Error, fmt};

use shakmaty::{Board, File, Piece, Rank, Setup, Square, fen::Fen};

/// Why a placement field could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePlacementError {
    /// Nothing to parse.
    Empty,
    /// The field does not have exactly 8 `/`-separated ranks.
    RankCount(usize),
    /// A rank (named 1..=8) does not describe exactly 8 squares.
    SquareCount {
        /// The rank, 1..=8.
        rank: u32,
        /// How many squares it describes.
        squares: u32,
    },
    /// A character that is neither a piece letter nor a digit 1–8.
    UnexpectedChar {
        /// The character.
        ch: char,
        /// The rank, 1..=8.
        rank: u32,
    },
}

impl fmt::Display for ParsePlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParsePlacementError::Empty => f.write_str("FEN placement is empty"),
            ParsePlacementError::RankCount(1) => f.write_str("FEN has 1 rank, expected 8"),
            ParsePlacementError::RankCount(n) => write!(f, "FEN has {n} ranks, expected 8"),
            ParsePlacementError::SquareCount { rank, squares } => {
                write!(f, "FEN rank {rank} has {squares} squares, expected 8")
            }
            ParsePlacementError::UnexpectedChar { ch, rank } => {
                write!(f, "unexpected character {ch:?} in rank {rank}")
            }
        }
    }
}

impl Error for ParsePlacementError {}

/// Parses a FEN placement field into a board.
///
/// Digits `1`–`8` stand for empty squares (consecutive digits add up); `PNBRQK` are White's pieces,
/// `pnbrqk` Black's. The board is not judged: any number of kings, pawns on the back rank and so on
/// are fine.
///
/// # Errors
///
/// [`ParsePlacementError`] when the field is empty, has other than 8 ranks, a rank other than 8
/// squares, or a character that is not a piece letter or a digit 1–8.
///
/// # Examples
///
/// ```
/// use chess_core::placement::parse_placement;
///
/// let err = parse_placement("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR").unwrap_err();
/// assert_eq!(err.to_string(), "unexpected character '9' in rank 6");
/// ```
pub fn parse_placement(field: &str) -> Result<Board, ParsePlacementError> {
    if field.is_empty() {
        return Err(ParsePlacementError::Empty);
    }
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParsePlacementError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (row, text) in ranks.iter().enumerate() {
        let rank_number = 8 - row as u32;
        let rank = Rank::new(rank_number - 1);
        let mut squares = 0u32;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                squares += d;
            } else if let Some(piece) = Piece::from_char(ch) {
                if squares < 8 {
                    board.set_piece_at(Square::from_coords(File::new(squares), rank), piece);
                }
                squares += 1;
            } else {
                return Err(ParsePlacementError::UnexpectedChar {
                    ch,
                    rank: rank_number,
                });
            }
        }
        if squares != 8 {
            return Err(ParsePlacementError::SquareCount {
                rank: rank_number,
                squares,
            });
        }
    }
    Ok(board)
}

/// Why a FEN (or a bare placement) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The placement field is malformed.
    Placement(ParsePlacementError),
    /// The fields after the placement are malformed (side to move, castling, en passant, clocks).
    Fields {
        /// The fields as given, after the placement.
        fields: String,
        /// shakmaty's description of the problem.
        source: shakmaty::fen::ParseFenError,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Placement(err) => err.fmt(f),
            ParseFenError::Fields { fields, source } => {
                let what = source.to_string();
                let what = what.strip_suffix(" in fen").unwrap_or(&what);
                write!(f, "FEN fields {fields:?}: {what}")
            }
        }
    }
}

impl Error for ParseFenError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseFenError::Placement(err) => Some(err),
            ParseFenError::Fields { source, .. } => Some(source),
        }
    }
}

impl From<ParsePlacementError> for ParseFenError {
    fn from(err: ParsePlacementError) -> Self {
        ParseFenError::Placement(err)
    }
}

/// A placement field alone, or a full FEN with the fields after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedFen {
    /// Only the placement was given; side to move, castling and en passant are unknown.
    Placement(Board),
    /// A full FEN (missing trailing fields take their defaults).
    Full(Setup),
}

impl ParsedFen {
    /// The board, whichever form was given.
    pub fn board(&self) -> &Board {
        match self {
            ParsedFen::Placement(board) => board,
            ParsedFen::Full(setup) => &setup.board,
        }
    }

    /// Consumes the value and returns its board.
    pub fn into_board(self) -> Board {
        match self {
            ParsedFen::Placement(board) => board,
            ParsedFen::Full(setup) => setup.board,
        }
    }
}

/// Parses a placement field, or a full FEN when the text has fields after the placement.
///
/// Leading and trailing whitespace is ignored; fields are separated by whitespace.
///
/// # Errors
///
/// [`ParseFenError::Placement`] for a malformed placement, [`ParseFenError::Fields`] when the
/// fields after it are malformed.
///
/// # Examples
///
/// ```
/// use chess_core::placement::{ParsedFen, parse_fen};
/// use shakmaty::Color;
///
/// let ParsedFen::Full(setup) = parse_fen("8/8/8/4k3/8/8/8/4K3 b - - 0 1")? else { panic!() };
/// assert_eq!(setup.turn, Color::Black);
/// # Ok::<_, chess_core::placement::ParseFenError>(())
/// ```
pub fn parse_fen(text: &str) -> Result<ParsedFen, ParseFenError> {
    let text = text.trim();
    let (field, rest) = match text.split_once(char::is_whitespace) {
        Some((field, rest)) => (field, rest.trim_start()),
        None => (text, ""),
    };
    let board = parse_placement(field)?;
    if rest.is_empty() {
        return Ok(ParsedFen::Placement(board));
    }
    let normalized: Vec<&str> = rest.split_whitespace().collect();
    let fen = Fen::from_ascii(format!("8/8/8/8/8/8/8/8 {}", normalized.join(" ")).as_bytes())
        .map_err(|source| ParseFenError::Fields {
            fields: rest.to_owned(),
            source,
        })?;
    let mut setup = fen.into_setup();
    setup.board = board;
    Ok(ParsedFen::Full(setup))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(field: &str) -> String {
        match parse_placement(field) {
            Ok(board) => panic!("{field:?} parsed as {board:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn start_position() {
        assert_eq!(
            parse_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Ok(Board::new())
        );
    }

    #[test]
    fn every_error_message() {
        assert_eq!(err(""), "FEN placement is empty");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
            "FEN has 7 ranks, expected 8"
        );
        assert_eq!(err("8"), "FEN has 1 rank, expected 8");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8"),
            "FEN has 9 ranks, expected 8"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR"),
            "FEN rank 6 has 9 squares, expected 8"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR"),
            "FEN rank 3 has 7 squares, expected 8"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/x7/PPPPPPPP/RNBQKBNR"),
            "unexpected character 'x' in rank 3"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0"),
            "unexpected character '0' in rank 1"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"),
            "unexpected character ' ' in rank 1"
        );
    }

    #[test]
    fn digits_add_up() {
        assert_eq!(
            parse_placement("44/8/8/8/8/8/8/8"),
            parse_placement("8/8/8/8/8/8/8/8")
        );
    }

    #[test]
    fn full_fen_keeps_fields() {
        let parsed =
            parse_fen(" rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 ").unwrap();
        let ParsedFen::Full(setup) = parsed else {
            panic!("expected a full FEN")
        };
        assert_eq!(setup.ep_square, Some(Square::E3));
        assert_eq!(setup.turn, shakmaty::Color::Black);
        assert_eq!(
            setup.board.piece_at(Square::E4),
            Some(Piece::from_char('P').unwrap())
        );
    }

    #[test]
    fn bad_fields_are_named() {
        assert_eq!(
            parse_fen("8/8/8/8/8/8/8/8 x").unwrap_err().to_string(),
            "FEN fields \"x\": invalid turn part"
        );
    }

    #[test]
    fn placement_round_trips() {
        for field in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7",
            "8/8/8/8/8/8/8/8",
        ] {
            let board = parse_placement(field).unwrap();
            assert_eq!(board.board_fen().to_string(), field);
        }
    }
}
