//! Issue 16, defect 3: memory is bounded by the line, not by the input. 200 MB of random bytes
//! (lines of any bytes, mostly not UTF-8) stream through the binary, which must answer or report every line,
//! never hold the input, and end with exit 2.

use test_support::stress::{random_bytes, random_line, stream};

/// How much is streamed through the tool.
const TOTAL: u64 = 200_000_000;

#[test]
fn atomic_memory_is_bounded_by_the_line() {
    let run = stream(env!("CARGO_BIN_EXE_atomic"), &[], TOTAL, random_bytes(16));
    run.assert_bounded(TOTAL, 2);
    // About one line in 256 bytes, each a bad case or a line that is not UTF-8 text.
    assert!(
        run.stderr_lines > TOTAL / 1024,
        "{} errors",
        run.stderr_lines
    );
}

/// One line longer than the memory bound: read past, not held.
#[test]
fn atomic_line_over_a_mebibyte_is_one_error() {
    let total = 100_000_000;
    let run = stream(env!("CARGO_BIN_EXE_atomic"), &[], total, random_line(17));
    run.assert_bounded(total, 2);
    assert_eq!(run.stderr_head, ["error: line 1: longer than 1 MiB"]);
}
