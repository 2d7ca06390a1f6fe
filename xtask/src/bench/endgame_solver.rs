//! `endgame-solver`: time by N on a fixed set of positions, next to the plain minimax reference
//! (`endgame-solver --plain`, every line explored) where it finishes.
//!
//! For each position N runs over [`DEPTHS`] (every N to 16, then a sample up to 49), stopping after
//! the first N whose analysis passes a minute (a run is stopped after two minutes) or when the
//! position has used its two-minute budget, which keeps the whole run near ten minutes. The plain minimax runs at the same N while its
//! previous run took under ten seconds, and is stopped after a minute. Where both finish, their
//! answers must agree.

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

/// The horizons timed: every N to 16, then a sample up to the seed's limit.
const DEPTHS: &[u32] = &[
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 28, 32, 40, 49,
];

const OURS_LIMIT: Duration = Duration::from_secs(60);
const OURS_KILL: Duration = Duration::from_secs(120);
const OURS_BUDGET: Duration = Duration::from_secs(120);
const PLAIN_CONTINUE: Duration = Duration::from_secs(10);
const PLAIN_KILL: Duration = Duration::from_secs(60);

/// Runs the solver on `input`, killing it after `limit`: the answer and the wall time, or
/// `None` when it was stopped.
fn timed(input: &str, plain: bool, limit: Duration) -> Result<Option<(String, Duration)>> {
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

pub fn run() -> Result<Vec<Row>> {
    build_release(&["endgame-solver"])?;
    let mut rows = Vec::new();
    for &(name, pieces, side) in POSITIONS {
        let mut plain_running = true;
        let mut spent = Duration::ZERO;
        for &n in DEPTHS {
            let input = format!("{pieces}\n{side}\n{n}\n");
            let Some((answer, ours)) = timed(&input, false, OURS_KILL)? else {
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
                match timed(&input, true, PLAIN_KILL)? {
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
    Ok(rows)
}
