//! Issue 16, defect 3: memory is bounded by the line, not by the input. 200 MB of random bytes
//! (lines of any bytes, mostly not UTF-8) stream through the binary, which must answer or
//! report every line, never hold the input, and end with exit 2.

use test_support::stress::{Stressed, random_bytes, stream};

/// How much is streamed through the tool.
const TOTAL: u64 = 200_000_000;
/// The most resident memory the tool may reach, in KiB (issue 16: 64 MiB).
const MAX_RSS_KIB: u64 = 64 << 10;

fn check(run: &Stressed, total: u64) {
    assert_eq!(
        run.exit,
        Some(2),
        "stderr began with {:#?}",
        run.stderr_head
    );
    assert_eq!(run.bytes_read, total, "the tool stopped reading");
    assert!(run.stderr_lines > 0);
    if cfg!(target_os = "linux") {
        let peak = run.peak_rss_kib.expect("/proc is there on Linux");
        assert!(peak < MAX_RSS_KIB, "peak RSS {peak} KiB");
    }
}

#[test]
fn atomic_memory_is_bounded_by_the_line() {
    let run = stream(env!("CARGO_BIN_EXE_atomic"), &[], TOTAL, random_bytes(16));
    check(&run, TOTAL);
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
    let mut random = random_bytes(17);
    let no_newlines = move |chunk: &mut [u8]| {
        random(chunk);
        for byte in chunk.iter_mut().filter(|b| **b == b'\n') {
            *byte = b' ';
        }
    };
    let run = stream(env!("CARGO_BIN_EXE_atomic"), &[], total, no_newlines);
    check(&run, total);
    assert_eq!(run.stderr_head, ["error: line 1: longer than 1 MiB"]);
}
