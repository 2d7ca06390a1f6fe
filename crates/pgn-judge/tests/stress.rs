//! Issue 16, defect 3: memory is bounded by the record, not by the input. 200 MB of hostile
//! input stream through the binary in both formats; the peak resident memory is the child's
//! `VmHWM`. No timing is asserted.

use test_support::stress::{random_bytes, random_line, stream};

/// How much is streamed through the tool.
const TOTAL: u64 = 200_000_000;

/// Random bytes after `head`.
fn after(head: &'static [u8], mut random: impl FnMut(&mut [u8])) -> impl FnMut(&mut [u8]) {
    let mut first = true;
    move |chunk: &mut [u8]| {
        random(chunk);
        if std::mem::take(&mut first) {
            chunk[..head.len()].copy_from_slice(head);
        }
    }
}

#[test]
fn defect_3_random_bytes_in_the_judge_format() {
    let binary = env!("CARGO_BIN_EXE_pgn-judge");
    // A first count that is not a number ends the series at once: one error.
    let run = stream(binary, &[], TOTAL, random_bytes(1));
    assert_eq!(run.exit, Some(2));
    assert_eq!(run.stderr_lines, 1, "{:?}", run.stderr_head);
    // A game of a billion moves of random bytes is read to the end, one line at a time, and is
    // cut short.
    let run = stream(binary, &[], TOTAL, after(b"1000000000\n", random_bytes(2)));
    run.assert_bounded(TOTAL, 2);
    assert_eq!(run.stderr_lines, 1, "{:?}", run.stderr_head);
    // A line over a mebibyte ends the series: its moves cannot be counted.
    let run = stream(binary, &[], TOTAL, after(b"5\n", random_line(3)));
    assert_eq!(run.exit, Some(2));
    assert_eq!(run.stderr_head, ["error: line 2: longer than 1 MiB"]);
}

#[test]
fn defect_3_random_bytes_as_pgn() {
    let binary = env!("CARGO_BIN_EXE_pgn-judge");
    for jobs in ["1", "3"] {
        let head = b"[Event \"x\"]\n\n1. e4 ";
        let run = stream(
            binary,
            &["--pgn", "-j", jobs],
            TOTAL,
            after(head, random_bytes(4)),
        );
        run.assert_bounded(TOTAL, 2);
        // One run of binary data, one error.
        assert_eq!(run.stderr_lines, 1, "{:?}", run.stderr_head);
    }
}
