//! The three-line input: pieces in Czech notation, the side to move (`B`/`C`), the number of plies.
//!
//! ```text
//! Kd5 Vf3 c6 Kf7 Vf6      white king, white rook, white pawn, black king, black rook
//! B                       B = bílý (White), C = černý (Black)
//! 5                       plies to examine
//! ```
//!
//! The first `K` is White's king and the second Black's; a `V` (rook) before the second `K` is
//! White's, after it Black's. White may also have a `D` (queen) or a `J` (knight), the piece a pawn
//! became. White has at most one rook and at most one of pawn, queen and knight (the task's
//! material: one pawn that may have promoted); Black has at most one rook.

use std::{fmt, str::FromStr};

use small_board::{Board, Color, Piece, Position, PositionError, Role, Rules, Setup, Square};
use toolkit_cli::Report;

/// The largest number of plies accepted (the seed expects fewer than 50).
pub const MAX_PLIES: u32 = 250;

/// A parsed and validated input: the start position and the horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The start position, played under the task's rules (promotion to queen or knight).
    pub position: Position,
    /// N, the number of plies to examine.
    pub plies: u32,
}

/// Why the input is not a problem, with the line (1-based) it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseProblemError {
    /// The line the problem is on.
    pub line: usize,
    /// What is wrong.
    pub kind: ProblemErrorKind,
}

/// What is wrong with an input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemErrorKind {
    /// Fewer than three lines (the count found).
    MissingLines(usize),
    /// Text after the third line.
    ExtraText(String),
    /// Line 1 is empty.
    NoPieces,
    /// A token is not a piece letter (`K`, `V`, `D`, `J`, none for a pawn) and a square.
    BadPiece(String),
    /// A square outside a1–g7.
    OffBoard(String),
    /// Two pieces on one square.
    Occupied(String),
    /// A piece before White's king.
    BeforeWhiteKing(String),
    /// More than two kings.
    ExtraKing(String),
    /// Fewer than two kings (the count).
    MissingKing(usize),
    /// A piece Black cannot have (only a rook).
    BlackPiece(String),
    /// A second piece of a kind a side may have once.
    TooMany(String, &'static str),
    /// The position itself is illegal.
    Illegal(PositionError),
    /// Line 2 is not `B` or `C`.
    BadSide(String),
    /// Line 3 is not a number of plies.
    BadPlies(String),
    /// Line 3 is larger than [`MAX_PLIES`].
    TooManyPlies(u64),
}

impl fmt::Display for ParseProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ProblemErrorKind::*;
        if let MissingLines(found) = self.kind {
            return write!(
                f,
                "expected 3 lines (pieces, side to move, number of plies), found {found}"
            );
        }
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            MissingLines(_) => Ok(()),
            ExtraText(text) => write!(f, "unexpected text {text:?} after the three lines"),
            NoPieces => write!(f, "no pieces, expected e.g. \"Kd5 Vf3 c6 Kf7 Vf6\""),
            BadPiece(token) => write!(
                f,
                "{token:?} is not a piece: expected K, V, D or J (none for a pawn) and a square"
            ),
            OffBoard(token) => write!(f, "{token:?}: the square is off the 7x7 board (a1-g7)"),
            Occupied(square) => write!(f, "two pieces on {square}"),
            BeforeWhiteKing(token) => write!(
                f,
                "{token:?} comes before White's king; the order is white king, white pieces, black king, black rook"
            ),
            ExtraKing(token) => write!(f, "{token:?} is a third king, expected two"),
            MissingKing(found) => write!(
                f,
                "found {found} king(s), expected two: White's first, Black's second"
            ),
            BlackPiece(token) => write!(
                f,
                "{token:?} after Black's king: Black may only have a rook (V)"
            ),
            TooMany(token, what) => write!(f, "{token:?}: {what}"),
            Illegal(err) => write!(f, "illegal position: {}", lowercase_first(&err.to_string())),
            BadSide(text) => write!(f, "side to move {text:?} is not B (White) or C (Black)"),
            BadPlies(text) => write!(f, "number of plies {text:?} is not a non-negative integer"),
            TooManyPlies(n) => write!(f, "{n} plies is more than the {MAX_PLIES} supported"),
        }
    }
}

