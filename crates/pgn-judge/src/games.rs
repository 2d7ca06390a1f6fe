//! The judge format: a series of games, each a positive move count and that many moves, ending with
//! `0`.
//!
//! ```text
//! 7
//! e4
//! e5
//! Bc4
//! h6
//! Qh5
//! a5
//! Qf7
//! 0
//! ```
//!
//! Tokens are separated by any white space (several moves on a line work, CRLF too). The end of
//! the input without the final `0` ends the series as if it were there; text after the `0` is
//! never read. A leading byte order mark is skipped.
//!
//! The input is read line by line ([`toolkit_cli::Lines`]) and each game is judged as its moves
//! arrive, so memory is bounded by the longest line (1 MiB), never by the game or the input. A
//! move that is not UTF-8 text makes its game an error naming the line (the other games are
//! answered); a move count that is not a positive integer, or a line too long to read, ends the
//! series there.

use std::{collections::VecDeque, fmt, io::BufRead};

use toolkit_cli::{LineError, Lines, Report, Status, text};

use crate::{
    judge::{Judge, Judgement},
    notation::MoveToken,
};

/// One game of the judge format, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedGame {
    /// The game's number in the input, from 1.
    pub number: u64,
    /// The line of its move count.
    pub line: usize,
    /// The verdict, the faulty move's ply and the moves played.
    pub judgement: Judgement,
    /// The move that decided a faulty verdict, as written (cut after 60 characters).
    pub fault: Option<String>,
}

/// Why a game of the series has no verdict.
#[derive(Debug)]
pub enum ReadGamesError {
    /// A move count that is not a positive integer (`-3`, `x`, `2.5`); the series ends.
    BadCount {
        /// The count's line.
        line: usize,
        /// The count as written.
        count: String,
    },
    /// The input ends before the game's last move; the series ends.
    CutShort {
        /// The line of the game's move count.
        line: usize,
        /// The game's number.
        game: u64,
        /// Its move count as written.
        count: String,
        /// How many it had.
        found: u64,
    },
    /// A line that cannot be read: not UTF-8 text (the game with a move on it has no verdict,
    /// the series goes on), longer than 1 MiB or a read failure (the series ends).
    Line(LineError),
}

impl fmt::Display for ReadGamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadGamesError::BadCount { line, count } => write!(
                f,
                "line {line}: move count {} is not a positive integer",
                text::Quoted(count)
            ),
            ReadGamesError::CutShort {
                line,
                game,
                count,
                found,
            } => write!(
                f,
                "line {line}: game {game} is cut short: the input ends after {found} of its {} moves",
                text::cut(count)
            ),
            ReadGamesError::Line(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ReadGamesError {}

impl Report for ReadGamesError {
    fn status(&self) -> Status {
        match self {
            ReadGamesError::Line(err) => err.status(),
            _ => Status::Invalid,
        }
    }
}

/// Reads and judges the games of a judge-format input, one at a time.
///
/// # Examples
///
/// ```
/// use pgn_judge::{Verdict, games};
/// use toolkit_cli::Lines;
///
/// let mut games = games::read(Lines::new(&b"3\ne4 e5\nKe3\n0\n"[..]));
/// let game = games.next().unwrap()?;
/// assert_eq!(game.judgement.verdict, Verdict::IllegalMove);
/// assert_eq!((game.judgement.fault_ply, game.fault.as_deref()), (Some(3), Some("Ke3")));
/// assert!(games.next().is_none());
/// # Ok::<_, games::ReadGamesError>(())
/// ```
pub fn read<R: BufRead>(lines: Lines<R>) -> Games<R> {
    Games {
        lines,
        state: State::Count,
        number: 0,
        ready: VecDeque::new(),
    }
}

/// The judged games of a judge-format input, from [`read`].
#[derive(Debug)]
pub struct Games<R> {
    lines: Lines<R>,
    state: State,
    number: u64,
    /// Games finished by the last line read, not yet handed out.
    ready: VecDeque<Result<JudgedGame, ReadGamesError>>,
}

/// Where the reader is in the series.
#[derive(Debug)]
enum State {
    /// Before a move count.
    Count,
    /// Inside a game.
    Moves(Box<GameInProgress>),
    /// After the final `0`, or after an error that ends the series.
    Done,
}

#[derive(Debug)]
struct GameInProgress {
    number: u64,
    line: usize,
    count_text: String,
    count: u64,
    seen: u64,
    judge: Judge,
    fault: Option<String>,
    /// The first line of this game that is not UTF-8 text: the game has no verdict.
    unreadable: Option<LineError>,
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<JudgedGame, ReadGamesError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if matches!(self.state, State::Done) {
                return None;
            }
            self.read_line();
        }
    }
}

impl<R: BufRead> Games<R> {
    /// Reads one line and feeds its tokens, queueing the games it finishes.
    fn read_line(&mut self) {
        let Games {
            lines,
            state,
            number,
            ready,
        } = self;
        let raw = match lines.next_raw() {
            None => {
                if let State::Moves(game) = std::mem::replace(state, State::Done) {
                    ready.push_back(Err(game.cut_short()));
                }
                return;
            }
            Some(Err(err)) => {
                *state = State::Done;
                return ready.push_back(Err(ReadGamesError::Line(err)));
            }
            Some(Ok(raw)) => raw,
        };
        for token in raw
            .bytes
            .split(u8::is_ascii_whitespace)
            .filter(|t| !t.is_empty())
        {
            let text = std::str::from_utf8(token).ok();
            *state = match (std::mem::replace(state, State::Done), text) {
                (State::Done, _) => return,
                (State::Count, None) => {
                    let err = raw.text().expect_err("a token is not UTF-8");
                    return ready.push_back(Err(ReadGamesError::Line(err)));
                }
                (State::Count, Some(text)) => match parse_count(text) {
                    Some(0) => State::Done,
                    Some(count) => {
                        *number += 1;
                        State::Moves(Box::new(GameInProgress::new(
                            *number, raw.number, text, count,
                        )))
                    }
                    None => {
                        return ready.push_back(Err(ReadGamesError::BadCount {
                            line: raw.number,
                            count: text.to_owned(),
                        }));
                    }
                },
                (State::Moves(mut game), text) => {
                    match text {
                        Some(text) => game.play(text),
                        None if game.unreadable.is_none() => game.unreadable = raw.text().err(),
                        None => {}
                    }
                    game.seen += 1;
                    if game.seen == game.count {
                        ready.push_back(game.finish());
                        State::Count
                    } else {
                        State::Moves(game)
                    }
                }
            };
        }
    }
}

