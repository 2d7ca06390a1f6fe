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
//!
//! The notation itself (piece letters, squares, the colour letters) is small-board's
//! ([`RoleSquare`], [`Color::from_czech_char`]); this module reads the lines and the task's rules
//! of order and material. The input is read line by line ([`Problem::read`]): memory is bounded
//! by a line (at most 1 MiB), and reading stops at the first text after the three lines.

use std::{fmt, io::BufRead, str::FromStr};

use small_board::{
    Board, Color, Notation, Piece, Position, PositionError, Role, RoleSquare, Rules, Setup, Square,
};
use toolkit_cli::{LineError, Lines, Quoted, Report, Status, text};

/// The largest number of plies accepted (the seed expects fewer than 50).
pub const MAX_PLIES: u32 = 250;

/// The roles a piece token may name: the task's king, rook and pawn, and the queen or knight a
/// pawn may have become.
const TASK_ROLES: [Role; 5] = [
    Role::King,
    Role::Rook,
    Role::Pawn,
    Role::Queen,
    Role::Knight,
];

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
    /// Line 3 is a number larger than [`MAX_PLIES`], as written.
    TooManyPlies(String),
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
            ExtraText(text) => write!(f, "unexpected text {} after the three lines", Quoted(text)),
            NoPieces => write!(f, "no pieces, expected e.g. \"Kd5 Vf3 c6 Kf7 Vf6\""),
            BadPiece(token) => write!(
                f,
                "{} is not a piece: expected K, V, D or J (none for a pawn) and a square",
                Quoted(token)
            ),
            OffBoard(token) => write!(
                f,
                "{}: the square is off the 7x7 board (a1-g7)",
                Quoted(token)
            ),
            Occupied(square) => write!(f, "two pieces on {square}"),
            BeforeWhiteKing(token) => write!(
                f,
                "{} comes before White's king; the order is white king, white pieces, black king, black rook",
                Quoted(token)
            ),
            ExtraKing(token) => write!(f, "{} is a third king, expected two", Quoted(token)),
            MissingKing(found) => write!(
                f,
                "found {found} king(s), expected two: White's first, Black's second"
            ),
            BlackPiece(token) => write!(
                f,
                "{} after Black's king: Black may only have a rook (V)",
                Quoted(token)
            ),
            TooMany(token, what) => write!(f, "{}: {what}", Quoted(token)),
            Illegal(err) => write!(f, "illegal position: {}", lowercase_first(&err.to_string())),
            BadSide(text) => write!(
                f,
                "side to move {} is not B (White) or C (Black)",
                Quoted(text)
            ),
            BadPlies(text) => write!(
                f,
                "number of plies {} is not a non-negative integer",
                Quoted(text)
            ),
            TooManyPlies(number) => write!(
                f,
                "{} plies is more than the {MAX_PLIES} supported",
                text::cut(number)
            ),
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

/// Why no problem was read: a line that could not be read (not UTF-8 text, longer than 1 MiB, or
/// the input failing), or lines that are no problem.
#[derive(Debug)]
pub enum ReadProblemError {
    /// A line could not be read.
    Line(LineError),
    /// The lines do not state a problem.
    Problem(ParseProblemError),
}

impl fmt::Display for ReadProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadProblemError::Line(err) => err.fmt(f),
            ReadProblemError::Problem(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ReadProblemError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadProblemError::Line(err) => Some(err),
            ReadProblemError::Problem(err) => Some(err),
        }
    }
}

impl Report for ReadProblemError {
    fn status(&self) -> Status {
        match self {
            ReadProblemError::Line(err) => err.status(),
            ReadProblemError::Problem(err) => err.status(),
        }
    }
}

impl From<ParseProblemError> for ReadProblemError {
    fn from(err: ParseProblemError) -> ReadProblemError {
        ReadProblemError::Problem(err)
    }
}

impl Problem {
    /// Reads the three-line input from `lines`, then checks that only blank lines follow. Memory
    /// is bounded by the longest line; reading stops at the first line that is not blank after
    /// the third (an error) or at the first line that cannot be read.
    ///
    /// # Errors
    ///
    /// [`ReadProblemError::Line`] for a line that is not UTF-8 text or longer than 1 MiB (or an
    /// input that fails), [`ReadProblemError::Problem`] for lines that state no problem, each
    /// naming its line.
    pub fn read<R: BufRead>(mut lines: Lines<R>) -> Result<Problem, ReadProblemError> {
        let mut three: Vec<String> = Vec::with_capacity(3);
        while let Some(line) = lines.next_line() {
            let line = line.map_err(ReadProblemError::Line)?;
            let text = line.text.trim();
            if three.len() < 3 {
                three.push(text.to_owned());
            } else if !text.is_empty() {
                // A mistake in the three lines comes first (a blank line among them makes the
                // last one look like extra text).
                Problem::from_lines(&three)?;
                return Err(err(line.number, ProblemErrorKind::ExtraText(text.to_owned())).into());
            }
        }
        Ok(Problem::from_lines(&three)?)
    }

