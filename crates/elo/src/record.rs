//! The input: records of 5 lines, with errors that name the line.
//!
//! ```text
//! 3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7     FEN placement (or a full FEN)
//! Garry Kasparov                              White's name
//! 2800 1855                                   White's rating and game count
//! Bot DeepBlue                                Black's name
//! 2600 2037                                   Black's rating and game count
//! ```
//!
//! Lines are trimmed; blank lines between records are ignored. The records are read from a
//! stream of lines ([`toolkit_cli::Lines`]), one record at a time, so memory is bounded by the
//! record. A line that cannot be read (not UTF-8 text, longer than 1 MiB) is a line of its
//! record like any other, and that record's error.
//!
//! # Finding the next record after a bad one
//!
//! A record is read from its first non-blank line and ends after its fifth line, or earlier at:
//!
//! - a blank line or the end of the input (the record is missing lines), or
//! - a line that is a valid FEN placement where a name or a rating was expected: a line is
//!   missing, and that line starts the next record.
//!
//! So a missing line spoils only its own record, whether or not records are separated by blank
//! lines. Only the first error of a record is reported. A name line that holds just two numbers is
//! taken for a misplaced rating line (`expected White's name, found "1600 60"`).

use std::{error::Error, fmt, io::BufRead, num::IntErrorKind};

use chess_core::{
    names::color_name,
    placement::{ParseFenError, parse_fen},
};
use shakmaty::{Board, ByColor, Color};
use toolkit_cli::{AtLine, LineError, Lines, Quoted, Report, Status, text::MAX_QUOTED_CHARS};

use crate::rating::{Games, Rating};

/// How many lines a record has.
pub const RECORD_LINES: usize = 5;

/// One player as the input gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name, trimmed; any number of words.
    pub name: String,
    /// The rating before the game.
    pub rating: Rating,
    /// Lifetime games played.
    pub games: Games,
}

/// One game: the position to draw and the two players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line the record starts on, counting from 1.
    pub line: usize,
    /// The board of the placement line.
    pub board: Board,
    /// White and Black.
    pub players: ByColor<Player>,
}

/// A line of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// Line 1: the FEN placement.
    Placement,
    /// Lines 2 and 4: a player's name.
    Name(Color),
    /// Lines 3 and 5: a player's rating and game count.
    Numbers(Color),
}

impl Field {
    /// The fields in the order of a record's lines.
    pub const ALL: [Field; RECORD_LINES] = [
        Field::Placement,
        Field::Name(Color::White),
        Field::Numbers(Color::White),
        Field::Name(Color::Black),
        Field::Numbers(Color::Black),
    ];
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Placement => f.write_str("the FEN placement"),
            Field::Name(color) => write!(f, "{}'s name", color_name(*color)),
            Field::Numbers(color) => write!(f, "{}'s rating and game count", color_name(*color)),
        }
    }
}

/// A number on a rating line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Number {
    /// The rating, 1000..=5000.
    Rating(Color),
    /// The lifetime game count, 0..=10000.
    Games(Color),
}

impl Number {
    /// The allowed values, for messages.
    fn bounds(self) -> (i64, i64) {
        match self {
            Number::Rating(_) => (Rating::MIN.get().into(), Rating::MAX.get().into()),
            Number::Games(_) => (0, Games::MAX.get().into()),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Rating(color) => write!(f, "{}'s rating", color_name(*color)),
            Number::Games(color) => write!(f, "{}'s game count", color_name(*color)),
        }
    }
}

/// What ended a record before its fifth line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordEnd {
    /// A blank line.
    BlankLine,
    /// The end of the input.
    EndOfInput,
    /// A valid FEN placement: the first line of the next record.
    Placement,
}

