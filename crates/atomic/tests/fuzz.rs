//! Property tests of atomic cases: no input panics, and in a batch every non-blank line gets
//! exactly one answer or one error, whatever its bytes.

use atomic::{
    Format, Options, Source,
    case::Case,
    run,
    solve::{Checking, solve},
};
use proptest::prelude::*;
use toolkit_cli::{Diagnostics, Input};

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
            Options { format: Format::Text { explain: true, board: true }, ..Options::default() },
            Options { format: Format::Json, checking: Checking::NoCheck },
        ] {
            let (out, errors) = batch(line.as_bytes(), &options);
            prop_assert!(!out.is_empty() || errors == 1, "{}", line);
        }
    }

    /// Any bytes, cases among them: each non-blank line is answered once or reported once.
    #[test]
    fn every_line_gets_one_answer_or_one_error(
        lines in prop::collection::vec(
            prop_oneof![
                2 => prop::collection::vec(any::<u8>(), 0..60),
                1 => (placement(), token()).prop_map(|(p, t)| format!("{p}, {t}").into_bytes()),
                1 => Just(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3".to_vec()),
            ],
            0..12,
        ),
    ) {
        let input = lines.join(&b'\n');
        let expected = input
            .split(|&b| b == b'\n')
            .filter(|line| std::str::from_utf8(line).map_or(true, |text| !text.trim().is_empty()))
            .count();
        let (out, errors) = batch(&input, &Options::default());
        let answers = out.iter().filter(|&&b| b == b'\n').count();
        prop_assert_eq!(answers + errors, expected);
    }
}

/// Runs `input` as a file of cases: stdout, and how many `error:` lines it gave.
fn batch(input: &[u8], options: &Options) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    let mut diag = Diagnostics::new(Vec::new());
    let source = Source::Lines(Input::from_bytes(input.to_vec()));
    run(source, options, &mut out, &mut diag).expect("writing to memory");
    let errors = String::from_utf8_lossy(&diag.into_inner())
        .lines()
        .filter(|l| l.starts_with("error: "))
        .count();
    (out, errors)
}