    /// The problem the first three lines state (trimmed; fewer when the input has fewer).
    fn from_lines(lines: &[String]) -> Result<Problem, ParseProblemError> {
        let found = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(0, |i| i + 1);
        if found < 3 {
            return Err(err(found.max(1), ProblemErrorKind::MissingLines(found)));
        }
        let board = parse_pieces(&lines[0])?;
        let turn = parse_side(&lines[1])?;
        let plies = parse_plies(&lines[2])?;
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

impl FromStr for Problem {
    type Err = ReadProblemError;

    /// Parses and validates the three-line input (see [`Problem::read`]).
    fn from_str(text: &str) -> Result<Problem, ReadProblemError> {
        Problem::read(Lines::new(text.as_bytes()))
    }
}

impl fmt::Display for Problem {
    /// The three lines (without a final line end): the pieces in the spec's order (White's king,
    /// rook, then pawn, queen or knight; Black's king, rook); `B` or `C`; N.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pieces: Vec<(Square, Piece)> = self.position.board().pieces().collect();
        // White's pieces before Black's, each side's king first, then its rook (a stable sort:
        // then by square).
        pieces.sort_by_key(|(_, piece)| {
            let rank = match piece.role {
                Role::King => 0,
                Role::Rook => 1,
                _ => 2,
            };
            (piece.color, rank)
        });
        let tokens: Vec<String> = pieces
            .into_iter()
            .map(|(square, piece)| {
                RoleSquare {
                    role: piece.role,
                    square,
                }
                .name(Notation::Czech)
            })
            .collect();
        write!(
            f,
            "{}\n{}\n{}",
            tokens.join(" "),
            self.position.turn().czech_char(),
            self.plies
        )
    }
}

fn err(line: usize, kind: ProblemErrorKind) -> ParseProblemError {
    ParseProblemError { line, kind }
}

fn parse_side(text: &str) -> Result<Color, ParseProblemError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Color::from_czech_char), chars.next()) {
        (Some(color), None) => Ok(color),
        _ => Err(err(2, ProblemErrorKind::BadSide(text.to_owned()))),
    }
}

fn parse_plies(text: &str) -> Result<u32, ParseProblemError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(3, ProblemErrorKind::BadPlies(text.to_owned())));
    }
    // Only digits: the one way to fail is a number too large for `u32`.
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_PLIES => Ok(n),
        _ => Err(err(3, ProblemErrorKind::TooManyPlies(text.to_owned()))),
    }
}

