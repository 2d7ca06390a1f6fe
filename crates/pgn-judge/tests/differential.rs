//! Our PGN lexer against `pgn-reader` 0.29, the field's reader (a dev-dependency only): the same
//! games, the same tags, the same token boundaries, the same moves; where `pgn-reader` skips a
//! token, ours hands it to the judge, which reports it.
//!
//! Token boundaries are compared without positions: `pgn-reader` reading a whole game must give
//! the moves and results it gives reading each of our tokens alone, one after the other.
//!
//! The deliberate differences (see `lexer.rs`) are left out: a tag value that runs into a line
//! break (an unterminated tag for us; `pgn-reader` takes the value up to the line break and reads
//! on in the same game), byte-order marks at a line start (skipped by us as if absent; so
//! `pgn-reader` reads the text without them), and lines of spaces and tabs alone (blank lines for
//! us, as for python-chess; `pgn-reader` reads them emptied), and `;` comments after a tag (the
//! tag section goes on for us; compared up to the game before).

use std::{io, ops::ControlFlow};

use pgn_judge::{
    MoveToken,
    lexer::{self, Lexer, Scan, Token},
    pgn,
};
use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};
use proptest::prelude::*;

mod common;
use shakmaty::{Chess, Color, Position, san::San};
use test_support::Rng;

/// What `pgn-reader` reports of a game's main line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    San(SanPlus),
    Outcome,
}

#[derive(Debug, Default, PartialEq, Eq)]
struct ReadGame {
    tags: Vec<(Vec<u8>, Vec<u8>)>,
    events: Vec<Event>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = ReadGame;
    type Movetext = ReadGame;
    type Output = ReadGame;

    fn begin_tags(&mut self) -> ControlFlow<ReadGame, ReadGame> {
        ControlFlow::Continue(ReadGame::default())
    }

