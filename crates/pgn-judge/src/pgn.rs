//! Judging the games of a PGN file, streamed through [`pgn_reader`].
//!
//! Each game's main line is judged with the judge format's rules (see [`crate::judge`]): a SAN
//! move is read into the same [`MoveToken`] fields, so a bare pawn destination (`d5`) also matches
//! a capture, an `x` on a non-capture is illegal and `Kg1` is never castling. Tag pairs, move
//! numbers, comments, variations, NAGs and result tokens are skipped; a `FEN` tag sets the starting
//! position. Every other main-line token is a move, judged by the notation: `pgn-reader` would
//! silently skip the tokens it cannot read as SAN (`Zz3`, `e4++`), so the input first goes through
//! [`crate::scan`], which hands them to the visitor as marked comments; such a token is an
//! Illegal Move (or Dead Moves after the end), named as written.
//!
//! A game the reader cannot finish (an unterminated tag or comment) or whose `FEN` tag is invalid
//! is a [`BrokenGame`]; the next game is read on.

use std::{
    fmt,
    io::{self, Read},
    ops::ControlFlow,
};

use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, fen::Fen};
use toolkit_cli::Report;

use crate::{
    judge::{Judge, Judgement, Verdict},
    notation::MoveToken,
    scan::{self, MarkUnreadable},
};

/// One game of a PGN file, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The game's number in the file, from 1.
    pub number: usize,
    /// The `White` tag (`?` when absent).
    pub white: String,
    /// The `Black` tag (`?` when absent).
    pub black: String,
    /// The `Result` tag as written, when present.
    pub result: Option<String>,
    /// The judgement, or why the game could not be judged.
    pub outcome: Result<PgnJudgement, BrokenGame>,
}

/// The judgement of a PGN game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnJudgement {
    /// The verdict, the faulty move's ply and the moves played.
    pub judgement: Judgement,
    /// The SAN of the move that decided a faulty verdict, as written.
    pub fault_san: Option<String>,
}

/// Whether a `Result` tag agrees with a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// `1-0` with White Win, `0-1` with Black Win, `1/2-1/2` with Stalemate or Draw, `*` with any.
    Agrees,
    /// Any other pairing, or a tag that is not one of the four results.
    Disagrees,
    /// The game has no `Result` tag.
    NoTag,
}

impl PgnGame {
    /// Whether the `Result` tag agrees with the verdict (`None` for a broken game).
    pub fn agreement(&self) -> Option<Agreement> {
        let verdict = self.outcome.as_ref().ok()?.judgement.verdict;
        Some(match self.result.as_deref() {
            None => Agreement::NoTag,
            Some(result) if result_agrees(result, verdict) => Agreement::Agrees,
            Some(_) => Agreement::Disagrees,
        })
    }
}

/// Whether a PGN result (`1-0`, `0-1`, `1/2-1/2`, `*`) agrees with a verdict.
pub fn result_agrees(result: &str, verdict: Verdict) -> bool {
    match result {
        "*" => true,
        "1-0" => verdict == Verdict::WhiteWin,
        "0-1" => verdict == Verdict::BlackWin,
        "1/2-1/2" => matches!(verdict, Verdict::Stalemate | Verdict::Draw),
        _ => false,
    }
}

/// Why a PGN game could not be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrokenGame {
    /// The PGN reader gave up on the game (`unterminated tag`, `unterminated comment`).
    Syntax(String),
    /// Text with no tag, no move and no result that `pgn-reader` could read.
    NotPgn,
    /// The `FEN` tag is not a legal position.
    Fen {
        /// The tag's value.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for BrokenGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrokenGame::Syntax(reason) => write!(f, "{reason}"),
            BrokenGame::NotPgn => write!(f, "no tag, move or result found"),
            BrokenGame::Fen { fen, reason } => write!(f, "FEN tag {fen:?}: {reason}"),
        }
    }
}

impl std::error::Error for BrokenGame {}

