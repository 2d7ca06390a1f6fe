//! `endgame-solver`: the table build (time, file size, peak memory), then time by N on a fixed set
//! of positions, next to the plain minimax reference (`endgame-solver --plain`, every line
//! explored) where it finishes.
//!
//! The tables are built into a fresh directory with `endgame-solver tables build`, its peak
//! resident set read from `/proc` while it runs. For each position N runs over every horizon from
//! 0 to 49 with those tables; a run is stopped after a minute (the cell reads `> 60 s`) and the
//! position's remaining horizons are skipped after the first stopped run or once the position has
//! used its five-minute budget. The plain minimax runs at the same N while its previous run took
//! under ten seconds, and is stopped after a minute. Where both finish, their answers must agree.

use std::{
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use super::{Row, build_release};
use crate::cmd::{self, Result};

/// The benchmark positions: pieces and side to move (the three-line input without N).
pub const POSITIONS: &[(&str, &str, &str)] = &[
    ("seed", "Kd5 Vf3 c6 Kf7 Vf6", "B"),
    ("krp-kr", "Kb2 Vc3 d4 Kf6 Va7", "C"),
    ("krp-k", "Kc3 Ve4 b5 Kf6", "B"),
    ("k-kr", "Kd4 Kf6 Vb7", "B"),
    ("kp-kr", "Ka1 e4 Kg7 Vb6", "C"),
];

/// The horizons timed: every N up to the seed's limit.
const DEPTHS: std::ops::RangeInclusive<u32> = 0..=49;

const OURS_LIMIT: Duration = Duration::from_secs(60);
const OURS_KILL: Duration = Duration::from_secs(60);
const OURS_BUDGET: Duration = Duration::from_secs(300);
const PLAIN_CONTINUE: Duration = Duration::from_secs(10);
const PLAIN_KILL: Duration = Duration::from_secs(60);

/// Runs the solver on `input`, killing it after `limit`: the answer and the wall time, or
/// `None` when it was stopped.
fn timed(
    input: &str,
    plain: bool,
    tables: &std::path::Path,
    limit: Duration,
) -> Result<Option<(String, Duration)>> {
    let dir = std::env::temp_dir().join(format!("endgame-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let file = dir.join("input.txt");
    std::fs::write(&file, input).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut command = Command::new(cmd::release_binary("endgame-solver"));
    command
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if plain {
        command.arg("--plain");
    } else {
        command.arg("--tables").arg(tables);
    }
    let start = Instant::now();
    let mut child = command.spawn().map_err(|e| {
        format!(
            "cannot start {}: {e}",
            cmd::release_binary("endgame-solver").display()
        )
    })?;
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            let elapsed = start.elapsed();
            let out = child.wait_with_output().map_err(|e| e.to_string())?;
            if !status.success() {
                return Err(format!("endgame-solver failed on {input:?} ({status})"));
            }
            let answer = String::from_utf8_lossy(&out.stdout).trim_end().to_owned();
            return Ok(Some((answer, elapsed)));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// The resident set of a running process, in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Builds the tables into a fresh directory: the file, the wall time and the peak resident set.
fn build_tables() -> Result<(std::path::PathBuf, Duration, u64)> {
    let dir = std::env::temp_dir().join(format!("endgame-bench-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let binary = cmd::release_binary("endgame-solver");
    eprintln!(
        "$ {} tables build --out {}",
        binary.display(),
        dir.display()
    );
    let start = Instant::now();
    let mut child = Command::new(&binary)
        .args(["tables", "build", "--out"])
        .arg(&dir)
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = rss_kib(child.id()) {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if !status.success() {
        return Err(format!("endgame-solver tables build failed ({status})"));
    }
    Ok((dir.join("endgame-solver.tables"), start.elapsed(), peak))
}

pub fn run() -> Result<Vec<Row>> {
    build_release(&["endgame-solver"])?;
    let mut rows = Vec::new();
    let (tables, build_time, peak_kib) = build_tables()?;
    let size = std::fs::metadata(&tables).map_or(0, |m| m.len());
    for (what, ours) in [
        ("table build (wall)", seconds(build_time)),
        ("table file size", format!("{size} B")),
        (
            "table build peak memory",
            format!("{} MiB", peak_kib / 1024),
        ),
    ] {
        eprintln!("{what}: {ours}");
        rows.push(Row {
            tool: "endgame-solver",
            what: what.to_owned(),
            ours,
            baseline: "—".to_owned(),
            theirs: "—".to_owned(),
            ratio: None,
        });
    }
    for &(name, pieces, side) in POSITIONS {
        let mut plain_running = true;
        let mut spent = Duration::ZERO;
        for n in DEPTHS {
            let input = format!("{pieces}\n{side}\n{n}\n");
            let Some((answer, ours)) = timed(&input, false, &tables, OURS_KILL)? else {
                eprintln!("{name} N={n}: > {} s", OURS_KILL.as_secs());
                rows.push(Row {
                    tool: "endgame-solver",
                    what: format!("{name} ({pieces} {side}) N={n}"),
                    ours: format!("> {} s", OURS_KILL.as_secs()),
                    baseline: "plain minimax".to_owned(),
                    theirs: "—".to_owned(),
                    ratio: None,
                });
                break;
            };
            let mut theirs = "—".to_owned();
            let mut ratio = None;
            if plain_running {
                match timed(&input, true, &tables, PLAIN_KILL)? {
                    Some((plain_answer, t)) => {
                        if plain_answer != answer {
                            return Err(format!(
                                "{name} N={n}: fast solver says {answer:?}, plain minimax {plain_answer:?}"
                            ));
                        }
                        theirs = seconds(t);
                        ratio = Some(t.as_secs_f64() / ours.as_secs_f64().max(1e-6));
                        plain_running = t < PLAIN_CONTINUE;
                    }
                    None => {
                        theirs = format!("> {} s", PLAIN_KILL.as_secs());
                        plain_running = false;
                    }
                }
            }
            let mut words = answer.split(' ');
            let verdict = match words.next() {
                Some("H") => format!("H {}", words.next().unwrap_or_default()),
                other => other.unwrap_or_default().to_owned(),
            };
            eprintln!(
                "{name} N={n}: {} ({verdict}), plain {theirs}",
                seconds(ours)
            );
            rows.push(Row {
                tool: "endgame-solver",
                what: format!("{name} ({pieces} {side}) N={n}: {verdict}"),
                ours: seconds(ours),
                baseline: "plain minimax".to_owned(),
                theirs,
                ratio,
            });
            spent += ours;
            if ours > OURS_LIMIT || spent > OURS_BUDGET {
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(tables.parent().unwrap_or(&tables));
    Ok(rows)
}