    fn tag(
        &mut self,
        tags: &mut ReadGame,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<ReadGame> {
        tags.tags.push((name.to_vec(), value.as_bytes().to_vec()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: ReadGame) -> ControlFlow<ReadGame, ReadGame> {
        ControlFlow::Continue(tags)
    }

    fn san(&mut self, game: &mut ReadGame, san: SanPlus) -> ControlFlow<ReadGame> {
        game.events.push(Event::San(san));
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut ReadGame, _outcome: Outcome) -> ControlFlow<ReadGame> {
        game.events.push(Event::Outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: ReadGame) -> ReadGame {
        game
    }
}

/// The games `pgn-reader` reads, `None` for one it gives up on.
fn theirs(text: &[u8]) -> Vec<Option<ReadGame>> {
    let mut reader = Reader::new(text);
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut Collect) {
            Ok(Some(game)) => games.push(Some(game)),
            Ok(None) => return games,
            Err(err) if err.kind() == io::ErrorKind::InvalidData => games.push(None),
            Err(err) => panic!("{err}"),
        }
    }
}

/// The games our lexer splits a text into, as text.
fn ours(text: &[u8]) -> Vec<&[u8]> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(start) = lexer::game_start(rest) {
        rest = &rest[start..];
        let end = match lexer::scan_game(rest) {
            Scan::Ends(end) => end,
            Scan::Open => rest.len(),
        };
        games.push(&rest[..end]);
        rest = &rest[end..];
    }
    games
}

/// The text without the byte-order marks at its start and after each line break.
fn without_line_start_marks(text: &[u8]) -> Vec<u8> {
    const MARK: &[u8] = "\u{feff}".as_bytes();
    let mut out = Vec::with_capacity(text.len());
    let mut line_start = true;
    let mut rest = text;
    while let Some((&byte, tail)) = rest.split_first() {
        if line_start && rest.starts_with(MARK) {
            rest = &rest[MARK.len()..];
            continue;
        }
        out.push(byte);
        line_start = byte == b'\n';
        rest = tail;
    }
    out
}

/// The text with its lines of spaces and tabs alone emptied (their line breaks kept).
fn without_spaces_lines(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for line in text.split_inclusive(|&b| b == b'\n') {
        let body = line
            .strip_suffix(b"\n")
            .map(|body| body.strip_suffix(b"\r").unwrap_or(body));
        match body {
            Some(body) if body.iter().all(|&b| b == b' ' || b == b'\t') => {
                out.extend_from_slice(&line[body.len()..]);
            }
            _ => out.extend_from_slice(line),
        }
    }
    out
}

/// What `pgn-reader` reads of one token alone, in movetext (after an empty comment).
fn reading_of(token: &[u8]) -> Vec<Event> {
    let text = [&b"{} "[..], token].concat();
    match theirs(&text).as_slice() {
        [Some(game)] => game.events.clone(),
        [] => Vec::new(),
        other => panic!("{:?} reads as {other:?}", String::from_utf8_lossy(token)),
    }
}

fn compare(text: &[u8]) -> Result<(), TestCaseError> {
    let games = ours(text);
    let mut deliberate = false;
    let mut expected_games = Vec::new();
    for game in &games {
        let mut tags = Vec::new();
        let mut events = Vec::new();
        let mut broken = false;
        // After a token outside the notation the verdict is decided (Illegal Move): what
        // `pgn-reader` makes of the rest no longer matters.
        let mut decided = false;
        let mut lexer = Lexer::new(game);
        let mut in_tags = game.first() == Some(&b'[');
        loop {
            let before = lexer.offset();
            let token = lexer.next();
            // A `;` comment in the tag section: the section goes on for us, not for
            // `pgn-reader` (a tag value may hold a `;`).
            let read = &game[before..lexer.offset()];
            let comment = match token {
                Some(Token::Tag { value, .. }) => {
                    let start = value.as_ptr() as usize - read.as_ptr() as usize;
                    read[..start].contains(&b';') || read[start + value.len()..].contains(&b';')
                }
                _ => read.contains(&b';'),
            };
            if in_tags && comment {
                deliberate = true;
                break;
            }
            let Some(token) = token else { break };
            in_tags &= matches!(token, Token::Tag { .. });
            if decided && !matches!(token, Token::Broken(_)) {
                continue;
            }
            match token {
                Token::Tag { name, value } => tags.push((name.to_vec(), value.to_vec())),
                Token::Broken(lexer::Syntax::UnterminatedTag) => {
                    deliberate = true;
                    break;
                }
                Token::Broken(lexer::Syntax::UnterminatedComment) => broken = true,
                Token::Result => events.push(Event::Outcome),
                Token::Move(word) => {
                    // `pgn-reader`'s token ends (`is_token_end`) end ours too, but for the
                    // glyphs, which stay with the token they follow, and a `$` that starts one.
                    let body = lexer::strip_glyphs(word);
                    let inner = word.get(1..).unwrap_or_default();
                    prop_assert!(
                        !inner.iter().any(|b| b" \t\n\r{}();.*$".contains(b))
                            && !body.contains(&b'!')
                            && !body.contains(&b'?')
                            && word != b"",
                        "token {:?}",
                        String::from_utf8_lossy(word)
                    );
                    let read = reading_of(word);
                    let token = MoveToken::read(word);
                    // The notation's promotions without `=` (`e8Q`), which `pgn-reader` reads as
                    // a pawn move (`e8`) or skips (`e8Q+`).
                    let promotion_without_equals = matches!(
                        token,
                        Some(MoveToken::Normal {
                            promotion: Some(_),
                            ..
                        })
                    ) && !word.contains(&b'=');
                    match (&token, read.first()) {
                        // Where `pgn-reader` skips a token, ours reports it.
                        (Some(token), None) => prop_assert!(
                            promotion_without_equals,
                            "{token} is read by us, skipped by pgn-reader"
                        ),
                        (Some(token), Some(Event::San(san))) => {
                            prop_assert!(
                                MoveToken::from_san(&san.san) == Some(*token)
                                    || promotion_without_equals,
                                "{:?}: we read {token}, pgn-reader {san}",
                                String::from_utf8_lossy(word)
                            );
                        }
                        _ => {}
                    }
                    decided = token.is_none();
                    events.extend(read);
                }
            }
        }
        if deliberate {
            // From here on the two read different games; compare the games before.
            break;
        }
        expected_games.push((broken || decided, ReadGame { tags, events }));
    }
    let read = theirs(&without_spaces_lines(&without_line_start_marks(text)));
    if deliberate {
        prop_assert!(read.len() >= expected_games.len());
    } else {
        prop_assert_eq!(
            read.len(),
            expected_games.len(),
            "games of {:?}",
            String::from_utf8_lossy(text)
        );
    }
    for (theirs, (cut, ours)) in read.iter().zip(&expected_games) {
        match theirs {
            None => prop_assert!(*cut, "pgn-reader gave up on a game we read"),
            // What follows a decided verdict or an unterminated comment (which `pgn-reader` skips
            // quietly inside a variation) is not compared.
            Some(theirs) if *cut => {
                prop_assert_eq!(&theirs.tags, &ours.tags);
                prop_assert!(
                    theirs.events.starts_with(&ours.events)
                        || ours.events.starts_with(&theirs.events),
                    "{:?}",
                    String::from_utf8_lossy(text)
                );
            }
            Some(theirs) => prop_assert_eq!(theirs, ours),
        }
    }
    Ok(())
}

/// Tag pairs of every tag the judge reads, escaped, repeated, several on a line, with a space
/// before the value, or with a `;` comment after them.
const JUDGED_TAGS: &[&str] = &[
    "[White \"A\"]\n",
    "[Black \"B \\\"C\\\" \\\\\"]\n",
    "[Black  \"\u{e9}\"]",
    "[Result \"0-1\"] [White \"W\"]\n",
    "[Result \"*\"];x\n",
    "[Variant \"Chess960\"]\n",
    "[Variant \"Atomic\"]\n",
    "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n",
    "[White\"\"]\n",
];

/// Each game judged from the tag section the scanner read (what a run does) and by the lexer
/// alone: the same game, whatever the text.
fn scanned_tags_judge_the_same(text: &[u8]) -> Result<(), TestCaseError> {
    let mut rest = text;
    let mut number = 0;
    while let Some(start) = lexer::game_start(rest) {
        rest = &rest[start..];
        // Scanned in the text that goes on after the game, as the splitter does.
        let (scan, tags) = lexer::scan_game_and_tags(rest);
        let end = match scan {
            Scan::Ends(end) => end,
            Scan::Open => rest.len(),
        };
        let game = &rest[..end];
        number += 1;
        if let Some(tags) = tags {
            prop_assert!(tags.movetext <= game.len());
            prop_assert_eq!(
                pgn::judge_scanned_game(number, game, &tags),
                pgn::judge_game(number, game),
                "{:?}",
                String::from_utf8_lossy(game)
            );
        }
        rest = &rest[end..];
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn scanned_tags_judge_as_the_lexers_tags(text in common::fragments(120)) {
        scanned_tags_judge_the_same(text.as_bytes())?;
    }

    #[test]
    fn scanned_tags_judge_as_the_lexers_tags_with_every_judged_tag(parts in prop::collection::vec(
        prop_oneof![prop::sample::select(common::FRAGMENTS), prop::sample::select(JUDGED_TAGS)],
        0..120,
    )) {
        scanned_tags_judge_the_same(parts.concat().as_bytes())?;
    }

    #[test]
    fn scanned_tags_judge_as_the_lexers_tags_on_random_bytes(bytes in prop::collection::vec(
        prop::sample::select(&b" \n\r\t[]\"\\{}();%*.!?$0123-/eNQKOx58=+#Zz\xc2\xbdWhiteBlackResultFENVariant"[..]), 0..300)
    ) {
        scanned_tags_judge_the_same(&bytes)?;
    }

    #[test]
    fn the_same_games_tokens_and_moves_as_pgn_reader(text in common::fragments(120)) {
        compare(text.as_bytes())?;
    }

    #[test]
    fn the_same_on_random_bytes(bytes in prop::collection::vec(
        prop::sample::select(&b" \n\r\t[]\"\\{}();%*.!?$0123-/eNQKOx58=+#Zz\xc2\xbd"[..]), 0..300)
    ) {
        compare(&bytes)?;
    }
}

/// Random legal games written the way archives write them: tags, move numbers, comments, NAGs,
/// variations.
#[test]
fn the_same_on_random_games() {
    let mut rng = Rng::new(0x4449_4646);
    let mut text = String::new();
    for number in 0..200 {
        text.push_str(&format!(
            "[Event \"Test {number}\"]\n[White \"A\"]\n[Black \"B\"]\n\n"
        ));
        let mut pos = Chess::default();
        for _ in 0..rng.below(120) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.index(moves.len())];
            if pos.turn() == Color::White {
                text.push_str(&format!("{}. ", pos.fullmoves()));
            }
            text.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
            match rng.below(10) {
                0 => text.push_str(" {a comment}"),
                1 => text.push_str(" $1"),
                2 => text.push_str("!?"),
                3 => text.push_str(" (1... Nf6 2. e5)"),
                4 => text.push('\n'),
                _ => {}
            }
            text.push(' ');
        }
        text.push_str("*\n\n");
    }
    compare(text.as_bytes()).unwrap();
    // Every move of those games is read the same by both.
    let read = theirs(text.as_bytes());
    assert_eq!(read.len(), 200);
    let sans = read
        .iter()
        .flatten()
        .flat_map(|g| &g.events)
        .filter(|e| {
            matches!(
                e,
                Event::San(SanPlus {
                    san: San::Normal { .. } | San::Castle(_),
                    ..
                })
            )
        })
        .count();
    assert!(sans > 5_000, "{sans} moves");
}

/// Found by the proptests at 30,000 cases: a `[` line without a value, then a line opening with
/// a byte-order mark. The mark is skipped at a line's start wherever the line follows, so the
/// tag on it is read (as `pgn-reader` reads it).
#[test]
fn a_tag_after_a_bare_bracket_line_and_a_byte_order_mark() {
    compare("[\n\u{feff}[White \"A\"]\n".as_bytes()).unwrap();
}
