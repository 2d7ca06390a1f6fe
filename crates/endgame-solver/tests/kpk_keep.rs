//! The KPvK keep table's claims: recomputed by a plain recursive solution of its game, and
//! played out from random positions against a Black that returns to positions already seen
//! whenever it can, the game (history counted) reaching the claimed ply with no third
//! occurrence, no stalemate and no dead position.

mod common;

use endgame_solver::tables::{
    Dtm, Tables,
    keep::{Keep, LONGEST},
    kpk_keep::{self, ORIENTATIONS, Rung},
};
use small_board::{Color, Move, Position, Role};
use test_support::Rng;

/// A random legal KPvK position with `turn` to move, if the squares drawn make one.
fn random_position(rng: &mut Rng, turn: Color) -> Option<Position> {
    common::random_position(rng, turn, &[common::WK, common::WP, common::BK])
}

/// Where White stands: the rung of its ladder and the run's orientation.
type Plan = (Rung, u8);

/// White's plans after its king's move `m` from `pos` in `plan`, by the module's rules: up the
/// orientation on the same rung; the first run's drop to a last run in any orientation or, in
/// a symmetry's, to a second run in the orientation; a later run's drop, from above the end of
/// the run before and landing above it, to the next run in the orientation.
fn king_plans(pos: &Position, m: Move, (rung, o): Plan) -> Vec<Plan> {
    let pawn = pos.board().by_piece(common::WP).first().expect("a pawn");
    let place = |sq| kpk_keep::place(o, pawn, sq) as u8;
    let (from, to) = (place(m.from), place(m.to));
    let mut plans = Vec::new();
    if to > from {
        plans.push((rung, o));
    }
    match rung {
        Rung::First => {
            if o < kpk_keep::SYMMETRIES {
                plans.push((Rung::After(from), o));
            }
            plans.extend((0..ORIENTATIONS).map(|g| (Rung::Last, g)));
        }
        Rung::After(end) if from > end && to > end => plans.push((Rung::After(from), o)),
        _ => {}
    }
    plans
}

/// The table's byte for a number of plies kept one ply after a child's byte.
fn one_more(byte: u8) -> u8 {
    if byte == 255 {
        255
    } else {
        (byte + 1).min(LONGEST + 1)
    }
}

/// The byte the module's rules give `pos` in `plan` from its children's (read from the table,
/// or from the distance tables after the ending is left).
fn from_children(tables: &mut Tables, pos: &Position, plan: Plan) -> u8 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.is_check() && pos.turn() == Color::Black {
            255
        } else {
            0
        };
    }
    if pos.is_dead() {
        return 0;
    }
    let mut children = Vec::new();
    for &m in &moves {
        let child = pos.play(m);
        let byte = if m.role == Role::King && m.capture.is_none() {
            let plans = match pos.turn() {
                Color::White => king_plans(pos, m, plan),
                Color::Black => vec![plan],
            };
            plans
                .into_iter()
                .map(|(rung, o)| tables.kpk_keep(&child, rung, o).expect("KPvK").0)
                .max()
        } else if child.legal_moves().is_empty() {
            Some(if child.is_check() { 255 } else { 0 })
        } else if child.is_dead() {
            Some(0)
        } else if child.board().count(Color::White, Role::Pawn) == 1 && m.promotion.is_none() {
            (0..ORIENTATIONS)
                .map(|o| tables.kpk_keep(&child, Rung::First, o).expect("KPvK").0)
                .max()
        } else {
            let mates = matches!(tables.probe(&child), Some(Dtm::Mate(Color::White, _)));
            Some(if mates { 255 } else { 1 })
        };
        children.extend(byte.map(one_more));
    }
    match pos.turn() {
        Color::White => children.into_iter().max().unwrap_or(1).max(1),
        Color::Black => children.into_iter().min().unwrap_or(255),
    }
}

/// Every entry is what the game's rules make of its children's (the game is acyclic, so the
/// table is its one solution where every entry is), on every rung and in every orientation.
#[test]
fn every_entry_follows_from_its_childrens() {
    let mut tables = common::tables();
    let mut rng = Rng::new(2711);
    let rungs: Vec<Rung> = [Rung::Last, Rung::First]
        .into_iter()
        .chain((0..49).map(Rung::After))
        .collect();
    let (mut checked, mut long) = (0, 0);
    while checked < 2000 {
        let pos = common::draw_position(&mut rng, random_position);
        for &rung in &rungs {
            for o in 0..ORIENTATIONS {
                // Later runs are in the symmetries' orientations only.
                let Some(got) = tables.kpk_keep(&pos, rung, o) else {
                    assert!(matches!(rung, Rung::After(_)) && o >= kpk_keep::SYMMETRIES);
                    continue;
                };
                let expected = from_children(&mut tables, &pos, (rung, o));
                assert_eq!(got, Keep(expected), "{} {rung:?} {o}", pos.fen());
                long += usize::from(expected > 20 && expected < 255);
            }
        }
        checked += 1;
    }
    assert!(long > 50_000, "too few long claims to test much: {long}");
}