/// A broken game, reported on stderr with its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError<'a> {
    /// The game's number in the file.
    pub number: usize,
    /// What is wrong.
    pub error: &'a BrokenGame,
}

impl fmt::Display for GameError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: broken PGN: {}", self.number, self.error)
    }
}

impl Report for GameError<'_> {}

/// Reads and judges the games of a PGN stream, one at a time.
///
/// # Examples
///
/// ```
/// use pgn_judge::{Verdict, pgn};
///
/// let pgn = b"[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let game = pgn::read(&pgn[..]).next().unwrap()?;
/// assert_eq!(game.outcome.unwrap().judgement.verdict, Verdict::BlackWin);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn read<R: Read>(input: R) -> PgnGames<R> {
    PgnGames {
        reader: Reader::new(MarkUnreadable::new(input)),
        visitor: JudgeVisitor::default(),
        failed: false,
    }
}

/// The judged games of a PGN stream, from [`read`]. An I/O error ends the iteration.
#[derive(Debug)]
pub struct PgnGames<R> {
    reader: Reader<MarkUnreadable<R>>,
    visitor: JudgeVisitor,
    failed: bool,
}

impl<R: Read> Iterator for PgnGames<R> {
    type Item = io::Result<PgnGame>;

    fn next(&mut self) -> Option<io::Result<PgnGame>> {
        if self.failed {
            return None;
        }
        match self.reader.read_game(&mut self.visitor) {
            Ok(game) => game,
            // The reader's own syntax errors: it has skipped past the bad part, read on.
            Err(err) if err.kind() == io::ErrorKind::InvalidData => Some(
                self.visitor
                    .take_game(Err(BrokenGame::Syntax(err.to_string()))),
            ),
            Err(err) => {
                self.failed = true;
                Some(Err(err))
            }
        }
    }
}

/// The game being read. It lives in the visitor (not in the reader's per-game values) so a game the
/// reader abandons with an error can still be reported with its tags.
#[derive(Debug, Default)]
struct JudgeVisitor {
    number: usize,
    white: Option<String>,
    black: Option<String>,
    result: Option<String>,
    fen: Option<String>,
    judge: Judge,
    fault_san: Option<String>,
    /// Whether the game had a tag, a move or a result: the reader skips what it cannot read, so
    /// text that is no PGN at all comes out as a game with none of them.
    seen_pgn: bool,
    /// Whether an unreadable token decided the verdict before anything showed that the text is
    /// PGN: the game is judged when something does, else it is no PGN.
    decided_early: bool,
}

impl JudgeVisitor {
    fn take_game(&mut self, outcome: Result<PgnJudgement, BrokenGame>) -> io::Result<PgnGame> {
        Ok(PgnGame {
            number: self.number,
            white: self.white.take().unwrap_or_else(|| "?".to_owned()),
            black: self.black.take().unwrap_or_else(|| "?".to_owned()),
            result: self.result.take(),
            outcome,
        })
    }

    fn judged(&mut self) -> io::Result<PgnGame> {
        let judged = PgnJudgement {
            judgement: self.judge.finish(),
            fault_san: self.fault_san.take(),
        };
        self.take_game(Ok(judged))
    }
}

