//! `cargo xtask bench`: each tool's performance against the baselines its spec names, measured in
//! the same run, printed as one table. Each tool has a module here returning its rows.

use std::time::{Duration, Instant};

use crate::cmd::{self, Result};

mod atomic;
mod endgame_solver;
mod kbn_tb;
mod kbn_tb_serve;
mod pgn_judge;
mod small_board;

/// One line of the table: a measurement of ours next to a baseline's.
pub struct Row {
    pub tool: &'static str,
    pub what: String,
    pub ours: String,
    pub baseline: String,
    pub theirs: String,
    /// How many times better we are (higher is better), when comparable.
    pub ratio: Option<f64>,
}

type Bench = fn() -> Result<Vec<Row>>;

/// Every tool's benchmark, by tool name; `kbn-tb-serve` (the server under load) runs with
/// `kbn-tb`, or alone.
const BENCHES: &[(&str, Bench)] = &[
    ("atomic", atomic::run),
    ("kbn-tb", kbn_tb::run),
    ("kbn-tb-serve", kbn_tb_serve::run),
    ("small-board", small_board::run),
    ("endgame-solver", endgame_solver::run),
    ("pgn-judge", pgn_judge::run),
];

pub fn run(only: &[String]) -> Result {
    let selected: Vec<&(&str, Bench)> = BENCHES
        .iter()
        .filter(|(name, _)| {
            only.is_empty()
                || only.iter().any(|o| {
                    name == o
                        || name
                            .strip_prefix(o.as_str())
                            .is_some_and(|rest| rest.starts_with('-'))
                })
        })
        .collect();
    if selected.is_empty() {
        println!("no benchmarks yet");
        return Ok(());
    }
    let mut rows = Vec::new();
    for (tool, bench) in selected {
        eprintln!("== bench {tool}");
        rows.extend(bench()?);
    }
    print_table(&rows);
    Ok(())
}

fn print_table(rows: &[Row]) {
    println!("| tool | measure | ours | baseline | baseline's | ratio |");
    println!("|---|---|---|---|---|---|");
    for r in rows {
        // Two decimals below 10 (goals such as 1.8× are judged on them), one above.
        let ratio = r.ratio.map_or("—".to_owned(), |x| match x {
            x if x < 10.0 => format!("{x:.2}×"),
            x => format!("{x:.1}×"),
        });
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            r.tool, r.what, r.ours, r.baseline, r.theirs, ratio
        );
    }
}

/// Wall time of a closure.
#[allow(dead_code)] // used by the tools' bench modules
pub fn time<T>(f: impl FnOnce() -> Result<T>) -> Result<(Duration, T)> {
    let start = Instant::now();
    let value = f()?;
    Ok((start.elapsed(), value))
}

/// Builds the named binaries in release mode.
pub fn build_release(packages: &[&str]) -> Result {
    let mut args = vec!["build", "--release", "--quiet"];
    for p in packages {
        args.extend(["-p", p]);
    }
    cmd::run("cargo", &args, &[])
}
