//! The 7-rank FEN: `placement turn [castling [ep [halfmove [fullmove]]]]`.
//!
//! The placement lists ranks 7 to 1 separated by `/`, each rank files a to g: a piece letter
//! (`KQRBNP` White, `kqrbnp` Black) or a digit 1–7 for that many empty squares. The side to move
//! (`w` or `b`) is required; the other fields are optional. Castling must be `-` (there is none on
//! this board). The clocks are checked to be whole numbers from 0 to 4294967295 (`u32`, as in
//! chess-core) and otherwise ignored.
//!
//! Printing writes four fields, `placement turn - ep` (the en passant square or `-`): a
//! [`Position`] keeps no clocks.
//!
//! ```
//! use small_board::{Position, Rules, Square};
//!
//! let pos = Position::from_fen("5k1/2P2r1/3K3/7/5R1/7/7 w", Rules::TASK)?;
//! assert_eq!(pos.piece_at(Square::C6).map(|p| p.char()), Some('P'));
//! assert_eq!(pos.to_string(), "5k1/2P2r1/3K3/7/5R1/7/7 w - -");
//! # Ok::<_, small_board::FenError>(())
//! ```

use std::{error::Error, fmt, str::FromStr};

use crate::{
    board::Board,
    position::{Position, PositionError, Rules, Setup},
    types::{Color, File, Piece, Rank, Square},
};

/// A FEN that is not well formed. The messages name the field (and rank) at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// Nothing but whitespace.
    Empty,
    /// The placement does not have 7 ranks (how many it has).
    RankCount(usize),
    /// A rank does not describe 7 squares.
    RankWidth {
        /// The rank, counted as on the board (the first one written is rank 7).
        rank: Rank,
        /// How many squares it describes.
        squares: u32,
    },
    /// A character that is neither a piece letter nor a digit 1–7.
    BadChar {
        /// The rank it is on.
        rank: Rank,
        /// The character.
        char: char,
    },
    /// The side to move is missing.
    MissingTurn,
    /// The side to move is not `w` or `b`.
    Turn(String),
    /// The castling field is not `-`.
    Castling(String),
    /// The en passant field is not `-` or a square.
    EpSquare(String),
    /// A clock field is not a whole number from 0 to `u32::MAX`.
    Clock {
        /// `halfmove clock` or `fullmove number`.
        field: &'static str,
        /// The text.
        text: String,
    },
    /// More than six fields.
    TooManyFields(usize),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => write!(f, "FEN is empty"),
            ParseFenError::RankCount(1) => write!(f, "FEN has 1 rank, expected 7"),
            ParseFenError::RankCount(n) => write!(f, "FEN has {n} ranks, expected 7"),
            ParseFenError::RankWidth { rank, squares } => {
                write!(f, "FEN rank {rank} has {squares} squares, expected 7")
            }
            ParseFenError::BadChar { rank, char } => write!(
                f,
                "FEN rank {rank}: {char:?} is not a piece letter (KQRBNP, kqrbnp) or a digit 1-7"
            ),
            ParseFenError::MissingTurn => write!(f, "FEN has no side to move (w or b)"),
            ParseFenError::Turn(text) => {
                write!(f, "FEN side to move {text:?} is not w or b")
            }
            ParseFenError::Castling(text) => write!(
                f,
                "FEN castling field {text:?} is not \"-\" (there is no castling on the 7x7 board)"
            ),
            ParseFenError::EpSquare(text) => write!(
                f,
                "FEN en passant field {text:?} is not \"-\" or a square a1-g7"
            ),
            ParseFenError::Clock { field, text } => {
                write!(
                    f,
                    "FEN {field} {text:?} is not a whole number from 0 to {}",
                    u32::MAX
                )
            }
            ParseFenError::TooManyFields(n) => {
                write!(f, "FEN has {n} fields, expected at most 6")
            }
        }
    }
}

impl Error for ParseFenError {}

/// A FEN that is malformed, or well formed but not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The FEN describes an illegal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl Error for FenError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            FenError::Parse(e) => Some(e),
            FenError::Position(e) => Some(e),
        }
    }
}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Parses the placement field (ranks 7 to 1).
///
/// # Errors
///
/// [`ParseFenError`] for a wrong number of ranks, a rank that is not 7 squares wide, or a
/// character that is neither a piece nor a digit 1–7.
pub fn parse_placement(text: &str) -> Result<Board, ParseFenError> {
    if text.is_empty() {
        return Err(ParseFenError::Empty);
    }
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 7 {
        return Err(ParseFenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (rank, row) in Rank::ALL.iter().rev().zip(ranks) {
        let mut squares: u32 = 0;
        let mut placed = Vec::new();
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=7).contains(n)) {
                squares = squares.saturating_add(n);
            } else if let Some(piece) = Piece::from_char(c) {
                placed.push((squares, piece));
                squares = squares.saturating_add(1);
            } else {
                return Err(ParseFenError::BadChar {
                    rank: *rank,
                    char: c,
                });
            }
        }
        if squares != 7 {
            return Err(ParseFenError::RankWidth {
                rank: *rank,
                squares,
            });
        }
        for (file, piece) in placed {
            if let Some(file) = File::new(file) {
                board.set_piece_at(Square::from_coords(file, *rank), piece);
            }
        }
    }
    Ok(board)
}