impl Visitor for JudgeVisitor {
    type Tags = ();
    type Movetext = ();
    type Output = io::Result<PgnGame>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output> {
        self.number += 1;
        self.white = None;
        self.black = None;
        self.result = None;
        self.fen = None;
        self.fault_san = None;
        self.seen_pgn = false;
        self.decided_early = false;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        self.seen_pgn = true;
        let slot = match name {
            b"White" => &mut self.white,
            b"Black" => &mut self.black,
            b"Result" => &mut self.result,
            b"FEN" => &mut self.fen,
            _ => return ControlFlow::Continue(()),
        };
        *slot = Some(value.decode_utf8_lossy().into_owned());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output> {
        let start = match self.fen.take() {
            None => Chess::default(),
            Some(fen) => match starting_position(&fen) {
                Ok(pos) => pos,
                Err(reason) => {
                    return ControlFlow::Break(
                        self.take_game(Err(BrokenGame::Fen { fen, reason })),
                    );
                }
            },
        };
        self.judge = Judge::from_position(start);
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut (), san_plus: SanPlus) -> ControlFlow<Self::Output> {
        self.seen_pgn = true;
        if self.decided_early {
            return ControlFlow::Break(self.judged());
        }
        let token = MoveToken::from_san(&san_plus.san);
        if self.judge.play(token.as_ref()).is_some() {
            self.fault_san = Some(san_plus.to_string());
            // The verdict is decided: let the reader skip the rest of the game quickly.
            return ControlFlow::Break(self.judged());
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        _movetext: &mut (),
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if self.decided_early {
            return ControlFlow::Continue(());
        }
        let Some(token) = scan::unreadable_token(comment.as_bytes()) else {
            return ControlFlow::Continue(());
        };
        // A token that is not a move: Illegal Move, or Dead Moves after the end.
        self.judge.play(None);
        self.fault_san = Some(token);
        if self.seen_pgn {
            ControlFlow::Break(self.judged())
        } else {
            self.decided_early = true;
            ControlFlow::Continue(())
        }
    }

    fn outcome(&mut self, _movetext: &mut (), _outcome: Outcome) -> ControlFlow<Self::Output> {
        self.seen_pgn = true;
        if self.decided_early {
            return ControlFlow::Break(self.judged());
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: ()) -> Self::Output {
        if self.seen_pgn {
            self.judged()
        } else {
            self.take_game(Err(BrokenGame::NotPgn))
        }
    }
}

/// The position of a `FEN` tag, or why it is not one.
fn starting_position(fen: &str) -> Result<Chess, String> {
    let fen: Fen = fen.parse().map_err(|e| format!("{e}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(pgn: &str) -> Vec<PgnGame> {
        read(pgn.as_bytes()).map(Result::unwrap).collect()
    }

    #[test]
    fn tags_comments_variations_and_nags_are_skipped() {
        let pgn = "[Event \"x\"]\n[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n[Result \"1-0\"]\n\n\
                   1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Bc4 $1 h6 ; rest of line\n\
                   3. Qh5 a5?! 4. Qxf7# 1-0\n";
        let [game] = &games(pgn)[..] else { panic!() };
        assert_eq!(
            (game.white.as_str(), game.black.as_str()),
            ("Anderssen", "Kieseritzky")
        );
        assert_eq!(
            game.outcome.as_ref().unwrap().judgement.verdict,
            Verdict::WhiteWin
        );
        assert_eq!(game.agreement(), Some(Agreement::Agrees));
    }

    #[test]
    fn the_first_error_is_named_and_the_next_game_is_read() {
        let pgn = "[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n1. d4 *\n";
        let all = games(pgn);
        let judged = all[0].outcome.as_ref().unwrap();
        assert_eq!(judged.judgement.verdict, Verdict::IllegalMove);
        assert_eq!(judged.judgement.fault_ply, Some(3));
        assert_eq!(judged.fault_san.as_deref(), Some("Ke3"));
        assert_eq!(all[0].agreement(), Some(Agreement::Agrees));
        assert_eq!(
            all[1].outcome.as_ref().unwrap().judgement.verdict,
            Verdict::Draw
        );
        assert_eq!(all[1].agreement(), Some(Agreement::NoTag));
    }

    #[test]
    fn a_fen_tag_sets_the_start_and_a_bad_one_breaks_the_game() {
        let pgn = "[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Qg7# 1-0\n\n\
                   [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n1. e4 *\n";
        let all = games(pgn);
        assert_eq!(
            all[0].outcome.as_ref().unwrap().judgement.verdict,
            Verdict::WhiteWin
        );
        assert!(matches!(all[1].outcome, Err(BrokenGame::Fen { .. })));
        assert_eq!(all[2].number, 3);
        assert_eq!(
            all[2].outcome.as_ref().unwrap().judgement.verdict,
            Verdict::Draw
        );
    }
}
