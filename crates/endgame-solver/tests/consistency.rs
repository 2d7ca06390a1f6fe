//! Consistency across N for the mate cases at deep horizons (20 to 49 plies), on random
//! positions of the task's material: the answer at N is what the children's answers at N − 1
//! imply. Case 1 lists exactly the moves after which the mover's mate is the child's verdict;
//! case 2 lists every move, each with exactly the replies the child's own case 1 lists.

mod common;

use endgame_solver::{Case, Goal, Solver, Verdict, analyse};
use small_board::{Notation, Position, san};
use test_support::{
    Rng,
    positions::{promoted_material, random_position},
};

/// The answer at `n` when it is a mate (case 1, case 2 or a final position), else `None`
/// (the draw and horizon goals, slow at deep N, are not under test).
fn mate_answer(solver: &mut Solver, pos: &Position, n: u32) -> Option<endgame_solver::Answer> {
    let (p, q) = (pos.turn(), pos.turn().other());
    let mate = pos.legal_moves().is_empty()
        || solver.wins(Goal::Mate(p), &[*pos], n)
        || solver.wins(Goal::Mate(q), &[*pos], n);
    mate.then(|| analyse(solver, pos, n))
}

#[test]
fn mate_answers_follow_from_the_childrens_answers() {
    let mut rng = Rng::new(0x00c0_ffee);
    let mut solver = Solver::with_tables(256 << 20, common::tables());
    let (mut case1, mut case2) = (0, 0);
    while case1 < 150 || case2 < 60 {
        let pos = random_position(&mut rng, promoted_material);
        let n = 20 + rng.below(30) as u32;
        let p = pos.turn();
        let q = p.other();
        if pos.legal_moves().is_empty() {
            continue;
        }
        let Some(answer) = mate_answer(&mut solver, &pos, n) else {
            continue;
        };
        let listed = |first: &str| answer.entries.iter().filter(|e| e.first == first).count();
        match answer.case {
            Case::MateByMover => {
                case1 += 1;
                for m in pos.legal_moves() {
                    let child = mate_answer(&mut solver, &pos.play(m), n - 1);
                    let keeps = child
                        .as_ref()
                        .is_some_and(|c| c.verdict == Verdict::Mate(p));
                    let name = san(&pos, m, Notation::Czech);
                    assert_eq!(
                        listed(&name) == 1,
                        keeps,
                        "{pos} N={n}: {name} -> {child:?}"
                    );
                }
            }
            Case::MateByOther => {
                case2 += 1;
                for m in pos.legal_moves() {
                    let after = pos.play(m);
                    let name = san(&pos, m, Notation::Czech);
                    let child = mate_answer(&mut solver, &after, n - 1)
                        .unwrap_or_else(|| panic!("{pos} N={n}: {name} escapes the mate"));
                    assert_eq!(
                        child.verdict,
                        Verdict::Mate(q),
                        "{pos} N={n}: {name} -> {child}"
                    );
                    let replies: Vec<String> = answer
                        .entries
                        .iter()
                        .filter(|e| e.first == name)
                        .filter_map(|e| e.reply.clone())
                        .collect();
                    let expected: Vec<String> =
                        child.entries.iter().map(|e| e.first.clone()).collect();
                    if child.case == Case::Final {
                        assert_eq!(listed(&name), 1, "{pos} N={n}: {name} mates at once");
                    } else {
                        assert_eq!(replies, expected, "{pos} N={n}: after {name}");
                    }
                }
            }
            other => panic!("{pos} N={n}: a mate goal holds but the case is {other:?}"),
        }
    }
    eprintln!("{case1} positions of case 1, {case2} of case 2");
}
