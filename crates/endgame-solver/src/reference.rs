//! The plain minimax reference, written to be obviously right rather than fast: every line is
//! explored to the horizon (no table, no bounds), and a repetition is found by walking the whole
//! line. Tests check the fast solver against it; `cargo xtask bench` times it as the baseline.

use small_board::{Color, Notation, Position, Role, san};

use crate::{
    answer::{Answer, Case, Entry, Verdict},
    goal::Goal,
};

/// What a player tries to force (the spec's cases 1–4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    Mate(Color),
    BlackDraw,
    Horizon(Color),
}

impl Aim {
    fn player(self) -> Color {
        match self {
            Aim::Mate(c) | Aim::Horizon(c) => c,
            Aim::BlackDraw => Color::Black,
        }
    }
}

/// How the game stands at the end of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Checkmated(Color),
    Drawn,
    Playing,
}

/// The status of the last position of `line`, with `line[0]` the start position.
fn status(line: &[Position]) -> Status {
    let pos = line.last().expect("a line is never empty");
    if pos.legal_moves().is_empty() {
        return if pos.is_check() {
            Status::Checkmated(pos.turn())
        } else {
            Status::Drawn
        };
    }
    let board = pos.board();
    let others: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|&r| r != Role::King)
        .flat_map(|r| std::iter::repeat_n(r, board.by_role(r).count() as usize))
        .collect();
    if others.is_empty() || others == [Role::Knight] {
        return Status::Drawn;
    }
    let occurrences = line.iter().filter(|p| p.same_as(pos)).count();
    if occurrences >= 3 {
        return Status::Drawn;
    }
    Status::Playing
}

fn holds_superiority(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    let heavy = |c| board.count(c, Role::Queen) + board.count(c, Role::Rook);
    match color {
        Color::White => heavy(Color::White) > heavy(Color::Black),
        Color::Black => {
            board.by_color(Color::White).count() == 1
                && board.by_color(Color::Black).count() == 2
                && board.count(Color::Black, Role::Rook) == 1
        }
    }
}

/// Whether `aim`'s player forces it from the end of `line` within `left` plies.
fn forces(aim: Aim, line: &mut Vec<Position>, left: u32) -> bool {
    match status(line) {
        Status::Checkmated(loser) => {
            return match aim {
                Aim::Mate(c) | Aim::Horizon(c) => loser != c,
                Aim::BlackDraw => loser == Color::White,
            };
        }
        Status::Drawn => return aim == Aim::BlackDraw,
        Status::Playing => {}
    }
    let pos = *line.last().expect("a line is never empty");
    if left == 0 {
        return match aim {
            Aim::Horizon(c) => holds_superiority(&pos, c),
            Aim::Mate(_) | Aim::BlackDraw => false,
        };
    }
    // The player needs one move that forces the aim, the other side one move that escapes it.
    let mut moves = pos.legal_moves().into_iter();
    let mut forced_after = |m| {
        line.push(pos.play(m));
        let forced = forces(aim, line, left - 1);
        line.pop();
        forced
    };
    if pos.turn() == aim.player() {
        moves.any(&mut forced_after)
    } else {
        moves.all(&mut forced_after)
    }
}

/// Whether `goal`'s player forces it within `plies` from the last position of `line` (the game
/// from the start, `line[0]`), by plain minimax with repetition counted on the whole line.
///
/// # Panics
///
/// If `line` is empty.
pub fn wins(goal: Goal, line: &[Position], plies: u32) -> bool {
    let aim = match goal {
        Goal::Mate(c) => Aim::Mate(c),
        Goal::Draw => Aim::BlackDraw,
        Goal::Horizon(c) => Aim::Horizon(c),
    };
    forces(aim, &mut line.to_vec(), plies)
}

/// The answer for `start` with a horizon of `plies`, by plain minimax.
pub fn answer(start: &Position, plies: u32) -> Answer {
    let mut line = vec![*start];
    match status(&line) {
        Status::Checkmated(loser) => {
            return Answer::new(Verdict::Mate(loser.other()), Case::Final, vec![]);
        }
        Status::Drawn => return Answer::new(Verdict::Draw, Case::Final, vec![]),
        Status::Playing => {}
    }
    let p = start.turn();
    let q = p.other();
    let cases = [
        (Aim::Mate(p), Verdict::Mate(p), Case::MateByMover),
        (Aim::Mate(q), Verdict::Mate(q), Case::MateByOther),
        (Aim::BlackDraw, Verdict::Draw, Case::BlackDraw),
        (Aim::Horizon(p), Verdict::Horizon(p), Case::HorizonByMover),
        (Aim::Horizon(q), Verdict::Horizon(q), Case::HorizonByOther),
    ];
    for (aim, verdict, case) in cases {
        if !forces(aim, &mut line, plies) {
            continue;
        }
        let mut entries = Vec::new();
        if plies > 0 {
            for m in start.legal_moves() {
                let first = san(start, m, Notation::Czech);
                line.push(start.play(m));
                if aim.player() == p {
                    if forces(aim, &mut line, plies - 1) {
                        entries.push(Entry { first, reply: None });
                    }
                } else if plies == 1 || status(&line) != Status::Playing {
                    entries.push(Entry { first, reply: None });
                } else {
                    let child = line[1];
                    for r in child.legal_moves() {
                        line.push(child.play(r));
                        if forces(aim, &mut line, plies - 2) {
                            let reply = Some(san(&child, r, Notation::Czech));
                            entries.push(Entry {
                                first: first.clone(),
                                reply,
                            });
                        }
                        line.pop();
                    }
                }
                line.pop();
            }
        }
        return Answer::new(verdict, case, entries);
    }
    Answer::new(Verdict::Undecided, Case::Undecided, vec![])
}