impl GameInProgress {
    fn new(number: u64, line: usize, count_text: &str, count: u64) -> GameInProgress {
        GameInProgress {
            number,
            line,
            count_text: count_text.to_owned(),
            count,
            seen: 0,
            judge: Judge::new(),
            fault: None,
            unreadable: None,
        }
    }

    fn cut_short(self) -> ReadGamesError {
        ReadGamesError::CutShort {
            line: self.line,
            game: self.number,
            count: self.count_text,
            found: self.seen,
        }
    }

    fn play(&mut self, text: &str) {
        if self.judge.is_decided() {
            return;
        }
        let token = MoveToken::read(text.as_bytes());
        if self.judge.play(token.as_ref()).is_some() {
            self.fault = Some(text::cut(text).into_owned());
        }
    }

    fn finish(self) -> Result<JudgedGame, ReadGamesError> {
        if let Some(err) = self.unreadable {
            return Err(ReadGamesError::Line(err));
        }
        Ok(JudgedGame {
            number: self.number,
            line: self.line,
            judgement: self.judge.finish(),
            fault: self.fault,
        })
    }
}

/// A count of ASCII digits only (no sign); a count too large to hold cannot be complete in any
/// input, so it saturates and the game is reported cut short.
fn parse_count(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdicts(bytes: &[u8]) -> Vec<Result<String, String>> {
        read(Lines::new(bytes))
            .map(|g| {
                g.map(|g| g.judgement.verdict.to_string())
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    fn ok(verdict: &str) -> Result<String, String> {
        Ok(verdict.to_owned())
    }

    #[test]
    fn one_move_per_line_or_several() {
        assert_eq!(
            verdicts(b"2\r\ne4\r\n e5 \r\n1 d4\n0\n"),
            [ok("Draw"), ok("Draw")]
        );
    }

    #[test]
    fn the_final_zero_is_optional_and_ends_the_series() {
        assert_eq!(verdicts(b"1\ne4\n"), [ok("Draw")]);
        assert_eq!(verdicts(b"1\ne4\n0\n1\nd4\n"), [ok("Draw")]);
        assert_eq!(verdicts(b""), Vec::<Result<String, String>>::new());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(verdicts(b"\xef\xbb\xbf1\r\ne4\r\n0\r\n"), [ok("Draw")]);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            verdicts(b"1\ne4\n\n-2\ne4\n"),
            [
                ok("Draw"),
                Err("line 4: move count \"-2\" is not a positive integer".to_owned())
            ]
        );
        assert_eq!(
            verdicts(b"1 e4\n3\ne4\ne5\n"),
            [
                ok("Draw"),
                Err(
                    "line 2: game 2 is cut short: the input ends after 2 of its 3 moves".to_owned()
                )
            ]
        );
        assert_eq!(
            verdicts(b"99999999999999999999999 e4"),
            [Err(
                "line 1: game 1 is cut short: the input ends after 1 of its 99999999999999999999999 moves"
                    .to_owned()
            )]
        );
    }

    /// Issue 16, defect 2: text after the final `0` is never read, so bytes that are not text
    /// there change nothing.
    #[test]
    fn defect_2_bytes_after_the_final_zero_are_ignored() {
        assert_eq!(
            verdicts(b"7\ne4\ne5\nBc4\nh6\nQh5\na5\nQf7\n0\n\xff\n"),
            [ok("White Win")]
        );
    }

    /// Issue 16, defect 2: a move that is not text is an error for its game alone.
    #[test]
    fn defect_2_a_game_with_bytes_that_are_not_text_is_an_error_and_the_next_is_judged() {
        assert_eq!(
            verdicts(b"2\ne4\ne\xe95\n1\nd4\n3\ne4 \xff\n\xfe\n1 e4\n"),
            [
                Err("line 3: not UTF-8 text (byte 0xE9 at column 2)".to_owned()),
                ok("Draw"),
                Err("line 7: not UTF-8 text (byte 0xFF at column 4)".to_owned()),
                ok("Draw"),
            ]
        );
        // A count that is not text ends the series.
        assert_eq!(
            verdicts(b"1 e4\n\xff\n1 d4\n"),
            [
                ok("Draw"),
                Err("line 2: not UTF-8 text (byte 0xFF at column 1)".to_owned()),
            ]
        );
    }

    /// Issue 16, defect 8: a huge count is cut in the message.
    #[test]
    fn defect_8_a_huge_count_is_cut_in_the_message() {
        let count = "9".repeat(10_000);
        let [Err(message)] = &verdicts(format!("{count} e4").as_bytes())[..] else {
            panic!()
        };
        assert!(message.len() < 200, "{message}");
        let bad = "x".repeat(10_000);
        let [Err(message)] = &verdicts(bad.as_bytes())[..] else {
            panic!()
        };
        assert!(message.len() < 200, "{message}");
    }
}