/// What is wrong with a record (the line comes with it, in an [`AtLine`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRecordError {
    /// The input holds no record at all.
    Empty,
    /// The placement line is malformed.
    Placement(ParseFenError),
    /// The record ended before `field`, after `lines` of its lines.
    Missing {
        /// The first field not given.
        field: Field,
        /// What ended the record.
        end: RecordEnd,
        /// How many of the record's lines were given.
        lines: usize,
    },
    /// A name line that holds two numbers: most likely a rating line with the name line missing.
    NumbersForName {
        /// Whose name was expected.
        color: Color,
        /// The line's text.
        text: String,
    },
    /// A rating or game count that is not an integer.
    NotANumber {
        /// Which number.
        number: Number,
        /// The text given.
        text: String,
    },
    /// A rating or game count outside the statement's bounds.
    OutOfRange {
        /// Which number.
        number: Number,
        /// The text given.
        text: String,
    },
    /// A rating line without its game count.
    MissingGames {
        /// Whose line.
        color: Color,
    },
    /// Text after the rating and the game count.
    Trailing {
        /// Whose line.
        color: Color,
        /// The extra text.
        text: String,
    },
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRecordError::Empty => write!(
                f,
                "the input holds no record, expected {RECORD_LINES} lines: {}",
                Field::ALL.map(|field| field.to_string()).join(", ")
            ),
            ParseRecordError::Placement(err) => err.fmt(f),
            ParseRecordError::Missing { field, end, lines } => match end {
                RecordEnd::BlankLine => write!(
                    f,
                    "{field} is missing: a blank line ends the record after {lines} of its \
                     {RECORD_LINES} lines"
                ),
                RecordEnd::EndOfInput => write!(
                    f,
                    "{field} is missing: the input ends after {lines} of the record's \
                     {RECORD_LINES} lines"
                ),
                RecordEnd::Placement => write!(
                    f,
                    "expected {field}, found a FEN placement: a line is missing, the next record \
                     starts here"
                ),
            },
            ParseRecordError::NumbersForName { color, text } => write!(
                f,
                "expected {}, found {}, a rating and game count (is a line missing?)",
                Field::Name(*color),
                Quoted(text)
            ),
            ParseRecordError::NotANumber { number, text } => {
                write!(f, "{number} {} is not a whole number", Quoted(text))
            }
            ParseRecordError::OutOfRange { number, text } => {
                let (min, max) = number.bounds();
                // The text is an integer's digits (and sign): ASCII, so cut anywhere.
                let shown = match text.get(..MAX_QUOTED_CHARS) {
                    Some(head) if head.len() < text.len() => format!("{head}..."),
                    _ => text.clone(),
                };
                write!(
                    f,
                    "{number} {shown} is out of range, expected {min} to {max}"
                )
            }
            ParseRecordError::MissingGames { color } => write!(
                f,
                "{} is missing after the rating, expected a line like \"1600 60\"",
                Number::Games(*color)
            ),
            ParseRecordError::Trailing { color, text } => write!(
                f,
                "unexpected {} after {}",
                Quoted(text),
                Field::Numbers(*color)
            ),
        }
    }
}

impl Error for ParseRecordError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseRecordError::Placement(err) => Some(err),
            _ => None,
        }
    }
}

impl Report for ParseRecordError {}

/// Why a record has no answer: what is wrong with it and where, or a line that could not be read.
#[derive(Debug)]
pub enum RecordError {
    /// The record is malformed at a line.
    Record(AtLine<ParseRecordError>),
    /// A line of the record is not UTF-8 text or too long (the line's own error, which names
    /// it), or the input failed (nothing after it is read).
    Line(LineError),
}

impl RecordError {
    /// The line the error is on; `None` for a failure of the input itself.
    pub fn line(&self) -> Option<usize> {
        match self {
            RecordError::Record(err) => Some(err.line),
            RecordError::Line(err) => err.line(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Record(err) => err.fmt(f),
            RecordError::Line(err) => err.fmt(f),
        }
    }
}

impl Error for RecordError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            RecordError::Record(err) => Some(&err.error),
            RecordError::Line(err) => Some(err),
        }
    }
}

impl Report for RecordError {
    fn status(&self) -> Status {
        match self {
            RecordError::Record(err) => err.status(),
            RecordError::Line(err) => err.status(),
        }
    }
}

