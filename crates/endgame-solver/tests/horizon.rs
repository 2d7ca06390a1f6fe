//! The horizon goal's search, work counted (not timed): a horizon goal that fails without
//! repetition is refuted in the game without it, whose entries do not depend on the line.

mod common;

use endgame_solver::{Solver, analyse};
use small_board::{Position, Rules};

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
