//! The kbn-tb timings behind `cargo xtask bench kbn-tb`: generation, saving, loading and probing
//! the library, each the best of a few runs on this (possibly busy) machine, printed as
//! `key=value` lines. Run by `xtask/src/bench/kbn_tb.rs` as
//! `cargo bench -p xtask --bench kbn_tb` (an optimised build; not part of the shipped tool).

use std::{
    hint::black_box,
    time::{Duration, Instant},
};

use kbn_tb::{
    Kbnk, Table, TableFileError,
    index::{SLOTS, Squares},
};
use shakmaty::{Color, Setup, Square};

/// The best wall time of `runs` runs of `f`, and its last result.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        last = Some(value);
    }
    (best, last.expect("at least one run"))
}

/// A step through the index slots that visits every one in a scrambled order: a prime that
/// divides no factor of `SLOTS` (2^13 · 3 · 7 · 11).
const STRIDE: usize = 1_000_003;

/// Legal positions spread over the table, both sides to move, in a scrambled order.
fn sample_positions(count: usize) -> Vec<Kbnk> {
    let mut positions = Vec::with_capacity(count);
    let mut step = 0usize;
    while positions.len() < count {
        step += 1;
        let squares = Squares::from_index(step * STRIDE % SLOTS);
        if !squares.is_canonical() || !squares.distinct() {
            continue;
        }
        let turn = if step & 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok(pos) = Kbnk::from_setup(&setup(squares, turn)) {
            positions.push(pos);
        }
    }
    positions
}

/// The setup of four squares (distinct) and a side to move.
fn setup(squares: Squares, turn: Color) -> Setup {
    let mut setup = Setup::empty();
    let pieces = [
        (squares.wk, Color::White.king()),
        (squares.bishop, Color::White.bishop()),
        (squares.knight, Color::White.knight()),
        (squares.bk, Color::Black.king()),
    ];
    for (sq, piece) in pieces {
        setup.board.set_piece_at(Square::new(u32::from(sq)), piece);
    }
    setup.turn = turn;
    setup
}

/// Measures everything, writing the table to a temporary file on the way.
fn measure() -> Result<Vec<(&'static str, String)>, TableFileError> {
    let dir = std::env::temp_dir().join(format!("kbn-tb-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("kbn.tb");
    let (generate, table) = best_of(3, Table::generate);
    let (save, saved) = best_of(1, || table.save(&path));
    saved?;
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    let (load, loaded) = best_of(5, || Table::load(&path));
    let _ = std::fs::remove_dir_all(&dir);
    let loaded = loaded?;
    let positions = sample_positions(100_000);
    let (value, _) = best_of(5, || {
        for &pos in &positions {
            black_box(loaded.value(black_box(pos)));
        }
    });
    let few = &positions[..2_000];
    let (probe, _) = best_of(3, || {
        for &pos in few {
            black_box(loaded.probe_position(black_box(pos)));
        }
    });
    let white: Vec<Kbnk> = positions
        .iter()
        .copied()
        .filter(|p| p.turn() == Color::White)
        .collect();
    let (value_white, _) = best_of(5, || {
        for &pos in &white {
            black_box(loaded.value(black_box(pos)));
        }
    });
    // The API's answers for the same positions: computing and serializing the JSON body.
    let fens: Vec<String> = few.iter().map(|pos| pos.to_string()).collect();
    let (api_probe, _) = best_of(3, || {
        for fen in &fens {
            black_box(kbn_tb::serve::api::probe(&loaded, black_box(fen)).ok());
        }
    });
    let (api_standard, _) = best_of(3, || {
        for fen in &fens {
            black_box(kbn_tb::serve::api::standard(&loaded, black_box(fen)).ok());
        }
    });
    let ns = |d: Duration, n: usize| format!("{:.0}", d.as_nanos() as f64 / n as f64);
    Ok(vec![
        (
            "generate_ms",
            format!("{:.0}", generate.as_secs_f64() * 1e3),
        ),
        ("save_ms", format!("{:.0}", save.as_secs_f64() * 1e3)),
        ("file_bytes", size.to_string()),
        ("load_ms", format!("{:.1}", load.as_secs_f64() * 1e3)),
        ("value_ns", ns(value, positions.len())),
        ("value_white_ns", ns(value_white, white.len())),
        ("probe_moves_ns", ns(probe, few.len())),
        ("api_probe_ns", ns(api_probe, fens.len())),
        ("api_standard_ns", ns(api_standard, fens.len())),
    ])
}

fn main() -> std::process::ExitCode {
    match measure() {
        Ok(timings) => {
            for (key, value) in timings {
                println!("{key}={value}");
            }
            std::process::ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
