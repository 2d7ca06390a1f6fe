//! The audit's helper (`xtask/oracles/endgame-solver/audit_draws.py` drives it): random legal
//! positions, and the children of a position, in the solver's input notation. It solves
//! nothing: the answers come from the binary, one process per query, under a time limit.
//!
//! ```sh
//! cargo run --release --example audit -- random SEED COUNT [task|promoted|rooks|pawn|kpkr|kpk]
//! printf 'Kg3 Ve3 Kc2 Vd2\nC\n0\n' | cargo run --release --example audit -- children
//! ENDGAME_SOLVER_TABLES=target/endgame-solver.tables cargo run --release --example audit -- horizon-table
//! ```
//!
//! `random` prints `pieces|side` lines; `children` prints, per legal move, `san|pieces|side|end`
//! where `end` is `mate`, `stalemate`, `dead` or empty; `horizon-table` times the build of the
//! solver's per-ply horizon table from the table file.

use std::io::Read;

use endgame_solver::{
    Problem,
    horizon_table::HorizonTable,
    tables::{self, Tables},
};
use small_board::{Color, Notation, Piece, Position, Role, san};
use test_support::{
    Rng,
    positions::{promoted_material, random_position, task_material},
};

/// The first two lines of the input for `pos` (pieces and side), joined by `|`.
fn line(pos: &Position) -> String {
    let text = Problem {
        position: *pos,
        plies: 0,
    }
    .to_string();
    let mut lines = text.lines();
    let pieces = lines.next().unwrap_or_default().to_string();
    let side = lines.next().unwrap_or_default().to_string();
    format!("{pieces}|{side}")
}

const WK: Piece = Role::King.of(Color::White);
const WR: Piece = Role::Rook.of(Color::White);
const WP: Piece = Role::Pawn.of(Color::White);
const BK: Piece = Role::King.of(Color::Black);
const BR: Piece = Role::Rook.of(Color::Black);

/// Endings drawn with fixed material, by name: the keep table's (`rooks`), the pawn keep
/// table's (`pawn`), White's king and pawn against king and rook (`kpkr`) and against the
/// lone king (`kpk`).
const ENDINGS: [(&str, &[Piece]); 4] = [
    ("rooks", &[WK, WR, BK, BR]),
    ("pawn", &[WK, WR, WP, BK, BR]),
    ("kpkr", &[WK, WP, BK, BR]),
    ("kpk", &[WK, WP, BK]),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("random") => {
            let seed: u64 = args[1].parse().expect("a seed");
            let count: usize = args[2].parse().expect("a count");
            let mut rng = Rng::new(seed);
            for _ in 0..count {
                let name = args.get(3).map(String::as_str);
                let ending = ENDINGS.iter().find(|(n, _)| Some(*n) == name);
                let pos = match (name, ending) {
                    (_, Some((_, pieces))) => random_position(&mut rng, |_| pieces.to_vec()),
                    (Some("promoted"), None) => random_position(&mut rng, promoted_material),
                    _ => random_position(&mut rng, task_material),
                };
                println!("{}", line(&pos));
            }
        }
        Some("children") => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).expect("stdin");
            let problem: Problem = text.parse().expect("a problem");
            let pos = problem.position;
            for m in pos.legal_moves() {
                let child = pos.play(m);
                let end = if child.legal_moves().is_empty() {
                    if child.is_check() {
                        "mate"
                    } else {
                        "stalemate"
                    }
                } else if child.is_dead() {
                    "dead"
                } else {
                    ""
                };
                println!("{}|{}|{end}", san(&pos, m, Notation::Czech), line(&child));
            }
        }
        Some("horizon-table") => {
            let path = tables::locate(None);
            let mut tables = Tables::open(&path).expect("a table file");
            let start = std::time::Instant::now();
            HorizonTable::build(&mut tables).expect("the tables read");
            println!("built in {:.2} s", start.elapsed().as_secs_f64());
        }
        _ => eprintln!(
            "usage: audit random SEED COUNT [task|promoted|rooks|pawn|kpkr|kpk] | audit children | audit horizon-table"
        ),
    }
}
