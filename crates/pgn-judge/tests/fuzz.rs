//! Property tests of both readers: any input gives verdicts or errors, never a panic or a hang.

use pgn_judge::{MoveToken, games, pgn};
use proptest::prelude::*;

/// Pieces of both formats, so random inputs reach deep into the readers and the judge.
const FRAGMENTS: &[&str] = &[
    "e4",
    "e5",
    "d4",
    "d5",
    "exd5",
    "ed5",
    "Nf3",
    "Nc6",
    "Bc4",
    "Bb5",
    "Qh5",
    "Qxf7",
    "Qf7#",
    "Kg1",
    "O-O",
    "0-0",
    "O-O-O",
    "0-0-0",
    "e8=Q",
    "hxg8",
    "Nbd2",
    "R1e2",
    "Qh4e1",
    "Pe4",
    "e2e4",
    "--",
    "Q@e4",
    "1.",
    "2...",
    " ",
    "\n",
    "\r\n",
    "\t",
    "0",
    "1",
    "3",
    "7",
    "-1",
    "x",
    "+",
    "#",
    "!?",
    "{",
    "}",
    "(",
    ")",
    ";",
    "$1",
    "%",
    "*",
    "1-0",
    "0-1",
    "1/2-1/2",
    "[White \"A\"]\n",
    "[Result \"1-0\"]\n",
    "[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n",
    "[FEN \"x\"]\n",
    "[",
    "]",
    "\"",
    "\\",
    "\u{feff}",
    "\u{e9}",
    "Zz3",
    "e9",
    "e4++",
    "e8Q",
    "a8N",
    "N",
    "Ng1-f3",
    "$x",
    "!!!",
    "\0",
];

fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..200).prop_map(|parts| parts.join(" "))
}

fn judge_all(text: &str) -> usize {
    games::read(text)
        .map(|game| game.map(|g| g.judge().0.plies_played).unwrap_or_default() as usize)
        .sum()
}

fn read_all_pgn(bytes: &[u8]) -> usize {
    let mut count = 0;
    for game in pgn::read(bytes) {
        let game = game.expect("reading from memory cannot fail");
        count += 1;
        assert_eq!(game.number, count);
        // The readers must always end: no more games than bytes (plus one).
        assert!(count <= bytes.len() + 1);
        let _ = pgn_judge::render::pgn_line(&game, true);
    }
    count
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn judge_format_never_panics(text in any::<String>()) {
        judge_all(&text);
    }

    #[test]
    fn judge_format_fragments_never_panic(text in fragments()) {
        judge_all(&text);
    }

    #[test]
    fn pgn_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        read_all_pgn(&bytes);
    }

    #[test]
    fn pgn_fragments_never_panic(text in fragments()) {
        read_all_pgn(text.as_bytes());
    }

    #[test]
    fn parsed_tokens_print_back_to_themselves(text in "[KQRBNa-hx1-8=O0+#!?-]{1,8}") {
        if let Ok(token) = text.parse::<MoveToken>() {
            prop_assert_eq!(token.to_string().parse::<MoveToken>(), Ok(token));
        }
    }
}
