//! What the fixture runner cannot show: input from stdin, `--help` and `--version`.

use std::path::{Path, PathBuf};

use toolkit_cli::fixtures::{Outcome, execute};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/elo")
        .join(name)
}

fn run(args: &[&str], stdin: &[u8]) -> Outcome {
    execute(env!("CARGO_BIN_EXE_elo"), args, stdin)
}

#[test]
fn reads_stdin_without_a_file_or_with_a_dash() {
    let input = std::fs::read(fixture("seed2.in")).unwrap();
    let expected = std::fs::read_to_string(fixture("seed2.out")).unwrap();
    for args in [&[][..], &["-"][..]] {
        let out = run(args, &input);
        assert_eq!(out.exit, Some(0), "{args:?}");
        assert_eq!(out.stdout, expected, "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn help_shows_the_input_format_and_an_example() {
    let out = run(&["--help"], b"");
    assert_eq!(out.exit, Some(0));
    let help = out.stdout;
    for needle in [
        "records of 5 lines",
        "1000-5000",
        "W: Garry Kasparov(2800) 2802 2797 2792",
        "--unicode",
        "--json",
        "--result <RESULT>",
        "not FIDE's full rules",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}:\n{help}");
    }
}

#[test]
fn version() {
    let out = run(&["--version"], b"");
    assert_eq!(out.exit, Some(0));
    assert_eq!(out.stdout, format!("elo {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn a_usage_error_is_one_line_with_exit_2() {
    let out = run(&["--result", "1/2"], b"");
    assert_eq!(out.exit, Some(2));
    assert_eq!(
        out.stderr,
        "error: invalid value '1/2' for '--result <RESULT>': result \"1/2\" is not one of 1-0, 1/2-1/2, 0-1\n"
    );
}

/// A reader that stops early (`elo FILE | head -n 1`) ends the run quietly, but a bad record
/// reported before still makes it exit 2.
#[test]
fn a_bad_record_still_exits_2_when_the_reader_stops_early() {
    use std::{
        io::{Read, Write},
        process::{Command, Stdio},
    };
    let good = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\nA\n1600 60\nB\n1200 24\n\n";
    let input = format!("bad\n\n{}", good.repeat(5000));
    let mut child = Command::new(env!("CARGO_BIN_EXE_elo"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe's reader is gone: the next write fails with a broken pipe.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert_eq!(stderr, "error: line 1: FEN has 1 rank, expected 8\n");
}
