//! 200 MB of hostile input streamed through the binary, both formats: memory stays bounded by
//! the record (issue 16, defect 3), whatever the size of the input. The peak resident memory is
//! the child's `VmHWM`; no timing is asserted.

use test_support::stress::{Stressed, random_bytes, stream};

const TOTAL: u64 = 200 << 20;
const LIMIT_KIB: u64 = 64 << 10;

fn check(run: &Stressed, what: &str) {
    assert_eq!(run.exit, Some(2), "{what}: {:?}", run.stderr_head);
    // A run that stops at once may end before its memory is read.
    let Some(peak) = run.peak_rss_kib else {
        eprintln!("{what}: ended before its memory was read");
        return;
    };
    eprintln!("{what}: peak RSS {peak} KiB");
    assert!(peak < LIMIT_KIB, "{what}: peak RSS {peak} KiB: {:?}", run.stderr_head);
}

/// Random bytes after `head`.
fn after(head: &'static [u8], seed: u64) -> impl FnMut(&mut [u8]) {
    let mut random = random_bytes(seed);
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
    // A first count that is not a number ends the series at once.
    let run = stream(binary, &[], TOTAL, random_bytes(1));
    check(&run, "random bytes");
    assert_eq!(run.stderr_lines, 1);
    // A game of a billion moves of random bytes is read to the end, one line at a time.
    let run = stream(binary, &[], TOTAL, after(b"1000000000\n", 2));
    check(&run, "a billion random moves");
    assert_eq!(run.bytes_read, TOTAL);
    assert!(run.stderr_lines <= 2, "{:?}", run.stderr_head);
}

#[test]
fn defect_3_random_bytes_as_pgn() {
    let binary = env!("CARGO_BIN_EXE_pgn-judge");
    for jobs in ["1", "3"] {
        let run = stream(binary, &["--pgn", "-j", jobs], TOTAL, after(b"[Event \"x\"]\n\n1. e4 ", 3));
        check(&run, "random PGN");
        assert_eq!(run.bytes_read, TOTAL);
        // One run of binary data, one error.
        assert_eq!(run.stderr_lines, 1, "{:?}", run.stderr_head);
    }
}
