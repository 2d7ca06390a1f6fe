//! kbn-tb: generation, file size, load and probe times (from `xtask/benches/kbn_tb.rs`, which
//! times the kbn-tb library in an optimised build, best of a few runs) against the baselines the
//! spec names: the seed's 12-minute generator (its published figure: the C# program is not
//! available), and the Gaviota KBNK depth-to-mate table `kbnk.gtb.cp4` (its size, and its load and
//! probe times through python-chess, measured in the same run when python3 with `chess` is
//! installed).

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
};

use super::Row;
use crate::cmd::{self, Result};

const TOOL: &str = "kbn-tb";

/// The seed's generation time: "about 12 minutes".
const SEED_GENERATION_S: f64 = 720.0;

/// Times python-chess's Gaviota prober on `kbnk.gtb.cp4`: opening plus a first probe, then the
/// mean of probing random legal KBNK positions. Prints `load_ms=` and `probe_ns=` lines.
const GAVIOTA_PY: &str = r#"
import random, sys, time
import chess, chess.gaviota
rng = random.Random(1)
boards = []
while len(boards) < 3000:
    board = chess.Board(None)
    for sq, piece in zip(rng.sample(range(64), 4), "KBNk"):
        board.set_piece_at(sq, chess.Piece.from_symbol(piece))
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    if board.is_valid() and not any(board.is_capture(m) for m in board.legal_moves):
        boards.append(board)
start = time.perf_counter()
tb = chess.gaviota.open_tablebase(sys.argv[1])
tb.probe_dtm(boards[0])
print(f"load_ms={(time.perf_counter() - start) * 1e3:.1f}")
start = time.perf_counter()
for board in boards:
    tb.probe_dtm(board)
print(f"probe_ns={(time.perf_counter() - start) * 1e9 / len(boards):.0f}")
"#;

fn oracles() -> PathBuf {
    std::env::var_os("CHESS_ORACLES")
        .map_or_else(|| PathBuf::from("../shared/oracles"), PathBuf::from)
}

/// `key=value` lines into a map.
fn parse(output: &[u8]) -> HashMap<String, String> {
    String::from_utf8_lossy(output)
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect()
}

fn number(map: &HashMap<String, String>, key: &str) -> Result<f64> {
    map.get(key)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("the kbn-tb bench printed no number for {key}"))
}

fn row(what: &str, ours: String, baseline: &str, theirs: String, ratio: Option<f64>) -> Row {
    Row {
        tool: TOOL,
        what: what.to_owned(),
        ours,
        baseline: baseline.to_owned(),
        theirs,
        ratio,
    }
}

pub fn run() -> Result<Vec<Row>> {
    let args = ["bench", "--quiet", "-p", "xtask", "--bench", "kbn_tb"];
    eprintln!("$ cargo {}", args.join(" "));
    let out = cmd::output("cargo", &args)?;
    let ours = parse(&out.stdout);

    let gaviota = oracles().join("gaviota");
    let gaviota_size = std::fs::metadata(gaviota.join("kbnk.gtb.cp4"))
        .ok()
        .map(|m| m.len() as f64);
    let theirs = gaviota_timings(&gaviota);

    let generate = number(&ours, "generate_ms")?;
    let size = number(&ours, "file_bytes")?;
    let load = number(&ours, "load_ms")?;
    let value = number(&ours, "value_ns")?;
    let value_white = number(&ours, "value_white_ns")?;
    let probe_moves = number(&ours, "probe_moves_ns")?;
    let api_probe = number(&ours, "api_probe_ns")?;
    let api_standard = number(&ours, "api_standard_ns")?;
    let their = |key: &str| {
        theirs
            .as_ref()
            .and_then(|t| t.get(key))
            .and_then(|v| v.parse::<f64>().ok())
    };
    let shown =
        |v: Option<f64>, unit: &str| v.map_or("—".to_owned(), |v| format!("{v:.1} {unit}"));

    let rows = vec![
        row(
            "generation, whole table (wall, goal < 1 s)",
            format!("{:.3} s", generate / 1e3),
            "seed (published, C#)",
            format!("{SEED_GENERATION_S:.0} s"),
            Some(SEED_GENERATION_S * 1e3 / generate),
        ),
        row(
            "file size, exact DTM both sides (goal < 857,067 B)",
            format!("{size:.0} B"),
            "Gaviota kbnk.gtb.cp4",
            gaviota_size.map_or("—".to_owned(), |s| format!("{s:.0} B")),
            gaviota_size.map(|s| s / size),
        ),
        row(
            "load (goal < 100 ms)",
            format!("{load:.1} ms"),
            "Gaviota, python-chess open + first probe",
            shown(their("load_ms"), "ms"),
            their("load_ms").map(|t| t / load),
        ),
        row(
            "probe, value of a position (goal < 1 µs)",
            format!("{value:.0} ns (White to move {value_white:.0} ns)"),
            "Gaviota, python-chess probe_dtm",
            shown(their("probe_ns").map(|t| t / 1e3), "µs"),
            their("probe_ns").map(|t| t / value),
        ),
        row(
            "probe with every move valued and in SAN",
            format!("{:.1} µs", probe_moves / 1e3),
            "—",
            "—".to_owned(),
            None,
        ),
        row(
            "serve: an answer's body from its FEN (/api/probe, /standard)",
            format!("{:.1} µs, {:.1} µs", api_probe / 1e3, api_standard / 1e3),
            "—",
            "—".to_owned(),
            None,
        ),
    ];
    Ok(rows)
}

/// Gaviota's load and probe times through python-chess, when python3 with `chess` is installed.
fn gaviota_timings(dir: &Path) -> Option<HashMap<String, String>> {
    if !dir.join("kbnk.gtb.cp4").is_file() {
        eprintln!("(no {}: Gaviota baseline skipped)", dir.display());
        return None;
    }
    match cmd::output("python3", &["-c", GAVIOTA_PY, &dir.to_string_lossy()]) {
        Ok(out) => Some(parse(&out.stdout)),
        Err(err) => {
            eprintln!("(Gaviota baseline skipped: {err})");
            None
        }
    }
}
