//! Regression (audit of 2026-11-26): the keep table counts a capture's new segment by the
//! distance tables alone (`keep.rs`, `Leaves::outside`: Black's draw distance or mate distance,
//! repetitions not counted), as if White kept that game going for that many plies. But after the
//! capture no order binds White any more, and Black may force a third occurrence sooner.
//!
//! `Kb5 Va7 Kd5 Va3`, Black to move, N = 9: `Vxa7` leaves `Kb5 Kd5 Va7` with White to move and
//! 8 plies, where Black forces a draw by repetition (`Kb4 Va3` and White must go back `Kb5`, or
//! take the rook into a dead position; `Kb6` is answered too: the solver's own answer there at
//! N = 8 is `1/2-1/2`, as is the plain minimax's), while Black's mate takes 17 or more plies. A
//! capture starts a new repetition segment, so the root's history does not matter: Black draws
//! within 9 plies by `Vxa7`, and the answer is case 3. The keep table says White keeps the
//! game going (the solver answers `H 0-1 Vxa7`). The expected lines below are those of the plain
//! minimax (`--plain`), which agrees with this argument.

mod common;

use endgame_solver::{Problem, Solver, analyse};

fn answer(text: &str) -> String {
    let problem: Problem = text.parse().expect("a valid problem");
    let mut solver = Solver::with_tables(256 << 20, common::tables());
    analyse(&mut solver, &problem.position, problem.plies).to_string()
}

#[test]
fn a_capture_into_a_forced_repetition_is_a_draw() {
    // The child after the capture draws at N = 8 (the solver agrees here: no keep table there).
    assert_eq!(
        answer("Kb5 Kd5 Va7\nB\n8\n"),
        "1/2-1/2 Kb4 Va3, Kb6 Kd6, Kb6 Va1, Kb6 Va2, Kb6 Va3, Kb6 Va4, Kb6 Va5, Kb6 Va6+, \
         Kb6 Vb7+, Kb6 Vd7, Kb6 Ve7, Kb6 Vf7, Kb6 Vg7"
    );
    // So the capture draws one ply higher, whatever came before it.
    assert_eq!(answer("Kb5 Va7 Kd5 Va3\nC\n9\n"), "1/2-1/2 Vxa7");
}

#[test]
fn every_white_move_meets_the_capture() {
    // White in check from a3 has three king moves; each is met by Vxa7 as above.
    assert_eq!(
        answer("Ka6 Va7 Kd5 Va3\nB\n10\n"),
        "1/2-1/2 Kb5 Vxa7, Kb6 Vxa7, Kb7 Vxa7+"
    );
}

#[test]
fn the_search_without_tables_finds_it() {
    // The same search without the endgame tables (so without the keep table: the survival proof
    // is searched, and a capture starts a new segment in which White still keeps to the order)
    // gets it right, which puts the fault in the table.
    let problem: Problem = "Kb5 Va7 Kd5 Va3\nC\n9\n".parse().expect("a valid problem");
    let mut solver = Solver::new(64 << 20);
    let answer = analyse(&mut solver, &problem.position, problem.plies).to_string();
    assert_eq!(answer, "1/2-1/2 Vxa7");
}

#[test]
fn the_keep_table_claims_too_much() {
    use endgame_solver::tables::{index::Symmetry, keep::Placed, order::Run};
    // Black forces a draw within 9 plies (above), so White cannot keep the game going 9 plies
    // in any orientation of any order: the table must not say it does.
    let problem: Problem = "Kb5 Va7 Kd5 Va3\nC\n9\n".parse().expect("a valid problem");
    let mut tables = common::tables();
    let placed = Placed::of(&problem.position).expect("a KRvKR position");
    // (orientation, byte: plies kept + 1) where the table claims 9 plies or more.
    let claims: Vec<(u8, u8)> = (0..8)
        .filter_map(|s| {
            let keep = tables.keep(placed, Run::FRESH, Symmetry(s))?;
            keep.keeps(9).then_some((s, keep.0))
        })
        .collect();
    assert_eq!(claims, Vec::new(), "orientations claiming 9 plies");
}
