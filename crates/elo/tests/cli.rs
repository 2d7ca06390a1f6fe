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
