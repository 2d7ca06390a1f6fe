//! The command line's other entry points: a case as arguments, stdin, a missing file, --help and
//! --version. Expected outputs are the seed's.

use toolkit_cli::fixtures::{Outcome, execute};

const SEED3: &str = "rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R";
const SEED3_OUT: &str = "3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R\n";

fn atomic(args: &[&str], stdin: &str) -> Outcome {
    execute(env!("CARGO_BIN_EXE_atomic"), args, stdin.as_bytes())
}

#[test]
fn a_case_as_two_arguments() {
    let out = atomic(&[SEED3, "f3b7"], "");
    assert_eq!(out.exit, Some(0));
    assert_eq!(out.stdout, SEED3_OUT);
}

#[test]
fn a_case_quoted_as_one_argument() {
    for case in [format!("{SEED3}, f3b7"), format!("{SEED3} f3b7")] {
        let out = atomic(&[&case], "");
        assert_eq!(out.exit, Some(0), "{}", out.stderr);
        assert_eq!(out.stdout, SEED3_OUT);
    }
}

#[test]
fn a_full_fen_as_one_or_several_arguments() {
    let want = "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n";
    let out = atomic(&["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"], "");
    assert_eq!(out.stdout, want);
    let out = atomic(
        &[
            "r3k2r/8/8/8/8/8/8/R3K2R",
            "w",
            "KQkq",
            "-",
            "0",
            "1",
            "e1g1",
        ],
        "",
    );
    assert_eq!(out.stdout, want);
}

#[test]
fn an_illegal_case_as_arguments_has_no_line_number() {
    let out = atomic(&["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "e3e4"], "");
    assert_eq!(out.exit, Some(2));
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "error: no piece on e3\n");
}

#[test]
fn stdin_without_a_file_or_with_a_dash() {
    for args in [&[][..], &["-"][..]] {
        let out = atomic(args, &format!("{SEED3}, f3b7\n\n{SEED3} f3b7"));
        assert_eq!(out.exit, Some(0));
        assert_eq!(out.stdout, format!("{SEED3_OUT}{SEED3_OUT}"));
    }
}

#[test]
fn a_missing_file_is_a_failure_that_names_it() {
    let out = atomic(&["/nonexistent/cases.txt"], "");
    assert_eq!(out.exit, Some(1));
    assert!(
        out.stderr
            .starts_with("error: cannot read \"/nonexistent/cases.txt\": "),
        "{}",
        out.stderr
    );
}

#[test]
fn non_utf8_line_is_reported_and_the_rest_answered() {
    let mut input = b"\xff\xfe f3b7\n".to_vec();
    input.extend_from_slice(format!("{SEED3} f3b7\n").as_bytes());
    let out = execute(env!("CARGO_BIN_EXE_atomic"), &[], &input);
    assert_eq!(out.exit, Some(2));
    assert_eq!(out.stdout, SEED3_OUT);
    assert_eq!(
        out.stderr,
        "error: line 1: not UTF-8 text (byte 0xFF at column 1)\n"
    );
}

/// Issue 16, defect 5: a leading UTF-8 byte-order mark is dropped, as every tool drops it.
#[test]
fn atomic_byte_order_mark_is_dropped() {
    let input = "\u{feff}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\n";
    for args in [&[][..], &["-"][..]] {
        let out = atomic(args, input);
        assert_eq!(out.exit, Some(0), "{}", out.stderr);
        assert_eq!(
            out.stdout,
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R\n"
        );
    }
}

/// Issue 16, defect 6: a quoted case with a rank missing gets the FEN error, exit 2, not
/// "cannot read": whether one argument is a case does not depend on the case being valid.
#[test]
fn atomic_quoted_case_with_a_rank_missing() {
    let case = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR g1f3";
    let out = atomic(&[case], "");
    assert_eq!(out.exit, Some(2));
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        format!("error: FEN has 7 ranks, expected 8 (and no file is named {case:?})\n")
    );
    // A file name with a space that names no file reads as a case too, and says so.
    let out = atomic(&["my cases.txt"], "");
    assert_eq!(out.exit, Some(2));
    assert_eq!(
        out.stderr,
        "error: move \"cases.txt\" is not two squares and an optional promotion letter, like \
         e2e4 or e7e8q (and no file is named \"my cases.txt\")\n"
    );
}

#[test]
fn help_and_version() {
    let out = atomic(&["--help"], "");
    assert_eq!(out.exit, Some(0));
    let help = out.stdout;
    assert!(help.contains("--no-check") && help.contains("--explain") && help.contains("Example:"));
    let out = atomic(&["--version"], "");
    assert_eq!(
        out.stdout,
        format!("atomic {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn json_conflicts_with_text_flags() {
    let out = atomic(&["--json", "--explain", SEED3, "f3b7"], "");
    assert_eq!(out.exit, Some(2));
}
