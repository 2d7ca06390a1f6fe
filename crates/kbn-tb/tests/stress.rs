//! Issue 16, defect 3: memory is bounded by the line, not by the input. 200 MB of random bytes
//! stream through `probe --file -`, which must report every bad line, never hold the input, never
//! touch the table (no line is a good FEN), and end with exit 2.

use test_support::stress::{random_bytes, random_line, stream};

/// How much is streamed through the tool.
const TOTAL: u64 = 200_000_000;

fn kbn_tb() -> &'static str {
    env!("CARGO_BIN_EXE_kbn-tb")
}

fn args(table: &str) -> [&str; 5] {
    ["--table", table, "probe", "--file", "-"]
}

/// A table path that must never be written: no line is good.
fn untouched_table() -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("kbn-tb-stress");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("never.tb").display().to_string()
}

#[test]
fn kbn_tb_probe_batch_memory_is_bounded_by_the_line() {
    let table = untouched_table();
    let run = stream(kbn_tb(), &args(&table), TOTAL, random_bytes(16));
    run.assert_bounded(TOTAL, 2);
    // About one line in 256 bytes, nearly every one bad.
    assert!(
        run.stderr_lines > TOTAL / 1024,
        "{} errors",
        run.stderr_lines
    );
    assert!(!std::path::Path::new(&table).exists());
}

/// One line longer than the memory bound: read past, not held.
#[test]
fn kbn_tb_line_over_a_mebibyte_is_one_error() {
    let total = 100_000_000;
    let run = stream(kbn_tb(), &args(&untouched_table()), total, random_line(17));
    run.assert_bounded(total, 2);
    assert_eq!(run.stderr_head, ["error: line 1: longer than 1 MiB"]);
}
