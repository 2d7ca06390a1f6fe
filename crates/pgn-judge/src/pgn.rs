//! Judging one game of a PGN file from its [`lexer`] tokens.
//!
//! Each game's main line is judged with the judge format's rules (see [`crate::judge`]): every
//! main-line token is read by the same notation ([`MoveToken`]), so a bare pawn destination
//! (`d5`) also matches a capture, an `x` on a non-capture is illegal, `Kg1` is never castling,
//! and a token outside the notation (`Zz3`, `e4++`, `Pe4`, `--`) is an Illegal Move (or Dead
//! Moves after the end), named as written. A `FEN` tag sets the starting position.
//!
//! A `Variant` tag naming Chess960 sets its castling rules (for the `FEN` tag and `O-O`); one
//! naming a game other than chess (lichess's `Atomic`, `Crazyhouse`, ...) is not judged.
//!
//! A game the lexer cannot finish (an unterminated tag or comment), whose `FEN` tag is invalid,
//! of another variant, or with no tag, move or result at all (text that is not PGN) is a
//! [`BrokenGame`].

use std::{borrow::Cow, fmt};

use shakmaty::{CastlingMode, Chess, fen::Fen, san::SanPlus};
use toolkit_cli::{Report, text};

use crate::{
    judge::{Judge, Judgement, Verdict},
    lexer::{self, Lexer, Syntax, Token},
    notation::MoveToken,
    tags::{self, JudgedTag, TagSection},
};

/// One game of a PGN file, judged.
///
/// The tags borrow the game's text unless they hold escapes or bytes that are not UTF-8: the
/// common game costs no allocation for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame<'a> {
    /// The game's number in the file, from 1.
    pub number: u64,
    /// The `White` tag (`?` when absent).
    pub white: Cow<'a, str>,
    /// The `Black` tag (`?` when absent).
    pub black: Cow<'a, str>,
    /// The `Result` tag as written, when present.
    pub result: Option<Cow<'a, str>>,
    /// The judgement, or why the game could not be judged.
    pub outcome: Result<PgnJudgement, BrokenGame>,
}

/// The judgement of a PGN game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnJudgement {
    /// The verdict, the faulty move's ply and the moves played.
    pub judgement: Judgement,
    /// The move that decided a faulty verdict: in SAN (`O-O`, `e8=Q`, with its `+` or `#`) when
    /// it is a move of the notation, else as written (cut after 60 characters).
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

impl PgnGame<'_> {
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
    /// An unterminated tag or comment.
    Syntax(Syntax),
    /// Text with no tag, no move and no result.
    NotPgn,
    /// The `Variant` tag names a game other than chess.
    Variant {
        /// The tag's value.
        name: String,
    },
    /// The `FEN` tag is not a legal position.
    Fen {
        /// The tag's value.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The game is longer than the limit, in bytes (it was skipped, not read).
    TooLong {
        /// The limit.
        max: usize,
    },
}

impl fmt::Display for BrokenGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrokenGame::Syntax(syntax) => f.write_str(syntax.as_str()),
            BrokenGame::NotPgn => write!(f, "no tag, move or result found"),
            BrokenGame::Variant { name } => write!(
                f,
                "variant {} is not chess (only standard chess and Chess960 are judged)",
                text::Quoted(name)
            ),
            BrokenGame::Fen { fen, reason } => write!(f, "FEN tag {}: {reason}", text::Quoted(fen)),
            BrokenGame::TooLong { max } => write!(
                f,
                "longer than {} MiB (skipped up to the next tag pair line)",
                max >> 20
            ),
        }
    }
}

impl std::error::Error for BrokenGame {}

/// A broken game, reported on stderr with its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError<'a> {
    /// The game's number in the file.
    pub number: u64,
    /// What is wrong.
    pub error: &'a BrokenGame,
}

impl fmt::Display for GameError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: broken PGN: {}", self.number, self.error)
    }
}

impl Report for GameError<'_> {}

/// Judges the game that starts at `text[0]` and ends with `text` (as [`lexer::scan_game`] splits
/// a file), numbered `number`.
///
/// # Examples
///
/// ```
/// use pgn_judge::{Verdict, pgn};
///
/// let text = b"[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let game = pgn::judge_game(1, text);
/// assert_eq!(game.outcome.unwrap().judgement.verdict, Verdict::BlackWin);
/// ```
pub fn judge_game(number: u64, text: &[u8]) -> PgnGame<'_> {
    let mut game = GameInProgress::default();
    let outcome = game.read(Lexer::new(text));
    game.finish(number, outcome)
}

/// [`judge_game`] for a game whose tag section the splitter has read
/// ([`lexer::scan_game_and_tags`]): the judge starts from its tags and reads the movetext only.
///
/// # Examples
///
/// ```
/// use pgn_judge::{Verdict, lexer, pgn};
///
/// let text = b"[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let (_, tags) = lexer::scan_game_and_tags(text);
/// let game = pgn::judge_scanned_game(1, text, &tags.unwrap());
/// assert_eq!(game, pgn::judge_game(1, text));
/// ```
pub fn judge_scanned_game<'a>(number: u64, text: &'a [u8], tags: &TagSection) -> PgnGame<'a> {
    let mut game = GameInProgress {
        seen_pgn: tags.any_value,
        ..GameInProgress::default()
    };
    for tag in JudgedTag::ALL {
        if let Some(range) = tags.value(tag) {
            game.set(tag, &text[range]);
        }
    }
    let outcome = game.read(Lexer::after_tags(text, tags.movetext));
    game.finish(number, outcome)
}