fn parse_pieces(line: &str) -> Result<Board, ParseProblemError> {
    let mut board = Board::empty();
    let mut kings = 0;
    if line.is_empty() {
        return Err(err(1, ProblemErrorKind::NoPieces));
    }
    for token in line.split_whitespace() {
        let bad = |kind: fn(String) -> ProblemErrorKind| err(1, kind(token.to_owned()));
        let RoleSquare { role, square } = match RoleSquare::parse(token, Notation::Czech) {
            Ok(parsed) if TASK_ROLES.contains(&parsed.role) => parsed,
            Err(e) if e.is_off_board() => return Err(bad(ProblemErrorKind::OffBoard)),
            _ => return Err(bad(ProblemErrorKind::BadPiece)),
        };
        if role == Role::King {
            kings += 1;
            if kings > 2 {
                return Err(bad(ProblemErrorKind::ExtraKing));
            }
        } else if kings == 0 {
            return Err(bad(ProblemErrorKind::BeforeWhiteKing));
        } else if kings == 2 && role != Role::Rook {
            return Err(bad(ProblemErrorKind::BlackPiece));
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

    fn read(bytes: &[u8]) -> Result<Problem, ReadProblemError> {
        Problem::read(Lines::new(bytes))
    }

    #[test]
    fn seed_input() {
        let problem: Problem = "Kd5 Vf3 c6 Kf7 Vf6\nB\n5\n".parse().unwrap();
        assert_eq!(problem.plies, 5);
        assert_eq!(
            problem.position.to_string(),
            "5k1/2P2r1/3K3/7/5R1/7/7 w - -"
        );
        assert_eq!(problem.to_string(), "Kd5 Vf3 c6 Kf7 Vf6\nB\n5");
    }

    #[test]
    fn printing_lists_white_then_black_each_king_first_then_its_rook() {
        let problem: Problem = "Kb1 Dd4 Kf6 Vf7\nC\n3".parse().unwrap();
        assert_eq!(problem.to_string(), "Kb1 Dd4 Kf6 Vf7\nC\n3");
        let problem: Problem = "Kg7 Va1 Kc5 Vb1\nB\n0".parse().unwrap();
        assert_eq!(problem.to_string(), "Kg7 Va1 Kc5 Vb1\nB\n0");
        // The spec's order, the rook before the pawn wherever they stand (found by the audit of
        // 2026-11-26: `Kg3 e2 Vd6 Kg1 Vf3` was printed).
        let problem: Problem = "Kg3 Vd6 e2 Kg1 Vf3\nB\n0".parse().unwrap();
        assert_eq!(problem.to_string(), "Kg3 Vd6 e2 Kg1 Vf3\nB\n0");
        let problem: Problem = "Ka1 Vg7 Jb1 Kc5 Ve2\nC\n4".parse().unwrap();
        assert_eq!(problem.to_string(), "Ka1 Vg7 Jb1 Kc5 Ve2\nC\n4");
    }

    #[test]
    fn issue_16_plies_too_large_say_so() {
        assert_eq!(
            message("Ka1 Kc7\nB\n99999999999999999999999"),
            "line 3: 99999999999999999999999 plies is more than the 250 supported"
        );
        assert_eq!(
            message("Ka1 Kc7\nB\n4294967296"),
            "line 3: 4294967296 plies is more than the 250 supported"
        );
        assert_eq!(
            message("Ka1 Kc7\nB\n251"),
            "line 3: 251 plies is more than the 250 supported"
        );
        assert_eq!("Ka1 Kc7\nB\n0250".parse::<Problem>().unwrap().plies, 250);
    }

    #[test]
    fn issue_16_long_tokens_are_cut_in_messages() {
        // A 10 MB token is a line over the limit (below); one of 512 KiB is shown cut.
        let long = "x".repeat(1 << 19);
        let cut = format!("\"{}...\"", "x".repeat(60));
        for (text, expected) in [
            (
                format!("Ka1 {long} Kc7\nB\n5"),
                format!(
                    "line 1: {cut} is not a piece: expected K, V, D or J (none for a pawn) and a square"
                ),
            ),
            (
                format!("Ka1 Kc7\n{long}\n5"),
                format!("line 2: side to move {cut} is not B (White) or C (Black)"),
            ),
            (
                format!("Ka1 Kc7\nB\n{}", "9".repeat(1000)),
                format!(
                    "line 3: {}... plies is more than the 250 supported",
                    "9".repeat(60)
                ),
            ),
            (
                format!("Ka1 Kc7\nB\n5\n{}", &long[..1000]),
                format!("line 4: unexpected text {cut} after the three lines"),
            ),
        ] {
            assert_eq!(message(&text), expected);
        }
    }

    #[test]
    fn issue_16_a_line_that_is_not_text_is_named() {
        let err = read(b"Kd5 Kf7\n\xffB\n3\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: not UTF-8 text (byte 0xFF at column 1)"
        );
        assert_eq!(err.status(), Status::Invalid);
        // After the three lines too: it is no blank line.
        let err = read(b"Kd5 Kf7\nB\n3\n\n\xe9\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 5: not UTF-8 text (byte 0xE9 at column 1)"
        );
    }

    #[test]
    fn issue_16_a_line_over_a_mebibyte_is_named() {
        let mut bytes = b"Kd5 Kf7\nB\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'1', (1 << 20) + 1));
        let err = read(&bytes).unwrap_err();
        assert_eq!(err.to_string(), "line 3: longer than 1 MiB");
        let token = "x".repeat(10 << 20);
        assert_eq!(
            message(&format!("Kd5 {token}\nB\n3")),
            "line 1: longer than 1 MiB"
        );
    }

    #[test]
    fn issue_16_reading_stops_at_the_first_text_after_the_three_lines() {
        /// Fails on any read: the input must not be read past the extra text.
        struct Failing;
        impl std::io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("read past the extra text"))
            }
        }
        let good = std::io::Read::chain(&b"Kd5 Kf7\nB\n3\n \nx\n"[..], Failing);
        let err = Problem::read(Lines::new(std::io::BufReader::new(good))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 5: unexpected text \"x\" after the three lines"
        );
        // Blank lines are read to the end.
        let blank = std::io::Read::chain(&b"Kd5 Kf7\nB\n3\n \n"[..], Failing);
        let err = Problem::read(Lines::new(std::io::BufReader::new(blank))).unwrap_err();
        assert_eq!(err.status(), Status::Failure);
    }

    #[test]
    fn a_byte_order_mark_and_crlf_are_dropped() {
        let problem = read(b"\xef\xbb\xbfKd5 Vf3 c6 Kf7 Vf6\r\nB\r\n5\r\n").unwrap();
        assert_eq!(problem.to_string(), "Kd5 Vf3 c6 Kf7 Vf6\nB\n5");
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
        // A blank line first: the pieces' line is empty, not the plies' line extra.
        assert_eq!(
            message("\nKa1 Kc7\nB\n3"),
            "line 1: no pieces, expected e.g. \"Kd5 Vf3 c6 Kf7 Vf6\""
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