/// A line of the input with its number (from 1): its text, trimmed, or why it cannot be read.
type NumberedLine = (usize, Result<String, LineError>);

/// Where and why a record ended before its fifth line: the number of the line where the next
/// field was due, and what stood there.
type Cut = (usize, RecordEnd);

/// The records of `text`, in order, as [`Records`] reads them.
///
/// # Examples
///
/// ```
/// use elo::records;
///
/// let input = "8/8/8/4k3/8/8/8/4K3\nAnna\n1600 60\nBen\n1200\n\
///              8/8/8/4k3/8/8/8/4K3\nCarl\n1500 3\nDora\n1500 40\n";
/// let results: Vec<_> = records(input).collect();
/// assert_eq!(
///     results[0].as_ref().unwrap_err().to_string(),
///     "line 5: Black's game count is missing after the rating, expected a line like \"1600 60\""
/// );
/// assert_eq!(results[1].as_ref().unwrap().players.black.name, "Dora");
/// ```
pub fn records(text: &str) -> Records<&[u8]> {
    Records::new(Lines::new(text.as_bytes()))
}

/// The records of a stream of lines, in order, each a [`Record`] or the first error in it.
/// Never stops early but after a failure of the input itself: after a bad record the next one is
/// found as the module docs describe. An input with no record at all yields one
/// [`ParseRecordError::Empty`].
#[derive(Debug)]
pub struct Records<R> {
    lines: Lines<R>,
    /// A line read ahead: the placement that cut the previous record short.
    pending: Option<NumberedLine>,
    /// Whether any record (or error) was yielded.
    started: bool,
    /// Whether the input failed: nothing more is read.
    failed: bool,
}

impl<R: BufRead> Records<R> {
    /// The records of `lines`.
    pub fn new(lines: Lines<R>) -> Records<R> {
        Records {
            lines,
            pending: None,
            started: false,
            failed: false,
        }
    }

    /// Takes the next line, trimmed, with its number; a failure of the input ends the lines.
    fn take(&mut self) -> Option<Result<NumberedLine, LineError>> {
        if let Some(line) = self.pending.take() {
            return Some(Ok(line));
        }
        if self.failed {
            return None;
        }
        Some(match self.lines.next_line()? {
            Ok(line) => Ok((line.number, Ok(line.text.trim().to_owned()))),
            Err(err @ LineError::Read(_)) => {
                self.failed = true;
                Err(err)
            }
            Err(err) => Ok((self.lines.number(), Err(err))),
        })
    }

    /// The lines of the record that starts with `first`: all [`RECORD_LINES`] of them, or fewer
    /// and what ended the record, with the number of the line where the next one was due.
    fn gather(
        &mut self,
        first: NumberedLine,
    ) -> Result<(Vec<NumberedLine>, Option<Cut>), LineError> {
        let mut lines = vec![first];
        while lines.len() < RECORD_LINES {
            let Some(line) = self.take().transpose()? else {
                return Ok((
                    lines,
                    Some((self.lines.number() + 1, RecordEnd::EndOfInput)),
                ));
            };
            let end = match &line.1 {
                Ok(text) if text.is_empty() => RecordEnd::BlankLine,
                Ok(text) if text.contains('/') && parse_fen(text).is_ok() => RecordEnd::Placement,
                _ => {
                    lines.push(line);
                    continue;
                }
            };
            let number = line.0;
            if end == RecordEnd::Placement {
                self.pending = Some(line);
            }
            return Ok((lines, Some((number, end))));
        }
        Ok((lines, None))
    }
}

