//! Issue 16, defect 3: memory is bounded by the line, not by the input. Hundreds of megabytes
//! stream through the binary: one endless first line, junk after three good lines, blank lines
//! after them, random bytes. Each is refused with one `error:` line naming the line (exit 2) or
//! answered (exit 0), and the peak resident memory (`VmHWM` of the child) stays under 64 MiB.

use test_support::stress::{MAX_RSS_KIB, Stressed, after, random_bytes, random_line, stream};

/// How much is streamed through the tool where it must read all of it.
const TOTAL: u64 = 200_000_000;

/// A good input the plain minimax answers at once (the spec's example, N = 1): the tables are
/// not needed, so the run measures the reading alone.
const GOOD: &[u8] = b"Kd5 Vf3 c6 Kf7 Vf6\nB\n1\n";
const GOOD_ANSWER: &str = "H 1-0 Vxf6+, c7D+\n";

fn endgame_solver(total: u64, fill: impl FnMut(&mut [u8])) -> Stressed {
    stream(
        env!("CARGO_BIN_EXE_endgame-solver"),
        &["--plain"],
        total,
        fill,
    )
}

/// The checks of a run refused early: exit 2, one error line, and the input not read on (the
/// tool stops at the first bad line, so at most the first megabytes were ever written to it;
/// its peak memory, when it lived long enough to be measured, is in bounds).
fn assert_refused_early(run: &Stressed, error: &str) {
    assert_eq!(run.exit, Some(2), "stderr: {:?}", run.stderr_head);
    assert_eq!(run.stderr_lines, 1, "{:?}", run.stderr_head);
    assert!(
        run.stderr_head[0].starts_with(error),
        "{:?}",
        run.stderr_head
    );
    assert_eq!(run.stdout_bytes, 0);
    assert!(
        run.bytes_read < 16 << 20,
        "{} bytes written",
        run.bytes_read
    );
    if let Some(peak) = run.peak_rss_kib {
        assert!(peak < MAX_RSS_KIB, "peak RSS {peak} KiB");
    }
}

/// One first line longer than the memory bound: read past, not held.
#[test]
fn endgame_solver_first_line_over_a_mebibyte_is_one_error() {
    let run = endgame_solver(TOTAL, random_line(31));
    run.assert_bounded(TOTAL, 2);
    assert_eq!(run.stderr_head, ["error: line 1: longer than 1 MiB"]);
}

/// Three good lines, then one endless line: read past, not held, and named.
#[test]
fn endgame_solver_endless_line_after_three_good_ones_is_one_error() {
    let run = endgame_solver(TOTAL, after(GOOD, random_line(32)));
    run.assert_bounded(TOTAL, 2);
    assert_eq!(run.stderr_head, ["error: line 4: longer than 1 MiB"]);
}

/// Three good lines, then blank lines to the end: all read, none held, then answered.
#[test]
fn endgame_solver_blank_lines_after_three_good_ones_are_read_to_the_end() {
    let blank = |chunk: &mut [u8]| {
        for (i, byte) in chunk.iter_mut().enumerate() {
            *byte = if i % 100 == 99 { b'\n' } else { b' ' };
        }
    };
    let run = endgame_solver(TOTAL, after(GOOD, blank));
    run.assert_bounded(TOTAL, 0);
    assert_eq!(run.stdout_bytes, GOOD_ANSWER.len() as u64);
}

/// Three good lines, then random bytes: refused at the first of them, without reading on.
#[test]
fn endgame_solver_junk_after_three_good_lines_is_refused_at_line_4() {
    let run = endgame_solver(TOTAL, after(GOOD, random_bytes(33)));
    assert_refused_early(&run, "error: line 4: ");
}

/// Random bytes from the start: refused at the first line.
#[test]
fn endgame_solver_random_bytes_are_refused_at_line_1() {
    let run = endgame_solver(TOTAL, random_bytes(34));
    assert_refused_early(&run, "error: line 1: ");
}
