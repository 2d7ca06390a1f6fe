//! Property tests of both readers: any input gives verdicts or errors, never a panic or a hang,
//! and the PGN output does not depend on how the work is shared.

use std::num::NonZeroUsize;

use pgn_judge::{Format, MoveToken, Options, Output, games, run};
use proptest::prelude::*;

mod common;
use toolkit_cli::{Diagnostics, Input, Lines};

fn judge_all(bytes: &[u8]) -> u64 {
    games::read(Lines::new(bytes))
        .map(|game| {
            game.map(|g| u64::from(g.judgement.plies_played))
                .unwrap_or_default()
        })
        .sum()
}

/// stdout and stderr of a PGN run.
fn pgn_run(bytes: &[u8], jobs: usize, chunk_bytes: usize, output: Output) -> (String, String) {
    let options = Options {
        format: Format::Pgn,
        output,
        first_error: true,
        jobs: NonZeroUsize::new(jobs).unwrap(),
        summary: true,
        chunk_bytes,
        ..Options::default()
    };
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    run(Input::from_bytes(bytes), &options, &mut out, &mut diag).unwrap();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(diag.into_inner()).unwrap(),
    )
}

/// The PGN reader must end, number its games from 1, and give the same output whatever the
/// number of threads and the chunk size.
fn check_pgn(bytes: &[u8]) -> Result<(), TestCaseError> {
    let (out, err) = pgn_run(bytes, 1, 1 << 20, Output::Text);
    for (i, line) in out.lines().enumerate() {
        prop_assert!(line.starts_with(&format!("{}. ", i + 1)), "{line}");
    }
    prop_assert!(out.lines().count() <= bytes.len() + 1);
    prop_assert_eq!(pgn_run(bytes, 3, 64, Output::Text), (out, err));
    let json = pgn_run(bytes, 1, 1 << 20, Output::Json);
    prop_assert_eq!(pgn_run(bytes, 2, 100, Output::Json), json);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn judge_format_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        judge_all(&bytes);
    }

    #[test]
    fn judge_format_fragments_never_panic(text in common::fragments(200)) {
        judge_all(text.as_bytes());
    }

    #[test]
    fn pgn_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        check_pgn(&bytes)?;
    }

    #[test]
    fn pgn_fragments_never_panic(text in common::fragments(200)) {
        check_pgn(text.as_bytes())?;
    }

    #[test]
    fn parsed_tokens_print_back_to_themselves(text in "[KQRBNa-hx1-8=O0+#!?-]{1,8}") {
        if let Ok(token) = text.parse::<MoveToken>() {
            prop_assert_eq!(token.to_string().parse::<MoveToken>(), Ok(token));
        }
    }
}
