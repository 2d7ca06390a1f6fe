//! The library's `run` in-process: a batch with bad records among good ones, in every output
//! format, answers every good record in order and reports each bad one once, with its line.
//! Expected answers are the seed's (`fixtures/elo/seed*.out`, from specs/elo.md).

use std::path::Path;

use chess_core::render::Glyphs;
use elo::{Format, Options, Outcome, run};
use toolkit_cli::{Diagnostics, Input, Status};

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/elo")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(name: &str) -> String {
    String::from_utf8(fixture(name)).expect("UTF-8 fixture")
}

/// Runs `input`: stdout, stderr and the status.
fn batch(input: Vec<u8>, options: &Options) -> (String, String, Status) {
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    run(Input::from_bytes(input), options, &mut out, &mut diag).expect("writing to memory");
    let status = diag.status();
    let err = String::from_utf8(diag.into_inner()).expect("UTF-8 messages");
    (String::from_utf8(out).expect("UTF-8 answers"), err, status)
}

/// The command: seed 1, seed 2 with a byte that is not UTF-8 in a name, seed 3.
fn seeds_with_a_bad_byte() -> Vec<u8> {
    let mut input = fixture("seed1.in");
    input.push(b'\n');
    let seed2 = text("seed2.in");
    let (before, after) = seed2
        .split_once("Garry")
        .expect("seed 2 names Garry Kasparov");
    input.extend_from_slice(before.as_bytes());
    input.extend_from_slice(b"G\xe9rry");
    input.extend_from_slice(after.as_bytes());
    input.push(b'\n');
    input.extend(fixture("seed3.in"));
    input
}

/// Issue 16, defect 2: one bad byte loses only its own record; the others are answered.
#[test]
fn elo_one_bad_byte_loses_only_its_record() {
    let (out, err, status) = batch(seeds_with_a_bad_byte(), &Options::default());
    assert_eq!(out, format!("{}\n{}", text("seed1.out"), text("seed3.out")));
    assert_eq!(
        err,
        "error: line 8: not UTF-8 text (byte 0xE9 at column 2)\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn bad_records_among_good_ones_in_json() {
    let mut input = seeds_with_a_bad_byte();
    input.extend_from_slice(b"\n8/8/8\nA\n1600 60\nB\n1600 60\n\n");
    input.extend(fixture("seed2.in"));
    let options = Options {
        format: Format::Json,
        glyphs: Glyphs::Unicode,
        result: Some(Outcome::Draw),
    };
    let (out, err, status) = batch(input, &options);
    let answers: Vec<(u64, String, i64)> = out
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("one object a line");
            (
                value["line"].as_u64().expect("line"),
                value["white"]["name"].as_str().expect("name").to_owned(),
                value["white"]["after_result"]
                    .as_i64()
                    .expect("after_result"),
            )
        })
        .collect();
    // The draw column of the seed's lines 11: 1592, 2850, 2797.
    assert_eq!(
        answers,
        [
            (1, "Name1 Surname1".to_owned(), 1592),
            (13, "Magnus Carlson".to_owned(), 2850),
            (25, "Garry Kasparov".to_owned(), 2797),
        ]
    );
    assert_eq!(
        err,
        "error: line 8: not UTF-8 text (byte 0xE9 at column 2)\n\
         error: line 19: FEN has 3 ranks, expected 8\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_record_cut_by_the_end_of_the_input_after_good_ones() {
    let mut input = fixture("seed1.in");
    input.extend_from_slice(b"8/8/8/8/8/8/8/8\nA\n");
    let (out, err, status) = batch(input, &Options::default());
    assert_eq!(out, text("seed1.out"));
    assert_eq!(
        err,
        "error: line 8: White's rating and game count is missing: the input ends after 2 of the \
         record's 5 lines\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_good_batch_succeeds() {
    let (out, err, status) = batch(fixture("batch_seeds.in"), &Options::default());
    assert_eq!(out, text("batch_seeds.out"));
    assert_eq!((err.as_str(), status), ("", Status::Success));
}
