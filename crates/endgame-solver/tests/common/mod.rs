//! Test support: the endgame tables, built once per target directory and shared by every test
//! binary (the fixtures run the binary, which finds them through `ENDGAME_SOLVER_TABLES`, set
//! for cargo runs in `.cargo/config.toml`).

#![allow(dead_code)]

use std::{
    path::PathBuf,
    sync::{Mutex, OnceLock},
};

use endgame_solver::tables::{self, Tables};
use small_board::{Color, Piece, Role};

/// The task's pieces, for building materials.
pub const WK: Piece = Role::King.of(Color::White);
pub const WR: Piece = Role::Rook.of(Color::White);
pub const WP: Piece = Role::Pawn.of(Color::White);
pub const WQ: Piece = Role::Queen.of(Color::White);
pub const BK: Piece = Role::King.of(Color::Black);
pub const BR: Piece = Role::Rook.of(Color::Black);

/// The table file, built on first use (about 2 minutes) where the tool itself looks for it.
pub fn tables_path() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    static BUILD: Mutex<()> = Mutex::new(());
    PATH.get_or_init(|| {
        let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
        let path = std::env::var_os(tables::ENV_VAR).map_or_else(
            || PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(tables::FILE_NAME),
            PathBuf::from,
        );
        if Tables::open(&path).is_err() {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).expect("cannot create the tables' directory");
            }
            tables::build(&path, |_, _| {}).expect("cannot build the tables");
        }
        path
    })
    .clone()
}

/// A random legal position of `pieces` with `turn` to move, if the squares drawn (one per piece,
/// in order) make one.
pub fn random_position(
    rng: &mut test_support::Rng,
    turn: Color,
    pieces: &[Piece],
) -> Option<small_board::Position> {
    let mut squares = Vec::new();
    for _ in pieces {
        squares.push(small_board::Square::new(rng.below(49) as u32)?);
    }
    tables::index::position_of(turn, pieces.iter().copied().zip(squares))
}

/// A position from `random_position` with a side to move drawn for it, drawn again until the
/// squares make one.
pub fn draw_position(
    rng: &mut test_support::Rng,
    random_position: impl Fn(&mut test_support::Rng, Color) -> Option<small_board::Position>,
) -> small_board::Position {
    for _ in 0..1_000_000 {
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(pos) = random_position(rng, turn) {
            return pos;
        }
    }
    panic!("a million draws made no position");
}

/// The tables, opened (each caller gets its own reader).
pub fn tables() -> Tables {
    Tables::open(&tables_path()).expect("the tables just built open")
}

/// What a playout of a keep table's claim asks of the table (see [`play_out`]).
pub trait Claims<P> {
    /// White's moves from `pos` in `plan` that keep `left` plies, with the plan after each:
    /// `None` for a move after which another table decides.
    fn good_moves(
        &mut self,
        pos: &small_board::Position,
        plan: P,
        left: u32,
    ) -> Vec<(small_board::Move, Option<P>)>;
    /// Whether the table keeps `left` plies from `pos` in `plan`.
    fn keeps(&mut self, pos: &small_board::Position, plan: P, left: u32) -> bool;
    /// Whether the claim at `pos` rests on an argument of its own when no move keeps it.
    fn rests(&mut self, _pos: &small_board::Position, _plan: P) -> bool {
        false
    }
}

/// White's moves from `pos` that a pawn ending's keep table (KRPvKR's or KPvK's) says keep
/// `left` plies, with the plan after each: a capture or a promotion leaves the table (`None`);
/// a pawn move starts a new segment in any of the plans `new_segment`; any other move `m` goes
/// on in any of `moved(m)`.
pub fn pawn_ending_moves<P: Copy>(
    pos: &small_board::Position,
    left: u32,
    new_segment: &[P],
    mut moved: impl FnMut(small_board::Move) -> Vec<P>,
    mut keep: impl FnMut(&small_board::Position, P) -> tables::keep::Keep,
) -> Vec<(small_board::Move, Option<P>)> {
    let mut good = Vec::new();
    for m in pos.legal_moves() {
        let child = pos.play(m);
        if m.capture.is_some() || m.promotion.is_some() {
            good.push((m, None));
            continue;
        }
        let plans = if m.role == Role::Pawn {
            new_segment.to_vec()
        } else {
            moved(m)
        };
        for plan in plans {
            if keep(&child, plan).keeps(left - 1) {
                good.push((m, Some(plan)));
            }
        }
    }
    good
}

