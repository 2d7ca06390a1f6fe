//! The library's `run` in-process: a batch with bad lines among good ones, in every output
//! format, answers every good line in order and reports each bad one once, with its line.
//! Expected positions are the seed's (specs/atomic.md).

use atomic::{Format, Options, Source, run, solve::Checking};
use toolkit_cli::{Diagnostics, Input, Status};

const SEED1: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3";
const SEED1_OUT: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R";
const SEED5: &str = "5r2/2k5/p1B5/1pP1p3/1P4P1/3P4/P7/1K3R1q, c6h1";
const SEED5_OUT: &str = "5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2";

/// Runs `input` as a file: stdout, stderr and the status.
fn batch(input: &[u8], options: Options) -> (String, String, Status) {
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    let source = Source::Lines(Input::from_bytes(input.to_vec()));
    run(source, &options, &mut out, &mut diag).expect("writing to memory");
    let status = diag.status();
    let err = String::from_utf8(diag.into_inner()).expect("UTF-8 messages");
    (String::from_utf8(out).expect("UTF-8 answers"), err, status)
}

/// Good, illegal, malformed, not UTF-8, blank, good.
fn mixed() -> Vec<u8> {
    let mut input = format!("{SEED1}\n{SEED1_OUT} e3e4\nnonsense\n").into_bytes();
    input.extend_from_slice(b"G\xe9rry e2e4\n\n  \n");
    input.extend_from_slice(SEED5.as_bytes());
    input
}

const MIXED_ERRORS: &str = "error: line 2: no piece on e3\n\
                            error: line 3: expected a placement and a move (like \
                            \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\"), found \"nonsense\"\n\
                            error: line 4: not UTF-8 text (byte 0xE9 at column 2)\n";

#[test]
fn a_bad_line_among_good_ones_in_text() {
    let (out, err, status) = batch(&mixed(), Options::default());
    assert_eq!(out, format!("{SEED1_OUT}\n{SEED5_OUT}\n"));
    assert_eq!(err, MIXED_ERRORS);
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_bad_line_among_good_ones_with_explain_and_board() {
    let options = Options {
        format: Format::Text {
            explain: true,
            board: true,
        },
        ..Options::default()
    };
    let (out, err, status) = batch(&mixed(), options);
    let answers: Vec<&str> = out.lines().filter(|l| l.contains('/')).collect();
    assert_eq!(answers, [SEED1_OUT, SEED5_OUT]);
    assert_eq!(out.matches("# a b c d e f g h #").count(), 4);
    assert!(out.contains("  g1f3: the white knight on g1 moves to f3\n"));
    assert_eq!(err, MIXED_ERRORS);
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_bad_line_among_good_ones_in_json() {
    let options = Options {
        format: Format::Json,
        checking: Checking::NoCheck,
    };
    let (out, err, status) = batch(&mixed(), options);
    let fens: Vec<String> = out
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("one object a line");
            value["fen"].as_str().expect("a fen").to_owned()
        })
        .collect();
    assert_eq!(fens, [SEED1_OUT, SEED5_OUT]);
    // Without the legality check, e3e4 is still no move (no piece on e3).
    assert_eq!(err, MIXED_ERRORS);
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_good_batch_succeeds() {
    let (out, err, status) = batch(
        format!("{SEED1}\r\n{SEED5}\r\n").as_bytes(),
        Options::default(),
    );
    assert_eq!(out, format!("{SEED1_OUT}\n{SEED5_OUT}\n"));
    assert_eq!((err.as_str(), status), ("", Status::Success));
}

#[test]
fn a_case_from_the_arguments_has_no_line_number() {
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    let source = Source::Case(format!("{SEED1_OUT} e3e4"));
    run(source, &Options::default(), &mut out, &mut diag).expect("writing to memory");
    assert!(out.is_empty());
    assert_eq!(diag.into_inner(), b"error: no piece on e3\n");
}

/// Without the legality check a move may explode both kings: the explanation says the game is
/// over as `--json` does (the spec's rule: a side whose king explodes loses; both at once end it).
#[test]
fn explain_names_the_end_when_both_kings_explode() {
    let options = Options {
        format: Format::Text {
            explain: true,
            board: false,
        },
        checking: Checking::NoCheck,
    };
    let (out, err, status) = batch(b"k7/8/8/8/8/8/8/K7 a1a8\n", options);
    assert!(
        out.contains(
            "  White's king exploded\n  Black's king exploded\n  game over: both kings exploded\n"
        ),
        "{out}"
    );
    assert_eq!(err, "");
    assert_eq!(status, Status::Success);
}