/// Parses a record's lines in order; the first error wins, and a missing line comes after the
/// lines that were given.
fn parse_record(lines: Vec<NumberedLine>, end: Option<Cut>) -> Result<Record, RecordError> {
    let given = lines.len();
    let mut lines = lines.into_iter();
    let mut next = |index: usize| match lines.next() {
        Some((number, Ok(text))) => Ok((number, text)),
        Some((_, Err(err))) => Err(RecordError::Line(err)),
        None => {
            // A record shorter than RECORD_LINES always comes with its cut.
            let (line, end) = end.unwrap_or((0, RecordEnd::EndOfInput));
            Err(RecordError::Record(AtLine {
                line,
                error: ParseRecordError::Missing {
                    field: Field::ALL[index],
                    end,
                    lines: given,
                },
            }))
        }
    };
    let at = |line: usize| move |error| RecordError::Record(AtLine { line, error });
    let (start, text) = next(0)?;
    let board = parse_fen(&text)
        .map_err(|err| at(start)(ParseRecordError::Placement(err)))?
        .into_board();
    let mut player = |color: Color, index: usize| -> Result<Player, RecordError> {
        let (number, text) = next(index)?;
        let name = parse_name(color, text).map_err(at(number))?;
        let (number, text) = next(index + 1)?;
        let (rating, games) = parse_numbers(color, &text).map_err(at(number))?;
        Ok(Player {
            name,
            rating,
            games,
        })
    };
    let white = player(Color::White, 1)?;
    let black = player(Color::Black, 3)?;
    Ok(Record {
        line: start,
        board,
        players: ByColor { white, black },
    })
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let first = loop {
            match self.take() {
                Some(Ok((_, Ok(text)))) if text.is_empty() => continue,
                Some(Ok(line)) => break line,
                Some(Err(err)) => {
                    self.started = true;
                    return Some(Err(RecordError::Line(err)));
                }
                None if self.started => return None,
                None => {
                    self.started = true;
                    return Some(Err(RecordError::Record(AtLine {
                        line: 1,
                        error: ParseRecordError::Empty,
                    })));
                }
            }
        };
        self.started = true;
        Some(match self.gather(first) {
            Ok((lines, end)) => parse_record(lines, end),
            Err(err) => Err(RecordError::Line(err)),
        })
    }
}

/// A name line: any non-blank text except two bare numbers (a rating line in the wrong place).
fn parse_name(color: Color, text: String) -> Result<String, ParseRecordError> {
    let mut words = text.split_whitespace();
    let numbers = words.by_ref().take(2).filter(|w| w.parse::<i64>().is_ok());
    if numbers.count() == 2 && words.next().is_none() {
        return Err(ParseRecordError::NumbersForName { color, text });
    }
    Ok(text)
}

/// A rating line: `RATING GAMES`, separated by whitespace; the first problem from the left wins.
fn parse_numbers(color: Color, text: &str) -> Result<(Rating, Games), ParseRecordError> {
    let mut words = text.split_whitespace();
    let rating = parse_number(
        Number::Rating(color),
        words.next().unwrap_or(""),
        Rating::try_new,
    )?;
    let games = words
        .next()
        .ok_or(ParseRecordError::MissingGames { color })
        .and_then(|word| parse_number(Number::Games(color), word, Games::try_new))?;
    let rest: Vec<&str> = words.collect();
    if !rest.is_empty() {
        return Err(ParseRecordError::Trailing {
            color,
            text: rest.join(" "),
        });
    }
    Ok((rating, games))
}

