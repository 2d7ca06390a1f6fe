//! Property tests: no input panics; the fast placement parser agrees with `chess-core`'s.

use atomic::{
    Options,
    case::{Case, parse_placement_fast},
    run_batch,
    solve::{Checking, solve},
};
use chess_core::placement::parse_placement;
use proptest::prelude::*;
use toolkit_cli::Diagnostics;

/// Placement-like text: piece letters, digits (some invalid), slashes, a few strangers.
fn placement_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select(vec![
            'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5',
            '6', '7', '8', '9', '0', '/', '/', '/', 'x', ' ', ',',
        ]),
        0..80,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// A valid placement: 8 ranks of random pieces and gaps.
fn placement() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::collection::vec(
            prop::sample::select(vec![
                "p", "n", "b", "r", "q", "k", "P", "N", "B", "R", "Q", "K", "1", "1", "1", "1",
            ]),
            8,
        ),
        8,
    )
    .prop_map(|ranks| {
        ranks
            .into_iter()
            .map(|squares| squares.concat())
            .collect::<Vec<_>>()
            .join("/")
    })
}

fn token() -> impl Strategy<Value = String> {
    (
        0u8..8,
        0u8..8,
        0u8..8,
        0u8..8,
        prop::sample::select(vec!["", "", "", "q", "r", "b", "n", "k", "Q"]),
    )
        .prop_map(|(a, b, c, d, p)| {
            format!(
                "{}{}{}{}{p}",
                char::from(b'a' + a),
                char::from(b'1' + b),
                char::from(b'a' + c),
                char::from(b'1' + d)
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn fast_placement_agrees_with_core(text in placement_like()) {
        prop_assert_eq!(parse_placement_fast(text.as_bytes()), parse_placement(&text).ok());
    }

    #[test]
    fn any_line_gives_an_answer_or_an_error(line in "\\PC{0,90}") {
        if let Ok(case) = Case::from_line(&line) {
            let _ = solve(&case, Checking::Check);
            let _ = solve(&case, Checking::NoCheck);
        }
    }

    #[test]
    fn random_positions_and_moves_never_panic(
        placement in placement(),
        token in token(),
        fields in prop::sample::select(vec!["", " w - - 0 1", " b KQkq - 5 9", " w KQ e6 0 3", " b - d3 0 2"]),
    ) {
        let line = format!("{placement}{fields} {token}");
        // Only a king promotion letter makes the line malformed.
        let case = Case::from_line(&line);
        prop_assert_eq!(case.is_ok(), !token.ends_with(['k']), "{}: {:?}", line, case);
        if let Ok(case) = case {
            for checking in [Checking::Check, Checking::NoCheck] {
                let _ = solve(&case, checking);
            }
        }
        for options in [
            Options::default(),
            Options { explain: true, board: true, ..Options::default() },
            Options { json: true, checking: Checking::NoCheck, ..Options::default() },
        ] {
            let mut out = Vec::new();
            let mut diag = Diagnostics::new(Vec::new());
            let result = run_batch(line.as_bytes(), &options, &mut out, &mut diag);
            prop_assert!(result.is_ok());
        }
    }
}
