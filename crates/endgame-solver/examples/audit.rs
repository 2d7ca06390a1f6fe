//! The audit's helper (`xtask/oracles/endgame-solver/audit_draws.py` drives it): random legal
//! positions, and the children of a position, in the solver's input notation. It solves
//! nothing: the answers come from the binary, one process per query, under a time limit.
//!
//! ```sh
//! cargo run --release --example audit -- random SEED COUNT [task|promoted|rooks]
//! printf 'Kg3 Ve3 Kc2 Vd2\nC\n0\n' | cargo run --release --example audit -- children
//! ```
//!
//! `random` prints `pieces|side` lines; `children` prints, per legal move, `san|pieces|side|end`
//! where `end` is `mate`, `stalemate`, `dead` or empty.

use std::io::Read;

use endgame_solver::Problem;
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

/// Both kings and both rooks: the keep table's ending.
fn rooks(_: &mut Rng) -> Vec<Piece> {
    vec![
        Role::King.of(Color::White),
        Role::Rook.of(Color::White),
        Role::King.of(Color::Black),
        Role::Rook.of(Color::Black),
    ]
}

/// White king, rook and pawn against king and rook: the pawn keep table's ending.
fn pawn(_: &mut Rng) -> Vec<Piece> {
    vec![
        Role::King.of(Color::White),
        Role::Rook.of(Color::White),
        Role::Pawn.of(Color::White),
        Role::King.of(Color::Black),
        Role::Rook.of(Color::Black),
    ]
}

/// White king and pawn against king and rook.
fn kpkr(_: &mut Rng) -> Vec<Piece> {
    vec![
        Role::King.of(Color::White),
        Role::Pawn.of(Color::White),
        Role::King.of(Color::Black),
        Role::Rook.of(Color::Black),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("random") => {
            let seed: u64 = args[1].parse().expect("a seed");
            let count: usize = args[2].parse().expect("a count");
            let mut rng = Rng::new(seed);
            for _ in 0..count {
                let pos = match args.get(3).map(String::as_str) {
                    Some("promoted") => random_position(&mut rng, promoted_material),
                    Some("rooks") => random_position(&mut rng, rooks),
                    Some("pawn") => random_position(&mut rng, pawn),
                    Some("kpkr") => random_position(&mut rng, kpkr),
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
        _ => eprintln!("usage: audit random SEED COUNT [task|promoted|rooks] | audit children"),
    }
}