fn lowercase_first(text: &str) -> String {
    // The board errors name a colour first ("White has no king"); keep those capitalised.
    if text.starts_with("White") || text.starts_with("Black") {
        return text.to_owned();
    }
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

impl std::error::Error for ParseProblemError {}

impl Report for ParseProblemError {}

impl FromStr for Problem {
    type Err = ParseProblemError;

    /// Parses and validates the three-line input.
    fn from_str(text: &str) -> Result<Problem, ParseProblemError> {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let last = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(0, |i| i + 1);
        if last < 3 {
            return Err(err(last.max(1), ProblemErrorKind::MissingLines(last)));
        }
        if last > 3 {
            let extra = lines[3..last]
                .iter()
                .position(|l| !l.is_empty())
                .unwrap_or(0)
                + 3;
            return Err(err(
                extra + 1,
                ProblemErrorKind::ExtraText(lines[extra].to_owned()),
            ));
        }
        let board = parse_pieces(lines[0])?;
        let turn = match lines[1] {
            "B" => Color::White,
            "C" => Color::Black,
            other => return Err(err(2, ProblemErrorKind::BadSide(other.to_owned()))),
        };
        let plies = parse_plies(lines[2])?;
        let setup = Setup {
            board,
            turn,
            ep_square: None,
        };
        let position = Position::from_setup(setup, Rules::TASK).map_err(|e| {
            // The side to move is what makes an opposite check illegal; the rest is the placement.
            let line = if matches!(e, PositionError::OppositeCheck(_)) {
                2
            } else {
                1
            };
            err(line, ProblemErrorKind::Illegal(e))
        })?;
        Ok(Problem { position, plies })
    }
}

fn err(line: usize, kind: ProblemErrorKind) -> ParseProblemError {
    ParseProblemError { line, kind }
}

fn parse_plies(text: &str) -> Result<u32, ParseProblemError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(3, ProblemErrorKind::BadPlies(text.to_owned())));
    }
    match text.parse::<u64>() {
        Ok(n) if n <= u64::from(MAX_PLIES) => Ok(n as u32),
        Ok(n) => Err(err(3, ProblemErrorKind::TooManyPlies(n))),
        Err(_) => Err(err(3, ProblemErrorKind::TooManyPlies(u64::MAX))),
    }
}

fn parse_square(token: &str, text: &str) -> Result<Square, ParseProblemError> {
    let bytes = text.as_bytes();
    let bad = || err(1, ProblemErrorKind::BadPiece(token.to_owned()));
    if bytes.len() < 2
        || !bytes[0].is_ascii_lowercase()
        || !bytes[1..].iter().all(u8::is_ascii_digit)
    {
        return Err(bad());
    }
    let file = u32::from(bytes[0] - b'a');
    let rank: u32 = text[1..].parse().map_err(|_| bad())?;
    if file >= 7 || rank == 0 || rank > 7 {
        return Err(err(1, ProblemErrorKind::OffBoard(token.to_owned())));
    }
    Square::new((rank - 1) * 7 + file).ok_or_else(bad)
}