/// What the tokens of a game have shown so far.
#[derive(Debug, Default)]
struct GameInProgress<'a> {
    white: Option<Cow<'a, str>>,
    black: Option<Cow<'a, str>>,
    result: Option<Cow<'a, str>>,
    fen: Option<Cow<'a, str>>,
    variant: Option<Cow<'a, str>>,
    /// Whether the game had a tag, a move that reads as SAN, or a result: text that is not PGN
    /// at all has none of them.
    seen_pgn: bool,
}

impl<'a> GameInProgress<'a> {
    /// The judged game, with its tags (`?` for a missing player).
    fn finish(self, number: u64, outcome: Result<PgnJudgement, BrokenGame>) -> PgnGame<'a> {
        PgnGame {
            number,
            white: self.white.unwrap_or(Cow::Borrowed("?")),
            black: self.black.unwrap_or(Cow::Borrowed("?")),
            result: self.result,
            outcome,
        }
    }

    fn read(&mut self, mut lexer: Lexer<'a>) -> Result<PgnJudgement, BrokenGame> {
        let mut judge = None;
        let mut fault_san = None;
        while let Some(token) = lexer.next() {
            let word = match token {
                Token::Tag { name, value } => {
                    self.tag(name, value);
                    continue;
                }
                Token::Broken(syntax) => return Err(BrokenGame::Syntax(syntax)),
                Token::Result => {
                    self.seen_pgn = true;
                    None
                }
                Token::Move(word) => Some(word),
            };
            let judge = match &mut judge {
                Some(judge) => judge,
                None => judge.insert(self.start()?),
            };
            let Some(word) = word else {
                if fault_san.is_some() {
                    break;
                }
                continue;
            };
            if fault_san.is_some() {
                // The verdict is decided: read on only to learn whether the text is PGN.
                self.seen_pgn |= reads_as_san(word);
                if self.seen_pgn {
                    break;
                }
                continue;
            }
            let token = MoveToken::read(word);
            self.seen_pgn |= token.is_some() || reads_as_san(word);
            if judge.play(token.as_ref()).is_some() {
                fault_san = Some(fault_text(word, token.as_ref()));
                if self.seen_pgn {
                    break;
                }
            } else if judge.played_en_passant() {
                lexer.skip_en_passant_mark();
            }
        }
        let judge = match judge {
            Some(judge) => judge,
            None => self.start()?,
        };
        if !self.seen_pgn {
            return Err(BrokenGame::NotPgn);
        }
        Ok(PgnJudgement {
            judgement: judge.finish(),
            fault_san,
        })
    }

    fn tag(&mut self, name: &[u8], value: &'a [u8]) {
        self.seen_pgn = true;
        if let Some(tag) = JudgedTag::of(name) {
            self.set(tag, value);
        }
    }

    fn set(&mut self, tag: JudgedTag, value: &'a [u8]) {
        let slot = match tag {
            JudgedTag::White => &mut self.white,
            JudgedTag::Black => &mut self.black,
            JudgedTag::Result => &mut self.result,
            JudgedTag::Fen => &mut self.fen,
            JudgedTag::Variant => &mut self.variant,
        };
        *slot = Some(if value.contains(&b'\\') {
            Cow::Owned(String::from_utf8_lossy(&tags::decode_tag_value(value)).into_owned())
        } else {
            String::from_utf8_lossy(value)
        });
    }

    /// The judge at the game's start: the standard position, or the `FEN` tag's.
    fn start(&mut self) -> Result<Judge, BrokenGame> {
        let mode = match self.variant.as_deref().map(castling_mode) {
            None => CastlingMode::Standard,
            Some(Some(mode)) => mode,
            Some(None) => {
                return Err(BrokenGame::Variant {
                    name: self.variant.clone().unwrap_or_default().into_owned(),
                });
            }
        };
        match self.fen.take() {
            None => Ok(Judge::new()),
            Some(fen) => starting_position(&fen, mode)
                .map(Judge::from_position)
                .map_err(|reason| BrokenGame::Fen {
                    fen: fen.into_owned(),
                    reason,
                }),
        }
    }
}

/// Whether `pgn-reader` would read a token as SAN (a move outside the notation such as `Pe4`,
/// `--` or `Q@e5` still shows that the text is PGN).
fn reads_as_san(word: &[u8]) -> bool {
    SanPlus::from_ascii(lexer::strip_glyphs(word)).is_ok()
}

