//! The spec's five cases in order, with the fast solver, and the principal line for `--explain`.

use small_board::{Move, Notation, Position, san};

use crate::{
    answer::{Answer, Case, Entry, Verdict},
    goal::{End, Goal, end_of},
    solver::Solver,
};

/// The answer for `start` with a horizon of `plies`.
pub fn analyse(solver: &mut Solver, start: &Position, plies: u32) -> Answer {
    if let Some(answer) = final_answer(start) {
        return answer;
    }
    let p = start.turn();
    let q = p.other();
    let cases = [
        (Goal::Mate(p), Verdict::Mate(p), Case::MateByMover),
        (Goal::Mate(q), Verdict::Mate(q), Case::MateByOther),
        (Goal::Draw, Verdict::Draw, Case::BlackDraw),
        (Goal::Horizon(p), Verdict::Horizon(p), Case::HorizonByMover),
        (Goal::Horizon(q), Verdict::Horizon(q), Case::HorizonByOther),
    ];
    for (goal, verdict, case) in cases {
        if solver.wins(goal, &[*start], plies) {
            let entries = if plies == 0 {
                Vec::new()
            } else {
                entries(solver, goal, start, plies)
            };
            return Answer::new(verdict, case, entries);
        }
    }
    Answer::new(Verdict::Undecided, Case::Undecided, Vec::new())
}

/// The answer when the start position has already ended.
pub fn final_answer(start: &Position) -> Option<Answer> {
    let verdict = match end_of(start, start.legal_moves().len())? {
        End::Mate(winner) => Verdict::Mate(winner),
        End::Draw => Verdict::Draw,
    };
    Some(Answer::new(verdict, Case::Final, Vec::new()))
}

/// The list for a goal that holds at the start: the player's first moves that keep it, or, when
/// the other side moves first, every pair (first move, reply that keeps it).
fn entries(solver: &mut Solver, goal: Goal, start: &Position, plies: u32) -> Vec<Entry> {
    let mut entries = Vec::new();
    for m in start.legal_moves() {
        let child = start.play(m);
        let first = san(start, m, Notation::Czech);
        if goal.player() == start.turn() {
            if solver.wins(goal, &[*start, child], plies - 1) {
                entries.push(Entry { first, reply: None });
            }
        } else if plies == 1 || end_of(&child, child.legal_moves().len()).is_some() {
            // The horizon or the game ends after the first move, which every move keeps.
            entries.push(Entry { first, reply: None });
        } else {
            for r in child.legal_moves() {
                let grandchild = child.play(r);
                if solver.wins(goal, &[*start, child, grandchild], plies - 2) {
                    let reply = Some(san(&child, r, Notation::Czech));
                    entries.push(Entry {
                        first: first.clone(),
                        reply,
                    });
                }
            }
        }
    }
    entries
}

/// The goal behind a verdict (none for `0-0` and final positions).
pub fn goal_of(answer: &Answer) -> Option<Goal> {
    match (answer.case, answer.verdict) {
        (Case::Final | Case::Undecided, _) => None,
        (_, Verdict::Mate(c)) => Some(Goal::Mate(c)),
        (_, Verdict::Draw) => Some(Goal::Draw),
        (_, Verdict::Horizon(c)) => Some(Goal::Horizon(c)),
        (_, Verdict::Undecided) => None,
    }
}

/// One principal line for a goal that holds at the start within `plies`. For mate and draw the
/// player reaches the goal as fast as possible and the other side resists as long as possible;
/// for the horizon goal, which is judged at the horizon itself, the player keeps it to the last
/// ply (mating when it can). Ties go to the first move in byte order of its Czech SAN.
pub fn principal_line(
    solver: &mut Solver,
    goal: Goal,
    start: &Position,
    plies: u32,
) -> Vec<(Move, String)> {
    let mut line = vec![*start];
    let mut out = Vec::new();
    let mut left = plies;
    while left > 0 {
        let pos = line[line.len() - 1];
        let moves = pos.legal_moves();
        if end_of(&pos, moves.len()).is_some() {
            break;
        }
        let player_moves = pos.turn() == goal.player();
        // Each move with a rank: lower is better for the player, higher for the other side.
        let mut options: Vec<(u32, String, Move)> = Vec::new();
        for m in moves {
            line.push(pos.play(m));
            let rank = match goal {
                Goal::Horizon(x) => {
                    let mates = solver.wins(Goal::Mate(x), &line, left - 1);
                    let keeps = solver.wins(goal, &line, left - 1);
                    (keeps || !player_moves).then_some(u32::from(!mates))
                }
                Goal::Mate(_) | Goal::Draw => (0..left).find(|&d| solver.wins(goal, &line, d)),
            };
            line.pop();
            if let Some(rank) = rank {
                options.push((rank, san(&pos, m, Notation::Czech), m));
            }
        }
        let best = if player_moves {
            options.iter().min_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)))
        } else {
            options.iter().min_by(|a, b| (b.0, &a.1).cmp(&(a.0, &b.1)))
        };
        let Some((_, name, m)) = best.cloned() else {
            break;
        };
        out.push((m, name));
        line.push(pos.play(m));
        left -= 1;
    }
    out
}