/// An integer within the bounds `bounded` checks, or why the word is not one (an integer too
/// large even for `i64` is out of range too).
fn parse_number<T>(
    number: Number,
    word: &str,
    bounded: impl FnOnce(i64) -> Option<T>,
) -> Result<T, ParseRecordError> {
    let out_of_range = || ParseRecordError::OutOfRange {
        number,
        text: word.to_owned(),
    };
    match word.parse::<i64>() {
        Ok(value) => bounded(value).ok_or_else(out_of_range),
        Err(err)
            if matches!(
                err.kind(),
                IntErrorKind::PosOverflow | IntErrorKind::NegOverflow
            ) =>
        {
            Err(out_of_range())
        }
        Err(_) => Err(ParseRecordError::NotANumber {
            number,
            text: word.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KASPAROV: &str = "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7\nGarry Kasparov\n2800 1855\n\
                            Bot DeepBlue\n2600 2037\n";

    /// Each record as `Ok(White's name)` or `Err(message)`.
    fn outline(text: &str) -> Vec<Result<String, String>> {
        records(text)
            .map(|r| {
                r.map(|rec| rec.players.white.name)
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    fn error(text: &str) -> String {
        match records(text).next() {
            Some(Err(err)) => err.to_string(),
            other => panic!("{text:?} gave {other:?}"),
        }
    }

    fn with_line(n: usize, replacement: &str) -> String {
        let mut lines: Vec<&str> = KASPAROV.lines().collect();
        lines[n - 1] = replacement;
        lines.join("\n") + "\n"
    }

    #[test]
    fn reads_the_seed_record() {
        let record = records(KASPAROV).next().unwrap().unwrap();
        assert_eq!(record.line, 1);
        assert_eq!(
            record.board.board_fen().to_string(),
            "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7"
        );
        assert_eq!(record.players.white.name, "Garry Kasparov");
        assert_eq!(record.players.white.rating.get(), 2800);
        assert_eq!(record.players.white.games.get(), 1855);
        assert_eq!(record.players.black.name, "Bot DeepBlue");
        assert_eq!(record.players.black.rating.get(), 2600);
        assert_eq!(record.players.black.games.get(), 2037);
        assert_eq!(records(KASPAROV).count(), 1);
    }

    #[test]
    fn full_fen_and_padding() {
        let text = "\n\n  3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7 w - - 0 1 \r\n  Garry  Kasparov \r\n\
                    2800\t1855\nBot DeepBlue\n+2600 2037\n\n\n";
        let record = records(text).next().unwrap().unwrap();
        assert_eq!(record.line, 3);
        assert_eq!(record.players.white.name, "Garry  Kasparov");
        assert_eq!(record.players.black.rating.get(), 2600);
        assert_eq!(records(text).count(), 1);
    }

    #[test]
    fn every_error_message() {
        assert_eq!(
            error(""),
            "line 1: the input holds no record, expected 5 lines: the FEN placement, White's \
             name, White's rating and game count, Black's name, Black's rating and game count"
        );
        assert_eq!(
            error(&with_line(1, "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2")),
            "line 1: FEN has 7 ranks, expected 8"
        );
        assert_eq!(
            error(&with_line(3, "2800 18x5")),
            "line 3: White's game count \"18x5\" is not a whole number"
        );
        assert_eq!(
            error(&with_line(5, "9x 2037")),
            "line 5: Black's rating \"9x\" is not a whole number"
        );
        assert_eq!(
            error(&with_line(5, "2600.0 2037")),
            "line 5: Black's rating \"2600.0\" is not a whole number"
        );
        assert_eq!(
            error(&with_line(3, "999 1855")),
            "line 3: White's rating 999 is out of range, expected 1000 to 5000"
        );
        assert_eq!(
            error(&with_line(3, "5001 1855")),
            "line 3: White's rating 5001 is out of range, expected 1000 to 5000"
        );
        assert_eq!(
            error(&with_line(5, "2600 10001")),
            "line 5: Black's game count 10001 is out of range, expected 0 to 10000"
        );
        assert_eq!(
            error(&with_line(5, "2600 -1")),
            "line 5: Black's game count -1 is out of range, expected 0 to 10000"
        );
        assert_eq!(
            error(&with_line(5, "2600 99999999999999999999")),
            "line 5: Black's game count 99999999999999999999 is out of range, expected 0 to 10000"
        );
        assert_eq!(
            error(&with_line(3, "999 x")),
            "line 3: White's rating 999 is out of range, expected 1000 to 5000"
        );
        assert_eq!(
            error(&with_line(3, "2800")),
            "line 3: White's game count is missing after the rating, expected a line like \"1600 60\""
        );
        assert_eq!(
            error(&with_line(3, "2800 1855 games  played")),
            "line 3: unexpected \"games played\" after White's rating and game count"
        );
        assert_eq!(
            error(&with_line(4, "2600 2037")),
            "line 4: expected Black's name, found \"2600 2037\", a rating and game count (is a \
             line missing?)"
        );
    }

    #[test]
    fn a_missing_line_is_named() {
        let lines: Vec<&str> = KASPAROV.lines().collect();
        assert_eq!(
            error(&lines[..4].join("\n")),
            "line 5: Black's rating and game count is missing: the input ends after 4 of the \
             record's 5 lines"
        );
        assert_eq!(
            error(&(lines[..2].join("\n") + "\n\n" + KASPAROV)),
            "line 3: White's rating and game count is missing: a blank line ends the record \
             after 2 of its 5 lines"
        );
        assert_eq!(
            error(&(lines[..3].join("\n") + "\n" + KASPAROV)),
            "line 4: expected Black's name, found a FEN placement: a line is missing, the next \
             record starts here"
        );
    }

    #[test]
    fn a_bad_record_spoils_only_itself() {
        let ok = || Ok("Garry Kasparov".to_owned());
        // Back to back, the middle record without Black's rating line.
        let lines: Vec<&str> = KASPAROV.lines().collect();
        let text = format!("{KASPAROV}{}\n{KASPAROV}", lines[..4].join("\n"));
        assert_eq!(
            outline(&text),
            [
                ok(),
                Err(
                    "line 10: expected Black's rating and game count, found a FEN placement: a \
                     line is missing, the next record starts here"
                        .to_owned()
                ),
                ok()
            ]
        );
        // The middle record without White's name: its rating line is read as the name.
        let text = format!(
            "{KASPAROV}{}\n{}\n{KASPAROV}",
            lines[0],
            lines[2..].join("\n")
        );
        assert_eq!(outline(&text)[1].as_ref().unwrap_err()[..7], *"line 7:");
        assert_eq!(outline(&text)[2], ok());
        assert_eq!(outline(&text).len(), 3);
        // An error early in a record skips the rest of its lines.
        let text = format!("{}{KASPAROV}", with_line(1, "x"));
        assert_eq!(
            outline(&text),
            [Err("line 1: FEN has 1 rank, expected 8".to_owned()), ok()]
        );
        // An extra line between records is a bad record of its own, ended by the next placement.
        let text = format!("{KASPAROV}stray line\n{KASPAROV}");
        assert_eq!(outline(&text)[1].as_ref().unwrap_err()[..7], *"line 6:");
        assert_eq!(outline(&text)[2], ok());
    }

    /// Issue 16, defect 8: the user's text in a message is cut after 60 characters.
    #[test]
    fn elo_long_text_is_cut() {
        let long = "9".repeat(10_000);
        let cut = "9".repeat(60);
        assert_eq!(
            error(&with_line(3, &format!("{long} 60"))),
            format!("line 3: White's rating {cut}... is out of range, expected 1000 to 5000")
        );
        assert_eq!(
            error(&with_line(3, &format!("x{long} 60"))),
            format!(
                "line 3: White's rating \"x{}...\" is not a whole number",
                &cut[1..]
            )
        );
        assert_eq!(
            error(&with_line(3, &format!("2800 60 {long}"))),
            format!("line 3: unexpected \"{cut}...\" after White's rating and game count")
        );
    }

    /// Issue 16, defect 8: a full FEN's clocks are read exactly or refused, never clamped.
    #[test]
    fn elo_fen_clocks_out_of_range_are_an_error() {
        let fen = "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7 w - - 0 4294967296";
        assert_eq!(
            error(&with_line(1, fen)),
            "line 1: FEN fullmove number \"4294967296\" is not a whole number from 0 to 4294967295"
        );
        let fen = "3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7 w - - 4294967295 0";
        assert!(records(&with_line(1, fen)).next().unwrap().is_ok());
    }

    #[test]
    fn names_keep_every_word() {
        let text = with_line(2, "  José Raúl Capablanca y Graupera  ");
        let record = records(&text).next().unwrap().unwrap();
        assert_eq!(record.players.white.name, "José Raúl Capablanca y Graupera");
        // One number alone, or three, is a name.
        let text = with_line(4, "2600");
        assert_eq!(
            records(&text).next().unwrap().unwrap().players.black.name,
            "2600"
        );
    }
}