/// How the move that decided a verdict is named: in SAN when the notation reads it, with the
/// check or mate sign as written (`O-O` for `0-0`, `e8=Q+` for `e8Q+!`), else as written.
fn fault_text(word: &[u8], token: Option<&MoveToken>) -> String {
    match token {
        Some(token) => {
            let mut san = token.to_string();
            if let Some(&sign @ (b'+' | b'#')) = lexer::strip_glyphs(word).last() {
                san.push(char::from(sign));
            }
            san
        }
        None => text::cut(&String::from_utf8_lossy(word)).into_owned(),
    }
}

/// The castling rules of a `Variant` tag's game (python-chess's names, case and spaces aside):
/// standard chess, Chess960, or `None` for a game other than chess.
fn castling_mode(variant: &str) -> Option<CastlingMode> {
    let name: String = variant
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect::<String>()
        .to_ascii_lowercase();
    match name.as_str() {
        "" | "standard" | "chess" | "classical" | "normal" | "fromposition" => {
            Some(CastlingMode::Standard)
        }
        "chess960" | "fischerandom" | "fischerrandom" => Some(CastlingMode::Chess960),
        _ => None,
    }
}

/// The position of a `FEN` tag, or why it is not one.
fn starting_position(fen: &str, mode: CastlingMode) -> Result<Chess, String> {
    let fen: Fen = fen.parse().map_err(|e| format!("{e}"))?;
    fen.into_position(mode).map_err(|e| format!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(text: &str) -> PgnJudgement {
        judge_game(1, text.as_bytes()).outcome.unwrap()
    }

    #[test]
    fn tags_comments_variations_and_nags_are_skipped() {
        let pgn = "[Event \"x\"]\n[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n[Result \"1-0\"]\n\n\
                   1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Bc4 $1 h6 ; rest of line\n\
                   3. Qh5 a5?! 4. Qxf7# 1-0\n";
        let game = judge_game(7, pgn.as_bytes());
        assert_eq!(
            (game.number, &*game.white, &*game.black),
            (7, "Anderssen", "Kieseritzky")
        );
        assert_eq!(
            game.outcome.as_ref().unwrap().judgement.verdict,
            Verdict::WhiteWin
        );
        assert_eq!(game.agreement(), Some(Agreement::Agrees));
    }

    #[test]
    fn the_first_error_is_named_as_san_or_as_written() {
        let faulty = judged("1. e4 e5 2. Ke3 Nc6 *");
        assert_eq!(faulty.judgement.verdict, Verdict::IllegalMove);
        assert_eq!(faulty.judgement.fault_ply, Some(3));
        assert_eq!(faulty.fault_san.as_deref(), Some("Ke3"));
        assert_eq!(
            judged("1. e4 e5 2. 0-0+!? *").fault_san.as_deref(),
            Some("O-O+")
        );
        assert_eq!(
            judged("1. e4 e5 2. Zz3 *").fault_san.as_deref(),
            Some("Zz3")
        );
        let long = judged(&format!("1. {} *", "x".repeat(100)));
        assert_eq!(long.fault_san, Some(format!("{}...", "x".repeat(60))));
    }

    #[test]
    fn a_fen_tag_sets_the_start_and_a_bad_one_breaks_the_game() {
        let mate = judged("[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Qg7# 1-0\n");
        assert_eq!(mate.judgement.verdict, Verdict::WhiteWin);
        let empty = judge_game(2, b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
        assert!(matches!(empty.outcome, Err(BrokenGame::Fen { .. })));
        // Even without movetext.
        let empty = judge_game(2, b"[FEN \"x\"]\n");
        assert!(matches!(empty.outcome, Err(BrokenGame::Fen { .. })));
    }

    #[test]
    fn e_p_marks_an_en_passant_capture_and_nothing_else() {
        let fen = "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n";
        for movetext in ["1. exd6 e.p. Kd7 *", "1. exd6\te.p.", "1. exd6 e.p.Kd7"] {
            let game = judged(&format!("{fen}{movetext}"));
            assert_eq!(game.judgement.fault_ply, None, "{movetext}");
            assert_eq!(
                game.judgement.plies_played,
                1 + u32::from(movetext.contains('K'))
            );
        }
        // Not after another move, nor twice, nor in other spellings.
        for (movetext, fault) in [
            ("1. exd6 e.p. e.p.", "e"),
            ("1. Ke2 e.p.", "e"),
            ("1. exd6 ep", "ep"),
            ("1. exd6e.p.", "exd6e"),
            ("1. exd6 e. p.", "e"),
            ("1. exd6\ne.p.", "e"),
        ] {
            let game = judged(&format!("{fen}{movetext}"));
            assert_eq!(game.judgement.verdict, Verdict::IllegalMove, "{movetext}");
            assert_eq!(game.fault_san.as_deref(), Some(fault), "{movetext}");
        }
    }

    #[test]
    fn text_that_is_not_pgn_is_a_broken_game() {
        assert_eq!(
            judge_game(1, b"hello world").outcome,
            Err(BrokenGame::NotPgn)
        );
        // An unreadable first token decides nothing until the text shows it is PGN.
        assert_eq!(judged("Zz3 Pe4").judgement.verdict, Verdict::IllegalMove);
        assert_eq!(judged("Zz3 *").fault_san.as_deref(), Some("Zz3"));
    }
}
