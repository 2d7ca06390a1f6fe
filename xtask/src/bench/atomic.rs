//! `cargo xtask bench atomic`: a million generated cases through the release `atomic`, and a
//! sample of the same file through python-chess's `chess.variant.AtomicBoard`, in one run.
//!
//! The cases come from seeded random atomic games played with shakmaty (every move of every
//! game, castling left out since a placement gives no castling rights), so every line is a legal
//! move under the spec's inferred context; the run fails if `atomic` rejects any.
//! Throughput is measured in CPU time (user + system) of the solving process, because the
//! machine may be shared; wall time is printed as well.

use std::{
    fmt::Write as _,
    fs::File,
    io::{BufWriter, Write},
    path::Path,
    process::{Command, Stdio},
    time::Instant,
};

use shakmaty::{Move, Position, variant::Atomic};

use test_support::Rng;

use super::{Row, build_release};
use crate::cmd::{self, Result};

const CASES: usize = 1_000_000;
const SEED: u64 = 0x00A7_0111C;
/// python-chess solves about ten thousand cases a second: a sample keeps the run short.
const PYTHON_SAMPLE: usize = 20_000;
const BASELINE: &str = "xtask/oracles/atomic/python_baseline.py";

pub fn run() -> Result<Vec<Row>> {
    build_release(&["atomic"])?;
    let target = cmd::target_dir();
    let binary = target.join("release").join("atomic");
    let dir = target.join("bench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let cases = dir.join("atomic_1m.txt");
    eprintln!(
        "generating {CASES} cases (seed {SEED:#x}) into {}",
        cases.display()
    );
    generate(&cases)?;

    let answers = dir.join("atomic_1m.out");
    let ours = measure(&binary, &cases, &answers)?;
    let rate = CASES as f64 / ours.cpu;

    let python = dir.join("atomic_python.out");
    let theirs = python_baseline(&cases, &python)?;
    let their_rate = theirs.lines as f64 / theirs.cpu;
    agree(&answers, &python, theirs.lines)?;

    Ok(vec![
        Row {
            tool: "atomic",
            what: format!("{CASES} cases, CPU time"),
            ours: format!("{:.2} s = {}/s", ours.cpu, human(rate)),
            baseline: "python-chess AtomicBoard".to_owned(),
            theirs: format!(
                "{:.2} s for {} cases = {}/s",
                theirs.cpu,
                theirs.lines,
                human(their_rate)
            ),
            ratio: Some(rate / their_rate),
        },
        Row {
            tool: "atomic",
            what: format!("{CASES} cases, wall time"),
            ours: format!("{:.2} s = {}/s", ours.wall, human(CASES as f64 / ours.wall)),
            baseline: "python-chess AtomicBoard".to_owned(),
            theirs: format!(
                "{:.2} s = {}/s",
                theirs.wall,
                human(theirs.lines as f64 / theirs.wall)
            ),
            ratio: Some((CASES as f64 / ours.wall) / (theirs.lines as f64 / theirs.wall)),
        },
    ])
}

fn human(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.2}M", rate / 1e6)
    } else {
        format!("{:.1}k", rate / 1e3)
    }
}

/// Writes `CASES` lines `placement move` from random games.
fn generate(path: &Path) -> Result {
    let file = File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let mut out = BufWriter::new(file);
    let mut rng = Rng::new(SEED);
    let mut written = 0;
    let mut line = String::new();
    while written < CASES {
        let mut pos = Atomic::default();
        loop {
            let moves: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_castle())
                .collect();
            if moves.is_empty() || pos.is_variant_end() || written == CASES {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            line.clear();
            let _ = writeln!(
                line,
                "{} {}",
                pos.board().board_fen(),
                m.to_uci(shakmaty::CastlingMode::Standard)
            );
            out.write_all(line.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            written += 1;
            pos.play_unchecked(m);
        }
    }
    out.flush()
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

struct Timing {
    cpu: f64,
    wall: f64,
}

/// Runs `atomic CASES > ANSWERS` and measures its CPU time (from the children's times in
/// `/proc/self/stat`, falling back to wall time elsewhere).
fn measure(binary: &Path, cases: &Path, answers: &Path) -> Result<Timing> {
    let out =
        File::create(answers).map_err(|e| format!("cannot create {}: {e}", answers.display()))?;
    eprintln!(
        "$ {} {} > {}",
        binary.display(),
        cases.display(),
        answers.display()
    );
    let before = cmd::children_cpu_time()?;
    let start = Instant::now();
    let status = Command::new(binary)
        .arg(cases)
        .stdout(out)
        .stderr(Stdio::inherit())
        .status()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let wall = start.elapsed().as_secs_f64();
    if !status.success() {
        return Err(format!("atomic failed on the generated cases ({status})"));
    }
    let cpu = (cmd::children_cpu_time()? - before).as_secs_f64();
    Ok(Timing { cpu, wall })
}

struct PythonTiming {
    lines: usize,
    cpu: f64,
    wall: f64,
}

fn python_baseline(cases: &Path, answers: &Path) -> Result<PythonTiming> {
    let sample = PYTHON_SAMPLE.to_string();
    let args = [
        BASELINE,
        &cases.display().to_string(),
        &sample,
        &answers.display().to_string(),
    ];
    eprintln!(
        "$ python3 {} (python-chess on the first {PYTHON_SAMPLE} cases)",
        args.join(" ")
    );
    let out = crate::cmd::output("python3", &args)?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut fields = text.split_whitespace();
    let parse = |f: Option<&str>| f.and_then(|x| x.parse::<f64>().ok());
    match (
        parse(fields.next()),
        parse(fields.next()),
        parse(fields.next()),
    ) {
        (Some(lines), Some(cpu), Some(wall)) => Ok(PythonTiming {
            lines: lines as usize,
            cpu,
            wall,
        }),
        _ => Err(format!("unexpected output from {BASELINE}: {text:?}")),
    }
}

/// Both programs must give the same answers on the sample.
fn agree(ours: &Path, theirs: &Path, lines: usize) -> Result {
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let (ours, theirs) = (read(ours)?, read(theirs)?);
    for (n, (a, b)) in ours.lines().zip(theirs.lines()).take(lines).enumerate() {
        if a != b {
            return Err(format!(
                "atomic and python-chess disagree on case {}: {a:?} vs {b:?}",
                n + 1
            ));
        }
    }
    eprintln!("atomic and python-chess agree on all {lines} sampled cases");
    Ok(())
}