fn parse_pieces(line: &str) -> Result<Board, ParseProblemError> {
    let mut board = Board::empty();
    let mut kings = 0;
    if line.is_empty() {
        return Err(err(1, ProblemErrorKind::NoPieces));
    }
    for token in line.split_whitespace() {
        let (letter, square_text) = match token.chars().next() {
            Some(c) if c.is_ascii_uppercase() => (Some(c), &token[1..]),
            _ => (None, token),
        };
        let role = match letter {
            None => Role::Pawn,
            Some('K') => Role::King,
            Some('V') => Role::Rook,
            Some('D') => Role::Queen,
            Some('J') => Role::Knight,
            Some(_) => return Err(err(1, ProblemErrorKind::BadPiece(token.to_owned()))),
        };
        let square = parse_square(token, square_text)?;
        if role == Role::King {
            kings += 1;
            if kings > 2 {
                return Err(err(1, ProblemErrorKind::ExtraKing(token.to_owned())));
            }
        } else if kings == 0 {
            return Err(err(1, ProblemErrorKind::BeforeWhiteKing(token.to_owned())));
        } else if kings == 2 && role != Role::Rook {
            return Err(err(1, ProblemErrorKind::BlackPiece(token.to_owned())));
        }
        let color = if kings == 1 {
            Color::White
        } else {
            Color::Black
        };
        if board.piece_at(square).is_some() {
            return Err(err(1, ProblemErrorKind::Occupied(square.to_string())));
        }
        let limit = |what| Err(err(1, ProblemErrorKind::TooMany(token.to_owned(), what)));
        if role == Role::Rook && board.count(color, Role::Rook) > 0 {
            return limit("a side has at most one rook");
        }
        let promotable = [Role::Pawn, Role::Queen, Role::Knight];
        if promotable.contains(&role)
            && promotable.iter().any(|&r| board.count(Color::White, r) > 0)
        {
            return limit("White has at most one of pawn, queen (D) and knight (J)");
        }
        board.set_piece_at(square, Piece { color, role });
    }
    if kings < 2 {
        return Err(err(1, ProblemErrorKind::MissingKing(kings)));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn message(text: &str) -> String {
        text.parse::<Problem>().unwrap_err().to_string()
    }

    #[test]
    fn seed_input() {
        let problem: Problem = "Kd5 Vf3 c6 Kf7 Vf6\nB\n5\n".parse().unwrap();
        assert_eq!(problem.plies, 5);
        assert_eq!(
            problem.position.to_string(),
            "5k1/2P2r1/3K3/7/5R1/7/7 w - -"
        );
    }

    #[test]
    fn rook_ownership_follows_the_second_king() {
        let problem: Problem = "Kb1 Kc4 Ve2\nC\n0".parse().unwrap();
        assert_eq!(problem.position.to_string(), "7/7/7/2k4/7/4r2/1K5 b - -");
        let problem: Problem = "Kb1 Dd4 Kf6 Vf7\r\nC\r\n3\r\n\r\n".parse().unwrap();
        assert_eq!(problem.position.to_string(), "5r1/5k1/7/3Q3/7/7/1K5 b - -");
    }

    #[test]
    fn errors_name_line_and_token() {
        assert_eq!(
            message("Kd5 Vh3 Kf7\nB\n5"),
            "line 1: \"Vh3\": the square is off the 7x7 board (a1-g7)"
        );
        assert_eq!(message("Kd5 Vd5 Kf7\nB\n5"), "line 1: two pieces on d5");
        assert_eq!(
            message("Kd5\nB\n5"),
            "line 1: found 1 king(s), expected two: White's first, Black's second"
        );
        assert_eq!(
            message("Kd5 Ke6\nB\n5"),
            "line 1: illegal position: the kings on d5 and e6 stand next to each other"
        );
        assert_eq!(
            message("Kd5 c7 Kf5\nB\n5"),
            "line 1: illegal position: pawn on c7: pawns cannot stand on rank 1 or 7"
        );
        assert_eq!(
            message("Ka1 Va7 Kc7\nB\n5"),
            "line 2: illegal position: Black is in check but White is to move"
        );
        assert_eq!(
            message("Ka1 Kc7\nW\n5"),
            "line 2: side to move \"W\" is not B (White) or C (Black)"
        );
        assert_eq!(
            message("Ka1 Kc7\nB\n-1"),
            "line 3: number of plies \"-1\" is not a non-negative integer"
        );
        assert_eq!(
            message("Ka1 Kc7\nB"),
            "expected 3 lines (pieces, side to move, number of plies), found 2"
        );
        assert_eq!(
            message("Ka1 Kc7\nB\n3\nx"),
            "line 4: unexpected text \"x\" after the three lines"
        );
        assert_eq!(
            message("Ka1 Kc7 c3\nB\n3"),
            "line 1: \"c3\" after Black's king: Black may only have a rook (V)"
        );
        assert_eq!(
            message("Ka1 c3 Dd4 Kc7\nB\n3"),
            "line 1: \"Dd4\": White has at most one of pawn, queen (D) and knight (J)"
        );
        assert_eq!(
            message("Ka1 Xc3 Kc7\nB\n3"),
            "line 1: \"Xc3\" is not a piece: expected K, V, D or J (none for a pawn) and a square"
        );
    }

    proptest! {
        #[test]
        fn any_text_parses_or_errors(text in "\\PC{0,40}") {
            let _ = text.parse::<Problem>();
        }

        #[test]
        fn piece_like_text_parses_or_errors(
            pieces in proptest::collection::vec("[KVDJSx]?[a-i][0-9]{1,2}", 0..7),
            side in "[BCW]",
            plies in "[0-9]{1,4}",
        ) {
            let _ = format!("{}\n{side}\n{plies}\n", pieces.join(" ")).parse::<Problem>();
        }
    }
}