/// A keep table's claim, played out from `start` for `claim` plies: White picks one of the
/// moves the table says keep it (those that stay in the table first; one after which another
/// table decides ends the game), or stops where the claim rests on an argument of its own;
/// Black returns to a position already seen whenever it can (else any move but a capture), and
/// the table must still keep the claim after it. The game, history counted, must reach the
/// claimed ply with no third occurrence, stalemate, dead position or mate of White. Calls
/// `played(White's move or none, plan after it)` for each ply played; returns the plies played.
pub fn play_out<P: Copy + std::fmt::Debug>(
    rng: &mut test_support::Rng,
    start: small_board::Position,
    plan: P,
    claim: u32,
    table: &mut impl Claims<P>,
    played: impl FnMut(Option<small_board::Move>, P),
) -> u64 {
    play_out_after(rng, vec![start], plan, claim, table, played)
}

/// [`play_out`] from the last position of `history` (the start's repetition segment), its
/// positions counted.
pub fn play_out_after<P: Copy + std::fmt::Debug>(
    rng: &mut test_support::Rng,
    history: Vec<small_board::Position>,
    mut plan: P,
    claim: u32,
    table: &mut impl Claims<P>,
    mut played: impl FnMut(Option<small_board::Move>, P),
) -> u64 {
    let mut line = history;
    let start = line[line.len() - 1];
    let mut pos = start;
    for ply in 0..claim {
        let left = claim - ply;
        let moves = pos.legal_moves();
        if moves.is_empty() && pos.is_check() && pos.turn() == Color::Black {
            break; // White's mate ends the game: kept.
        }
        assert!(
            !moves.is_empty() && !pos.is_dead(),
            "{}: the game ended at ply {ply} of {claim}",
            start.fen()
        );
        if pos.turn() == Color::White {
            let good = table.good_moves(&pos, plan, left);
            if good.is_empty() && table.rests(&pos, plan) {
                break;
            }
            assert!(
                !good.is_empty(),
                "{}: White has no move keeping {left} plies at {} ({plan:?})",
                start.fen(),
                pos.fen()
            );
            // Staying in the table when it can (the playout tests the table).
            let inside: Vec<_> = good.iter().filter(|g| g.1.is_some()).collect();
            let (m, next) = if inside.is_empty() {
                good[rng.index(good.len())]
            } else {
                *inside[rng.index(inside.len())]
            };
            pos = pos.play(m);
            let Some(next) = next else {
                break;
            };
            plan = next;
            played(Some(m), plan);
        } else {
            let children: Vec<small_board::Position> = moves
                .iter()
                .filter(|m| m.capture.is_none())
                .map(|&m| pos.play(m))
                .collect();
            if children.is_empty() {
                break;
            }
            let seen: Vec<&small_board::Position> =
                children.iter().filter(|c| line.contains(c)).collect();
            pos = if !seen.is_empty() && rng.below(4) != 0 {
                *seen[rng.index(seen.len())]
            } else {
                children[rng.index(children.len())]
            };
            assert!(
                table.keeps(&pos, plan, left - 1),
                "{}: Black's move to {} breaks the claim",
                start.fen(),
                pos.fen()
            );
            played(None, plan);
        }
        line.push(pos);
        let count = line.iter().filter(|p| **p == pos).count();
        assert!(
            count < 3,
            "{}: {} occurs a third time at ply {}",
            start.fen(),
            pos.fen(),
            ply + 1
        );
    }
    let end = line[line.len() - 1];
    if line.len() == claim as usize + 1 {
        let mated_black = end.is_check() && end.turn() == Color::Black;
        assert!(
            !end.is_dead() && (!end.legal_moves().is_empty() || mated_black),
            "{}: the game ends drawn or in White's mate at the horizon, {}",
            start.fen(),
            end.fen()
        );
    }
    line.len() as u64 - 1
}

/// A line from a random position of `material`: two moves there and back, twice, so that the
/// start occurs three times (shorter when a walk cannot be undone).
pub fn repeating_line(
    rng: &mut test_support::Rng,
    material: &[Piece],
) -> Vec<small_board::Position> {
    let start = test_support::positions::random_position(rng, |_| material.to_vec());
    let mut line = vec![start];
    for _ in 0..2 {
        let mut walk = Vec::new();
        for _ in 0..2 {
            let pos = line[line.len() - 1];
            let moves: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.capture.is_none() && m.role != Role::Pawn)
                .collect();
            if moves.is_empty() {
                break;
            }
            let m = *rng.pick(&moves);
            walk.push(m);
            line.push(pos.play(m));
        }
        // The side that made the walk's first move is to move again: it steps back first.
        for m in walk {
            let pos = line[line.len() - 1];
            match pos
                .legal_moves()
                .into_iter()
                .find(|b| b.from == m.to && b.to == m.from)
            {
                Some(back) => line.push(pos.play(back)),
                None => return line,
            }
        }
    }
    line
}
