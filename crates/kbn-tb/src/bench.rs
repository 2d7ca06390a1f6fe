//! Timings for `cargo xtask bench` (through the hidden `kbn-tb bench` command): generation,
//! saving, loading and probing, each the best of a few runs on this (possibly busy) machine.

use std::{
    hint::black_box,
    path::Path,
    time::{Duration, Instant},
};

use shakmaty::Color;

use crate::{
    file::TableFileError,
    index::{SLOTS, Squares},
    position::Kbnk,
    table::Table,
};

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

/// Legal positions spread over the table, both sides to move, in a scrambled order.
fn sample_positions(count: usize) -> Vec<Kbnk> {
    let mut positions = Vec::with_capacity(count);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    while positions.len() < count {
        // xorshift64: a fixed, reproducible spread of slots.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let index = (state % SLOTS as u64) as usize;
        let squares = Squares::from_index(index);
        if !squares.is_canonical() || !squares.distinct() {
            continue;
        }
        let turn = if state & (1 << 40) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok(pos) = Kbnk::from_squares(squares, turn) {
            positions.push(pos);
        }
    }
    positions
}

/// Measures everything; writes the table to `path` on the way.
///
/// # Errors
///
/// [`TableFileError`] when the table cannot be written or read back.
pub fn measure(path: &Path) -> Result<Vec<(&'static str, String)>, TableFileError> {
    let (generate, table) = best_of(3, Table::generate);
    let (save, saved) = best_of(1, || table.save(path));
    saved?;
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    let (load, loaded) = best_of(5, || Table::load(path));
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
    ])
}
