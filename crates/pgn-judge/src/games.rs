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
//! Tokens are separated by any whitespace (several moves on a line work, CRLF too). The end of the
//! input without the final `0` ends the series as if it were there; text after the `0` is ignored.
//! A leading byte order mark is skipped.

use std::fmt;

use toolkit_cli::{AtLine, Report};

use crate::{
    judge::{Judge, Judgement},
    notation::MoveToken,
};

/// One game of the judge format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<'a> {
    /// The game's number in the input, from 1.
    pub number: usize,
    /// The line of its move count.
    pub line: usize,
    /// Its moves, as written.
    pub moves: Vec<&'a str>,
}

impl GameRecord<'_> {
    /// Judges the game; with the verdict comes the move that decided it, for faulty games.
    ///
    /// # Examples
    ///
    /// ```
    /// use pgn_judge::{Verdict, games};
    ///
    /// let game = games::read("3\ne4 e5\nKe3\n0\n").next().unwrap()?;
    /// let (judgement, fault) = game.judge();
    /// assert_eq!(judgement.verdict, Verdict::IllegalMove);
    /// assert_eq!((judgement.fault_ply, fault), (Some(3), Some("Ke3")));
    /// # Ok::<_, toolkit_cli::AtLine<games::ReadGamesError>>(())
    /// ```
    pub fn judge(&self) -> (Judgement, Option<&str>) {
        let mut judge = Judge::new();
        let mut fault = None;
        for &text in &self.moves {
            let token = MoveToken::from_ascii(text.as_bytes()).ok();
            if judge.play(token.as_ref()).is_some() {
                fault = Some(text);
                break;
            }
        }
        (judge.finish(), fault)
    }
}

/// Why the series of games cannot be read on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadGamesError {
    /// A move count that is not a positive integer (`-3`, `x`, `2.5`).
    BadCount {
        /// The count as written.
        count: String,
    },
    /// The input ends before the game's last move.
    CutShort {
        /// The game's number.
        game: usize,
        /// Its move count as written.
        count: String,
        /// How many it had.
        found: usize,
    },
}

impl fmt::Display for ReadGamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadGamesError::BadCount { count } => {
                write!(f, "move count {count:?} is not a positive integer")
            }
            ReadGamesError::CutShort { game, count, found } => write!(
                f,
                "game {game} is cut short: the input ends after {found} of its {count} moves"
            ),
        }
    }
}

impl std::error::Error for ReadGamesError {}

impl Report for ReadGamesError {}

/// Reads the games of a judge-format input, one at a time. The first error ends the series.
/// A leading byte order mark (Windows editors write one) is skipped like whitespace.
pub fn read(text: &str) -> Games<'_> {
    Games {
        tokens: Tokens::new(text.strip_prefix('\u{feff}').unwrap_or(text)),
        number: 0,
        done: false,
    }
}

/// The games of a judge-format input, from [`read`].
#[derive(Debug)]
pub struct Games<'a> {
    tokens: Tokens<'a>,
    number: usize,
    done: bool,
}

impl<'a> Iterator for Games<'a> {
    type Item = Result<GameRecord<'a>, AtLine<ReadGamesError>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let Some((line, count_text)) = self.tokens.next() else {
            self.done = true;
            return None;
        };
        let count = match parse_count(count_text) {
            Some(0) => {
                self.done = true;
                return None;
            }
            Some(count) => count,
            None => {
                self.done = true;
                let error = ReadGamesError::BadCount {
                    count: count_text.to_owned(),
                };
                return Some(Err(AtLine { line, error }));
            }
        };
        self.number += 1;
        // Never reserve what a huge count announces: the moves come from the input.
        let mut moves = Vec::with_capacity(count.min(1024));
        while moves.len() < count {
            match self.tokens.next() {
                Some((_, text)) => moves.push(text),
                None => {
                    self.done = true;
                    let error = ReadGamesError::CutShort {
                        game: self.number,
                        count: count_text.to_owned(),
                        found: moves.len(),
                    };
                    return Some(Err(AtLine { line, error }));
                }
            }
        }
        Some(Ok(GameRecord {
            number: self.number,
            line,
            moves,
        }))
    }
}

/// A count of ASCII digits only (no sign); a count too large to hold cannot be complete in any
/// input, so it saturates and the game is reported cut short.
fn parse_count(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(usize::MAX))
}

/// Whitespace-separated tokens with their 1-based line numbers.
#[derive(Debug)]
struct Tokens<'a> {
    rest: &'a str,
    line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            rest: text,
            line: 1,
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let start = self.rest.find(|c: char| !c.is_whitespace())?;
        self.line += self.rest[..start].matches('\n').count();
        let rest = &self.rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.rest = &rest[end..];
        Some((self.line, &rest[..end]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Result<Vec<&str>, String>> {
        read(text)
            .map(|g| g.map(|g| g.moves).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn one_move_per_line_or_several() {
        assert_eq!(
            moves("2\r\ne4\r\n e5 \r\n1 d4\n0\n"),
            [Ok(vec!["e4", "e5"]), Ok(vec!["d4"])]
        );
    }

    #[test]
    fn the_final_zero_is_optional_and_ends_the_series() {
        assert_eq!(moves("1\ne4\n"), [Ok(vec!["e4"])]);
        assert_eq!(moves("1\ne4\n0\n1\nd4\n"), [Ok(vec!["e4"])]);
        assert_eq!(moves(""), Vec::<Result<Vec<&str>, String>>::new());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(moves("\u{feff}1\r\ne4\r\n0\r\n"), [Ok(vec!["e4"])]);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            moves("1\ne4\n\n-2\ne4\n"),
            [
                Ok(vec!["e4"]),
                Err("line 4: move count \"-2\" is not a positive integer".to_owned())
            ]
        );
        assert_eq!(
            moves("1 e4\n3\ne4\ne5\n"),
            [
                Ok(vec!["e4"]),
                Err(
                    "line 2: game 2 is cut short: the input ends after 2 of its 3 moves".to_owned()
                )
            ]
        );
        assert_eq!(
            moves("99999999999999999999999 e4"),
            [Err(
                "line 1: game 1 is cut short: the input ends after 1 of its 99999999999999999999999 moves"
                    .to_owned()
            )]
        );
    }
}