/// A White that follows the table, for [`common::play_out`].
struct Follower<'a>(&'a mut Tables);

impl Follower<'_> {
    fn keep(&mut self, pos: &Position, (rung, o): Plan) -> Keep {
        self.0.kpk_keep(pos, rung, o).expect("a KPvK position")
    }
}

impl common::Claims<Plan> for Follower<'_> {
    /// Every promotion or capture is good (the distance tables decide after it); a pawn move
    /// starts a new segment in any orientation; a king move goes on by the ladder.
    fn good_moves(&mut self, pos: &Position, plan: Plan, left: u32) -> Vec<(Move, Option<Plan>)> {
        let new_segment: Vec<Plan> = (0..ORIENTATIONS).map(|o| (Rung::First, o)).collect();
        let moved = |m| king_plans(pos, m, plan);
        common::pawn_ending_moves(pos, left, &new_segment, moved, |pos, plan| {
            self.keep(pos, plan)
        })
    }

    fn keeps(&mut self, pos: &Position, plan: Plan, left: u32) -> bool {
        self.keep(pos, plan).keeps(left)
    }
}

#[test]
fn white_keeps_the_king_and_pawn_ending_going_as_long_as_the_table_says() {
    let mut tables = common::tables();
    let mut rng = Rng::new(2712);
    let (mut games, mut longest, mut pawn_moves) = (0, 0, 0u64);
    let (mut later, mut around) = (0u64, 0u64);
    let mut tries = 0;
    while games < 2000 {
        tries += 1;
        assert!(tries < 1_000_000, "too few positions kept long");
        let start = common::draw_position(&mut rng, random_position);
        let o = rng.below(u64::from(ORIENTATIONS)) as u8;
        let plan = (Rung::First, o);
        let keep = Follower(&mut tables).keep(&start, plan);
        let Some(claim) = (12..=u32::from(LONGEST)).rev().find(|&k| keep.keeps(k)) else {
            continue;
        };
        if keep.keeps(u32::from(LONGEST) + 1) {
            continue;
        }
        games += 1;
        longest = longest.max(claim);
        common::play_out(
            &mut rng,
            start,
            plan,
            claim,
            &mut Follower(&mut tables),
            |m, (rung, o)| {
                pawn_moves += u64::from(m.is_some_and(|m| m.role == Role::Pawn));
                later += u64::from(matches!(rung, Rung::After(_)));
                around += u64::from(o >= kpk_keep::SYMMETRIES);
            },
        );
    }
    eprintln!("{pawn_moves} pawn moves, {later} plies in later runs, {around} in angle orders");
    assert!(pawn_moves > 500, "too few pawn moves: {pawn_moves}");
    assert!(
        later > 2_000,
        "too few plies in the ladder's later runs: {later}"
    );
    assert!(
        around > 10_000,
        "too few plies in the orders around the pawn: {around}"
    );
    assert!(longest >= 40, "the claims are too short to test much");
}

/// Refuting Black's draw in the king-and-pawn ending takes one White move per White turn, and
/// the table gives it (work counted, not timed). `Kf3 c3 Kd4` with Black to move at N = 32:
/// after `Kc5`, `Kd5` or `Ke5` White keeps the game going for the 31 plies left, walking its
/// king around the pawn. Before the table the search took 7 s at N = 28 and gave no answer
/// within a minute at N = 32.
#[test]
fn the_draw_search_reads_the_king_and_pawn_keep_table() {
    // 0 nodes when written: the tables answer every first move.
    let pos = Position::from_fen("7/7/7/3k3/2P2K1/7/7 b", small_board::Rules::TASK)
        .expect("a legal position");
    let mut solver = endgame_solver::Solver::with_tables(256 << 20, common::tables());
    endgame_solver::analyse(&mut solver, &pos, 32);
    let nodes = solver.nodes();
    assert!(nodes < 10_000, "{nodes} nodes");
}
