//! The table-backed solver against the search without tables and the plain minimax reference,
//! on random legal positions of the task's material (White K, optional R, optional pawn; Black
//! K, optional R): every N from 0 to 7 against both, N from 8 to 10 against the search without
//! tables, and the goals after lines that already repeat positions.

mod common;

use common::{BK, BR, WK, WP, WR};

use endgame_solver::{Solver, analyse, reference};
use small_board::Color;
use test_support::{
    Rng,
    positions::{random_position, task_material},
};

fn with_tables() -> Solver {
    Solver::with_tables(256 << 20, common::tables())
}

fn check(depth: u32, count: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(16 << 20);
    let mut tabled = with_tables();
    let mut verdicts = std::collections::BTreeMap::new();
    for i in 0..count {
        let pos = random_position(&mut rng, task_material);
        let fast = analyse(&mut solver, &pos, depth);
        let plain = reference::answer(&pos, depth);
        assert_eq!(fast, plain, "position {i}: {pos} with N = {depth}");
        let table = analyse(&mut tabled, &pos, depth);
        assert_eq!(
            table, plain,
            "with tables, position {i}: {pos} with N = {depth}"
        );
        *verdicts.entry(fast.verdict.to_string()).or_insert(0) += 1;
    }
    eprintln!("N = {depth}: {verdicts:?}");
}

/// The table-backed solver against the search without tables (the plain minimax no longer
/// finishes in test time here).
fn check_deep(depth: u32, count: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(64 << 20);
    let mut tabled = with_tables();
    let mut verdicts = std::collections::BTreeMap::new();
    for i in 0..count {
        let pos = random_position(&mut rng, task_material);
        let table = analyse(&mut tabled, &pos, depth);
        let search = analyse(&mut solver, &pos, depth);
        assert_eq!(table, search, "position {i}: {pos} with N = {depth}");
        *verdicts.entry(table.verdict.to_string()).or_insert(0) += 1;
    }
    eprintln!("N = {depth}: {verdicts:?}");
}

#[test]
fn n8_to_n10_against_the_search_without_tables() {
    // N = 11 and 12 are checked by hand (the search without tables takes minutes on some).
    for (depth, count) in [(8, 20), (9, 12), (10, 8)] {
        check_deep(depth, count, 100 + u64::from(depth));
    }
}

#[test]
fn n0() {
    check(0, 2000, 0);
}

#[test]
fn n1() {
    check(1, 1000, 1);
}

#[test]
fn n2() {
    check(2, 1000, 2);
}

#[test]
fn n3() {
    check(3, 600, 3);
}

#[test]
fn n4() {
    check(4, 500, 4);
}

#[test]
fn n5() {
    check(5, 500, 5);
}

#[test]
fn n6() {
    check(6, 200, 6);
}

#[test]
fn n7() {
    check(7, 100, 7);
}

/// Depths where a third occurrence can happen (at least 8 plies), on light material so the
/// plain minimax finishes: this is where the table's repetition handling is tested.
#[test]
fn repetition_depths() {
    let mut rng = Rng::new(8);
    let mut solver = Solver::new(16 << 20);
    let mut tabled = with_tables();
    for (material, depth, count) in [
        (&[WK, WP, BK][..], 8, 40),
        (&[WK, WP, BK][..], 9, 20),
        (&[WK, BK, BR][..], 8, 10),
    ] {
        for i in 0..count {
            let pos = random_position(&mut rng, |_| material.to_vec());
            let fast = analyse(&mut solver, &pos, depth);
            let plain = reference::answer(&pos, depth);
            assert_eq!(fast, plain, "position {i}: {pos} with N = {depth}");
            let table = analyse(&mut tabled, &pos, depth);
            assert_eq!(
                table, plain,
                "with tables, position {i}: {pos} with N = {depth}"
            );
        }
    }
}

/// The draw and horizon goals after lines that already repeat positions (second and third
/// occurrences), against the plain minimax that counts repetitions on the whole line: this tests
/// the table's history keys, not only the answers from a fresh start.
#[test]
fn goals_after_repeating_lines() {
    use endgame_solver::Goal;
    let mut rng = Rng::new(99);
    let mut solver = Solver::new(16 << 20);
    let mut tabled = with_tables();
    let mut compared = 0;
    for material in [&[WK, BK, BR][..], &[WK, WR, BK][..], &[WK, WR, BK, BR][..]] {
        for _ in 0..40 {
            let line = common::repeating_line(&mut rng, material);
            for end in 1..=line.len() {
                let prefix = &line[..end];
                let last = prefix[prefix.len() - 1];
                if last.legal_moves().is_empty() || last.is_dead() {
                    break;
                }
                for depth in 0..=5 {
                    for goal in [
                        Goal::Draw,
                        Goal::Horizon(Color::White),
                        Goal::Horizon(Color::Black),
                    ] {
                        let fast = solver.wins(goal, prefix, depth);
                        let plain = reference::wins(goal, prefix, depth);
                        assert_eq!(fast, plain, "{goal:?} at depth {depth} after {prefix:?}");
                        let table = tabled.wins(goal, prefix, depth);
                        assert_eq!(table, plain, "tables: {goal:?} at {depth} after {prefix:?}");
                        compared += 1;
                    }
                }
            }
        }
    }
    eprintln!("{compared} comparisons");
}
