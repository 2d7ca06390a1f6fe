//! Hostile and broken input through the library's `run`, in-process: every regression of issue
//! 16 that concerns pgn-judge, named after its defect, and the batch rules of issue 14 (every
//! fixture and random archives give the same output on one thread and on several).

use std::{fs, num::NonZeroUsize, path::Path};

use pgn_judge::{Format, Options, Output, run};
use toolkit_cli::{Diagnostics, Input, Status};

/// stdout, stderr and the exit status of a run.
fn judge(input: &[u8], options: &Options) -> (String, String, Status) {
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    run(Input::from_bytes(input), options, &mut out, &mut diag).unwrap();
    let status = diag.status();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(diag.into_inner()).unwrap(),
        status,
    )
}

fn pgn() -> Options {
    Options {
        format: Format::Pgn,
        ..Options::default()
    }
}

#[test]
fn defect_2_a_byte_that_is_not_text_after_the_final_zero_changes_nothing() {
    let (out, err, status) = judge(
        b"7\ne4\ne5\nBc4\nh6\nQh5\na5\nQf7\n0\n\xff\n",
        &Options::default(),
    );
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        ("White Win\n", "", Status::Success)
    );
}

#[test]
fn defect_2_a_game_that_is_not_text_gets_its_error_and_the_others_their_verdicts() {
    let (out, err, status) = judge(b"1\ne4\n1\n\xe9\n1\nf3\n0\n", &Options::default());
    assert_eq!(out, "Draw\nDraw\n");
    assert_eq!(
        err,
        "error: line 4: not UTF-8 text (byte 0xE9 at column 1)\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn defect_3_a_line_over_a_mebibyte_is_an_error_not_a_memory_hog() {
    let mut input = b"1\ne4\n2\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 2 << 20));
    let (out, err, status) = judge(&input, &Options::default());
    assert_eq!(out, "Draw\n");
    assert_eq!(err, "error: line 4: longer than 1 MiB\n");
    assert_eq!(status, Status::Invalid);
}

#[test]
fn defect_7_a_tag_value_over_16_kb_is_a_tag() {
    let input = format!(
        "[Event \"{}\"]\n[White \"C\"]\n\n1. e4 *\n",
        "x".repeat(16_400)
    );
    let (out, err, status) = judge(input.as_bytes(), &pgn());
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        ("1. C - ?: Draw; no Result tag\n", "", Status::Success)
    );
}

#[test]
fn defect_7_an_unterminated_tag_line_breaks_its_game_and_the_next_game_is_read() {
    let input = b"[White \"A\n\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n";
    let (out, err, status) = judge(input, &pgn());
    assert_eq!(out, "1. ? - ?: broken PGN\n2. A - B: Draw; no Result tag\n");
    assert_eq!(err, "error: game 1: broken PGN: unterminated tag\n");
    assert_eq!(status, Status::Invalid);
}

#[test]
fn defect_8_a_huge_bad_token_is_cut_in_the_message() {
    let token = "Z".repeat(3 << 20);
    let options = Options {
        first_error: true,
        ..pgn()
    };
    let (out, _, _) = judge(format!("1. e4 {token} *\n").as_bytes(), &options);
    assert_eq!(
        out,
        format!(
            "1. ? - ?: Illegal Move at ply 2: {}...; no Result tag\n",
            "Z".repeat(60)
        )
    );
    // A game past 4 MiB is not read at all.
    let token = "Z".repeat(10 << 20);
    let (out, err, _) = judge(format!("1. e4 {token} *\n").as_bytes(), &options);
    assert_eq!(out, "1. ? - ?: broken PGN\n");
    assert_eq!(
        err,
        "error: game 1: broken PGN: longer than 4 MiB (skipped up to the next tag pair line)\n"
    );
    // The judge format's line limit is 1 MiB.
    let token = "Z".repeat(900_000);
    let json = Options {
        output: Output::Json,
        first_error: true,
        ..Options::default()
    };
    let (out, _, _) = judge(format!("2 e4 {token}\n").as_bytes(), &json);
    assert_eq!(
        out,
        format!(
            "{{\"game\":1,\"verdict\":\"Illegal Move\",\"fault\":{{\"ply\":2,\"move\":\"{}...\"}}}}\n",
            "Z".repeat(60)
        )
    );
}