/// The placement field of `board` (ranks 7 to 1).
pub fn placement(board: &Board) -> String {
    let mut out = String::with_capacity(64);
    for (i, rank) in Rank::ALL.iter().rev().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for file in File::ALL {
            match board.piece_at(Square::from_coords(file, *rank)) {
                Some(piece) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out
}

impl Setup {
    /// Parses a 7-rank FEN (see the [module docs](crate::fen)).
    ///
    /// # Errors
    ///
    /// [`ParseFenError`] naming the field at fault.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let Some(placement) = fields.first() else {
            return Err(ParseFenError::Empty);
        };
        if fields.len() > 6 {
            return Err(ParseFenError::TooManyFields(fields.len()));
        }
        let board = parse_placement(placement)?;
        let turn = match fields.get(1) {
            None => return Err(ParseFenError::MissingTurn),
            Some(text) => {
                let mut chars = text.chars();
                match (chars.next().and_then(Color::from_char), chars.next()) {
                    (Some(color), None) => color,
                    _ => return Err(ParseFenError::Turn((*text).to_owned())),
                }
            }
        };
        if let Some(&text) = fields.get(2).filter(|&&t| t != "-") {
            return Err(ParseFenError::Castling(text.to_owned()));
        }
        let ep_square = match fields.get(3) {
            None | Some(&"-") => None,
            Some(text) => Some(
                text.parse::<Square>()
                    .map_err(|_| ParseFenError::EpSquare((*text).to_owned()))?,
            ),
        };
        for (index, field) in [(4, "halfmove clock"), (5, "fullmove number")] {
            // Digits only: `u32`'s parser would take a sign (`+5`).
            if let Some(text) = fields.get(index)
                && (!text.bytes().all(|b| b.is_ascii_digit()) || text.parse::<u32>().is_err())
            {
                return Err(ParseFenError::Clock {
                    field,
                    text: (*text).to_owned(),
                });
            }
        }
        Ok(Setup {
            board,
            turn,
            ep_square,
        })
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Display for Setup {
    /// `placement turn - ep`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} - ", placement(&self.board), self.turn.char())?;
        match self.ep_square {
            Some(sq) => write!(f, "{sq}"),
            None => write!(f, "-"),
        }
    }
}

impl Position {
    /// Parses a 7-rank FEN and checks the position.
    ///
    /// # Errors
    ///
    /// [`FenError::Parse`] for a malformed FEN, [`FenError::Position`] for an illegal position.
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?, rules)?)
    }

    /// The FEN: `placement turn - ep`.
    pub fn fen(&self) -> String {
        self.to_string()
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Parses a FEN under the task's rules ([`Rules::TASK`]).
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s, Rules::TASK)
    }
}

impl fmt::Display for Position {
    /// The FEN: `placement turn - ep`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        match Position::from_fen(fen, Rules::TASK) {
            Ok(pos) => panic!("{fen:?} parsed as {pos}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn messages() {
        assert_eq!(err(""), "FEN is empty");
        assert_eq!(err("7/7/7 w"), "FEN has 3 ranks, expected 7");
        assert_eq!(
            err("5k1/5r1/2P4/3K4/7/5R1/7 w"),
            "FEN rank 4 has 8 squares, expected 7"
        );
        assert_eq!(
            err("5k1/5r1/2P4/3K3/7/5X1/7 w"),
            "FEN rank 2: 'X' is not a piece letter (KQRBNP, kqrbnp) or a digit 1-7"
        );
        assert_eq!(
            err("5k1/5r1/2P4/3K3/7/5R1/7"),
            "FEN has no side to move (w or b)"
        );
        assert_eq!(
            err("5k1/5r1/2P4/3K3/7/5R1/7 x"),
            "FEN side to move \"x\" is not w or b"
        );
        assert_eq!(
            err("5k1/2P2r1/3K3/7/5R1/7/7 w KQ"),
            "FEN castling field \"KQ\" is not \"-\" (there is no castling on the 7x7 board)"
        );
        assert_eq!(
            err("5k1/2P2r1/3K3/7/5R1/7/7 w - h3"),
            "FEN en passant field \"h3\" is not \"-\" or a square a1-g7"
        );
        assert_eq!(
            err("5k1/2P2r1/3K3/7/5R1/7/7 w - - x"),
            "FEN halfmove clock \"x\" is not a whole number from 0 to 4294967295"
        );
        // Issue 16: a clock too large is refused as such (chess-core's rule), not clamped.
        assert_eq!(
            err("5k1/2P2r1/3K3/7/5R1/7/7 w - - 0 4294967296"),
            "FEN fullmove number \"4294967296\" is not a whole number from 0 to 4294967295"
        );
        assert_eq!(
            err("5k1/2P2r1/3K3/7/5R1/7/7 w - - +5 1"),
            "FEN halfmove clock \"+5\" is not a whole number from 0 to 4294967295"
        );
        assert_eq!(
            err("5k1/2P2r1/3K3/7/5R1/7/7 w - - 0 1 z"),
            "FEN has 7 fields, expected at most 6"
        );
        assert_eq!(
            err("5k1/7/3K3/7/5R1/7/7 w"),
            "illegal position: Black is in check but White is to move"
        );
        assert_eq!(
            err("7/7/7/3K3/7/7/7 w"),
            "illegal position: Black has no king"
        );
        assert_eq!(
            err("2P4/7/7/3K3/7/7/k6 w"),
            "illegal position: pawn on c7: pawns cannot stand on rank 1 or 7"
        );
        assert_eq!(
            err("7/7/7/3Kk2/7/7/7 w"),
            "illegal position: the kings on d4 and e4 stand next to each other"
        );
        assert_eq!(
            err("k6/7/7/3K3/7/7/7 w - c5"),
            "illegal position: en passant square c5 does not follow a double step of a pawn"
        );
    }

    #[test]
    fn round_trip() {
        for fen in [
            "5k1/2P2r1/3K3/7/5R1/7/7 w - -",
            "k6/7/7/3pP2/7/7/K6 w - d5",
            "7/1k5/7/2pP3/7/1K5/7 b - -",
        ] {
            let pos: Position = fen.parse().expect(fen);
            assert_eq!(pos.to_string(), fen);
        }
    }
}
