//! The horizon goal's search, work counted (not timed): a horizon goal that fails without
//! repetition is refuted in the game without it, whose entries do not depend on the line, and
//! after the queen's promotion against the rook the per-ply table answers that game.

mod common;

use endgame_solver::{Goal, Solver, analyse};
use small_board::{Color, Position, Rules};

/// `Kb1 Vg6 a3 Ke3 Vb3` with White to move at N = 40: White reaches superiority within 27
/// plies but no held mate within 40, so the tables leave White's horizon goal to the search.
/// Searched with the history counted at every node it took 18.4 million nodes (103 s); the
/// game without repetition refutes it.
#[test]
fn a_horizon_goal_is_refuted_without_repetition_first() {
    // 582,664 nodes when written.
    let pos = Position::from_fen("7/6R/7/7/Pr2k2/7/1K5 w", Rules::TASK).expect("a legal position");
    // The command's default memory: a smaller one drops table blocks it reads again.
    let mut solver = Solver::with_tables(1 << 30, common::tables());
    analyse(&mut solver, &pos, 40);
    let nodes = solver.nodes();
    eprintln!("{nodes} nodes");
    assert!(nodes < 3_000_000, "{nodes} nodes");
}

/// `Kc7 f6 Kc5 Vb3` with White to move at N = 32: `f7D` at once, then the queen against the rook
/// (KQvKR), where White takes the rook within 31 plies but reaches no held mate in time. The
/// search without repetition refuted it in 4 million nodes, nearly all in KQvKR; the per-ply
/// table of that ending answers there, once built.
#[test]
fn the_queen_against_the_rook_is_read_ply_by_ply() {
    // 10,291 nodes for the goal when written.
    let pos = Position::from_fen("2K4/5P1/2k4/7/1r5/7/7 w", Rules::TASK).expect("a legal position");
    let mut solver = Solver::with_tables(1 << 30, common::tables());
    assert!(!solver.wins(Goal::Horizon(Color::White), &[pos], 32));
    let nodes = solver.nodes();
    eprintln!("{nodes} nodes");
    assert!(nodes < 200_000, "{nodes} nodes");
}