#[test]
fn binary_data_is_one_error_not_a_flood_of_broken_games() {
    let mut input = b"1. e4 *\n\n".to_vec();
    let mut rng = test_support::Rng::new(16);
    input.extend((0..1 << 20).map(|_| rng.below(256) as u8));
    input.extend_from_slice(b"\n\n[White \"After\"]\n\n1. d4 *\n");
    let (out, err, status) = judge(&input, &pgn());
    let games: Vec<&str> = out.lines().collect();
    assert_eq!(games.first(), Some(&"1. ? - ?: Draw; no Result tag"));
    assert_eq!(
        games.last(),
        Some(&format!("{}. After - ?: Draw; no Result tag", games.len()).as_str())
    );
    assert_eq!(games.len(), 2, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: bytes 9 to "), "{err}");
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_zip_archive_on_stdin_is_refused_with_a_hint() {
    let (out, err, status) = judge(b"PK\x03\x04rest", &pgn());
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: standard input is a zip archive: pass its path instead (a zip's directory is at its end)\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn the_summary_counts_verdicts_and_result_tags() {
    let input = b"[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                  [Result \"1-0\"]\n\n1. e4 *\n\n1. Zz3 *\n\n[White \"x\n";
    let options = Options {
        summary: true,
        ..pgn()
    };
    let (_, err, _) = judge(input, &options);
    assert!(
        err.ends_with(
            "summary:\n  games            4\n  moves            8\n  White Win        1\n  \
             Black Win        0\n  Stalemate        0\n  Draw             1\n  \
             Dead Moves       0\n  Puzzle Move      0\n  Illegal Move     1\n  \
             broken PGN       1\n  Result agrees    1\n  Result disagrees 1\n  \
             no Result tag    1\n  errors           1\n"
        ),
        "{err}"
    );
    let json = Options {
        output: Output::Json,
        ..options
    };
    let (out, _, _) = judge(input, &json);
    assert_eq!(
        out.lines().last(),
        Some(
            "{\"summary\":{\"games\":4,\"moves\":8,\"verdicts\":{\"White Win\":1,\"Black Win\":0,\
             \"Stalemate\":0,\"Draw\":1,\"Dead Moves\":0,\"Puzzle Move\":0,\"Illegal Move\":1},\
             \"broken\":1,\"results\":{\"agrees\":1,\"disagrees\":1,\"missing\":1},\"errors\":1}}"
        )
    );
}

/// The options a fixture's `.args` asks for.
fn fixture_options(dir: &Path, case: &str) -> Option<Options> {
    let args = fs::read_to_string(dir.join(format!("{case}.args"))).unwrap_or_default();
    let mut options = Options::default();
    for arg in args.lines() {
        match arg {
            "--pgn" => options.format = Format::Pgn,
            "--json" => options.output = Output::Json,
            "--first-error" => options.first_error = true,
            "{stdin}" | "{in}" => {}
            // A fixture about the command line itself.
            _ => return None,
        }
    }
    Some(options)
}

#[test]
fn every_fixture_gives_the_same_output_on_one_thread_and_on_several() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pgn-judge");
    let mut cases = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let case = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let Some(options) = fixture_options(&dir, &case) else {
            continue;
        };
        let input = fs::read(&path).unwrap();
        let one = judge(&input, &options);
        for (jobs, chunk_bytes) in [(2, 64), (3, 200), (4, 1 << 20)] {
            let options = Options {
                jobs: NonZeroUsize::new(jobs).unwrap(),
                chunk_bytes,
                ..options
            };
            assert_eq!(judge(&input, &options), one, "{case} with -j {jobs}");
        }
        cases += 1;
    }
    assert!(cases >= 40, "{cases} fixtures");
}
