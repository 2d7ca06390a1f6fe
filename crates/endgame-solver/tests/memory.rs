//! Issue 16, defect 4: `--memory` bounds the whole process's tables (the transposition table
//! and the endgame table blocks it holds), so the resident set stays within it plus a small
//! fixed margin. Measured on the child's `/proc/PID/status` while it searches, not by timing.

mod common;

use std::{
    process::{Command, Stdio},
    time::{Duration, Instant},
};

/// The child's resident set in KiB, while it runs.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn issue_16_memory_bounds_the_whole_process() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return; // no procfs to measure with
    }
    let tables = common::tables_path();
    let dir = std::env::temp_dir().join(format!("es-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A long search over the five-piece tables (blocks of 5.8 MB).
    let input = dir.join("input.txt");
    std::fs::write(&input, "Ka4 Vd2 b2 Kb7 Vg4\nB\n30\n").unwrap();
    const MEMORY_MIB: u64 = 24;
    const MARGIN_MIB: u64 = 40;
    let mut child = Command::new(env!("CARGO_BIN_EXE_endgame-solver"))
        .arg("--memory")
        .arg(MEMORY_MIB.to_string())
        .arg("--tables")
        .arg(&tables)
        .arg(&input)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut peak = 0;
    while start.elapsed() < Duration::from_secs(8) {
        match rss_kib(child.id()) {
            Some(kib) => peak = peak.max(kib),
            None => break,
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(peak > 0, "the child was measured");
    assert!(
        peak <= (MEMORY_MIB + MARGIN_MIB) * 1024,
        "peak resident set {peak} KiB with --memory {MEMORY_MIB}"
    );
    eprintln!("peak resident set {peak} KiB with --memory {MEMORY_MIB} MiB");
}
