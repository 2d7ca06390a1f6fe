//! The per-ply table of White's horizon goal without repetition (KQvKR, KQvK) against its own
//! recurrence at every position, against the search without tables on random positions, and
//! the solver using it against the plain minimax after lines that repeat positions.

mod common;

use endgame_solver::{
    Goal, Solver,
    goal::end_of,
    horizon_table::{HorizonTable, MATERIALS},
    reference,
    tables::index::Layout,
};
use small_board::{Color, Position};
use test_support::Rng;

fn table() -> HorizonTable {
    HorizonTable::build(&mut common::tables()).expect("the tables read")
}

/// Every position of the materials covered, by the slots of their tables.
fn positions(layout: &Layout) -> impl Iterator<Item = Position> + '_ {
    (0..layout.blocks() * layout.block_slots()).filter_map(|slot| layout.position_at(slot))
}

/// The definition, bit by bit: an ended position is White's mate or not at every depth; else
/// bit 0 is White's superiority, bit k + 1 bit k of any successor (White to move) or all
/// (Black to move). The recurrence has one solution, so a table that satisfies it is exact.
#[test]
fn every_word_satisfies_the_recurrence() {
    let goal = Goal::Horizon(Color::White);
    let table = table();
    let mut checked = 0u64;
    for material in MATERIALS {
        let layout = Layout::new(material);
        for pos in positions(&layout) {
            let word = table.word(&pos).expect("a covered material");
            let moves = pos.legal_moves();
            let expected = match end_of(&pos, moves.len()) {
                Some(end) => {
                    if goal.accepts(end) {
                        !0
                    } else {
                        0
                    }
                }
                None => {
                    let white = pos.turn() == Color::White;
                    let mut all = if white { 0 } else { !0 };
                    for m in moves {
                        let child = pos.play(m);
                        let child_word = match end_of(&child, child.legal_moves().len()) {
                            Some(end) if goal.accepts(end) => !0,
                            Some(_) => 0,
                            None => table.word(&child).expect("a capture stays covered"),
                        };
                        all = if white {
                            all | child_word
                        } else {
                            all & child_word
                        };
                    }
                    u64::from(goal.accepts_horizon(&pos)) | all << 1
                }
            };
            assert_eq!(word, expected, "{pos}: {word:064b} against {expected:064b}");
            checked += 1;
        }
    }
    // 1,267,509 legal positions when written (both sides; a position with White's king on the
    // triangle's diagonal counted twice).
    assert!(checked > 1_200_000, "{checked} positions");
}

/// Random positions of KQvKR and KQvK at depths 0 to 7 (too few plies for a third
/// occurrence): the table and the search without tables agree.
#[test]
fn the_search_without_tables_agrees() {
    let table = table();
    let mut search = Solver::new(1 << 26);
    let mut rng = Rng::new(20_261_127);
    let (mut checked, mut holding) = (0, 0);
    for material in MATERIALS {
        let pieces = Layout::new(material).pieces;
        while checked < 300 * (1 + usize::from(material.black_rook)) {
            let pos = common::draw_position(&mut rng, |rng, turn| {
                common::random_position(rng, turn, &pieces)
            });
            for depth in 0..8 {
                let expected = search.wins(Goal::Horizon(Color::White), &[pos], depth);
                assert_eq!(table.wins(&pos, depth), Some(expected), "{pos} at {depth}");
                holding += usize::from(expected);
            }
            checked += 1;
        }
    }
    eprintln!("{checked} positions, {holding} holding");
    assert!(holding > 100, "{holding} holding");
}

/// The solver with the table built at once, after lines of KQvKR that already repeat
/// positions (second and third occurrences), against the plain minimax that counts repetitions
/// on the whole line: the table's values without repetition serve the search with it (where
/// they refute, and where no third occurrence can come) and never stand in for it.
#[test]
fn the_solver_with_the_table_after_repeating_lines() {
    let mut solver = Solver::with_tables(1 << 30, common::tables());
    solver.build_horizon_table_after(0);
    let mut rng = Rng::new(20_261_128);
    let (mut compared, mut holding) = (0, 0);
    for _ in 0..40 {
        let line =
            common::repeating_line(&mut rng, &[common::WK, common::WQ, common::BK, common::BR]);
        for end in 1..=line.len() {
            let prefix = &line[..end];
            let last = prefix[prefix.len() - 1];
            if last.legal_moves().is_empty() {
                break;
            }
            for depth in 0..=5 {
                let goal = Goal::Horizon(Color::White);
                let expected = reference::wins(goal, prefix, depth);
                assert_eq!(
                    solver.wins(goal, prefix, depth),
                    expected,
                    "at depth {depth} after {prefix:?}"
                );
                compared += 1;
                holding += u32::from(expected);
            }
        }
    }
    eprintln!("{compared} compared, {holding} holding");
    assert!(holding > 50, "{holding} holding");
}
