//! small-board: perft nodes per second of `endgame-solver perft` against Fairy-Stockfish's own
//! `go perft` on the same positions (from `fixtures/small-board/perft.txt`), best of three runs
//! each, both as release processes started the same way. Each program's start-up (its best time
//! for a perft 1 of the same position) is subtracted, so the rates compare move generation, not
//! process and variant loading. Counts must agree.

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use crate::{
    bench::{Row, build_release},
    cmd::{self, Result},
};

/// (fixture id, depth): trees of 1.4 to 10 million leaves.
const CASES: &[(&str, u32)] = &[
    ("seed-white", 6),
    ("seed-black", 6),
    ("task-promotion-capture", 6),
    ("ep-exposes-king", 7),
    ("double-check-rook-bishop", 6),
    ("mini-start", 5),
];

const RUNS: usize = 3;

pub fn run() -> Result<Vec<Row>> {
    let engine = fairy_stockfish()?;
    let (version, variant_file) = engine_version(&engine)?;
    build_release(&["endgame-solver"])?;
    let ours = cmd::release_binary("endgame-solver");
    let table = std::fs::read_to_string("fixtures/small-board/perft.txt")
        .map_err(|e| format!("cannot read fixtures/small-board/perft.txt: {e}"))?;

    let mut rows = Vec::new();
    let (mut total_nodes, mut total_ours, mut total_theirs) =
        (0u64, Duration::ZERO, Duration::ZERO);
    for &(id, depth) in CASES {
        let fen = epd(&table, id)?;
        let our_run = |d| best_of(|| perft_ours(&ours, &fen, d));
        let their_run = |d| best_of(|| perft_theirs(&engine, variant_file, &fen, d));
        let (our_time, our_nodes) = our_run(depth)?;
        let our_time = our_time.saturating_sub(our_run(1)?.0);
        let (their_time, their_nodes) = their_run(depth)?;
        let their_time = their_time.saturating_sub(their_run(1)?.0);
        if our_nodes != their_nodes {
            return Err(format!(
                "perft {depth} of {id}: ours {our_nodes}, Fairy-Stockfish {their_nodes}"
            ));
        }
        total_nodes += our_nodes;
        total_ours += our_time;
        total_theirs += their_time;
        rows.push(row(
            format!("perft {depth} `{id}` ({our_nodes} leaves)"),
            our_nodes,
            our_time,
            their_time,
            &version,
        ));
    }
    rows.push(row(
        "perft, all positions above".to_owned(),
        total_nodes,
        total_ours,
        total_theirs,
        &version,
    ));
    Ok(rows)
}

fn row(what: String, nodes: u64, ours: Duration, theirs: Duration, version: &str) -> Row {
    let ours = ours.max(Duration::from_micros(1));
    let theirs = theirs.max(Duration::from_micros(1));
    let rate = |t: Duration| nodes as f64 / t.as_secs_f64() / 1e6;
    Row {
        tool: "small-board",
        what,
        ours: format!("{:.1} M leaves/s", rate(ours)),
        baseline: format!("{version} `go perft`"),
        theirs: format!("{:.1} M leaves/s", rate(theirs)),
        ratio: Some(theirs.as_secs_f64() / ours.as_secs_f64()),
    }
}

/// The Debian package installs the engine in /usr/games, which is not always on PATH.
fn fairy_stockfish() -> Result<PathBuf> {
    let candidates = [
        std::env::var_os("FAIRY_STOCKFISH").map(PathBuf::from),
        Some(PathBuf::from("fairy-stockfish")),
        Some(PathBuf::from("/usr/games/fairy-stockfish")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| {
            Command::new(p)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .status()
                .is_ok()
        })
        .ok_or_else(|| {
            "Fairy-Stockfish not found (apt-get install fairy-stockfish, or set FAIRY_STOCKFISH)"
                .to_owned()
        })
}

/// The engine's name line, and the variant file in the option names it understands: 11.x
/// predates `promotionRegion*`/`doubleStepRegion*` (see fixtures/small-board/SOURCE.md).
fn engine_version(engine: &Path) -> Result<(String, &'static str)> {
    let out = uci(engine, &["uci", "quit"])?;
    let name = out
        .lines()
        .find_map(|l| l.strip_prefix("id name "))
        .unwrap_or("Fairy-Stockfish")
        .to_owned();
    let file = if name.contains(" 11.") {
        "xtask/oracles/small-board/chess7-fsf11.ini"
    } else {
        "xtask/oracles/small-board/chess7.ini"
    };
    Ok((name, file))
}

fn uci(engine: &Path, lines: &[&str]) -> Result<String> {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", engine.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all((lines.join("\n") + "\n").as_bytes())
            .map_err(|e| format!("cannot talk to {}: {e}", engine.display()))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{} failed: {e}", engine.display()))?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn epd(table: &str, id: &str) -> Result<String> {
    let mut lines = table.lines().skip_while(|l| *l != format!("id {id}"));
    lines
        .nth(1)
        .and_then(|l| l.strip_prefix("epd "))
        .map(str::to_owned)
        .ok_or_else(|| format!("no position {id:?} in fixtures/small-board/perft.txt"))
}

fn best_of(mut f: impl FnMut() -> Result<u64>) -> Result<(Duration, u64)> {
    let mut best: Option<(Duration, u64)> = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        let nodes = f()?;
        let elapsed = start.elapsed();
        if best.is_none_or(|(t, _)| elapsed < t) {
            best = Some((elapsed, nodes));
        }
    }
    best.ok_or_else(|| "no runs".to_owned())
}

fn perft_ours(binary: &Path, fen: &str, depth: u32) -> Result<u64> {
    let out = Command::new(binary)
        .args(["perft", fen, &depth.to_string()])
        .output()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim()
        .parse()
        .map_err(|_| format!("endgame-solver perft printed {text:?}"))
}

fn perft_theirs(engine: &Path, variant_file: &str, fen: &str, depth: u32) -> Result<u64> {
    let variant = format!("setoption name VariantPath value {variant_file}");
    let position = format!("position fen {fen}");
    let go = format!("go perft {depth}");
    let out = uci(
        engine,
        &[
            "uci",
            &variant,
            "setoption name UCI_Variant value chess7",
            &position,
            &go,
            "quit",
        ],
    )?;
    out.lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("Fairy-Stockfish gave no perft count for {fen}"))
}
