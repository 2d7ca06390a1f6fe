//! The KPvK keep table's claims: recomputed by a plain recursive solution of its game, and
//! played out from random positions against a Black that returns to positions already seen
//! whenever it can, the game (history counted) reaching the claimed ply with no third
//! occurrence, no stalemate and no dead position.

mod common;

use std::collections::HashMap;

use endgame_solver::tables::{
    Dtm, Tables,
    index::Symmetry,
    keep::{Keep, LONGEST},
    kpk_keep::ORIENTATIONS,
    pawn_keep::Segment,
};
use small_board::{Color, Move, Position, Role};
use test_support::Rng;

/// A random legal KPvK position with `turn` to move, if the squares drawn make one.
fn random_position(rng: &mut Rng, turn: Color) -> Option<Position> {
    common::random_position(rng, turn, &[common::WK, common::WP, common::BK])
}

/// Where White stands: the segment state and the run's orientation.
type Plan = (Segment, u8);

/// Whether a king move from `from` to `to` goes up in `orientation`.
fn goes_up(m: Move, orientation: u8) -> bool {
    let place = |sq| Symmetry(orientation).apply(sq).index();
    place(m.to) > place(m.from)
}

/// The plies a position keeps, by the module's rules read as a recursion (`None` for never, a
/// large number for ever), memoised.
struct Plain<'a> {
    tables: &'a mut Tables,
    /// By position, whether the drop is there, and orientation.
    memo: HashMap<(Position, bool, u8), Option<u32>>,
}

const FOREVER: u32 = 100_000;

impl Plain<'_> {
    fn after_leaving(&mut self, child: &Position) -> Option<u32> {
        if child.legal_moves().is_empty() {
            return (child.is_check() && child.turn() == Color::Black).then_some(FOREVER);
        }
        if child.is_dead() {
            return None;
        }
        if child.board().count(Color::White, Role::Pawn) == 1 {
            return (0..ORIENTATIONS)
                .map(|o| self.plies(child, Segment::New, o))
                .max()
                .flatten();
        }
        let mates = matches!(self.tables.probe(child), Some(Dtm::Mate(Color::White, _)));
        Some(if mates { FOREVER } else { 0 })
    }

    fn plies(&mut self, pos: &Position, segment: Segment, orientation: u8) -> Option<u32> {
        if let Some(&known) = self.memo.get(&(*pos, segment == Segment::New, orientation)) {
            return known;
        }
        let moves = pos.legal_moves();
        let one_more = |child: Option<u32>| child.map_or(0, |k| (k + 1).min(FOREVER));
        let value = if moves.is_empty() {
            (pos.is_check() && pos.turn() == Color::Black).then_some(FOREVER)
        } else if pos.turn() == Color::Black {
            let mut worst = FOREVER;
            for &m in &moves {
                let child = pos.play(m);
                let kept = if m.capture.is_some() {
                    self.after_leaving(&child)
                } else {
                    self.plies(&child, segment, orientation)
                };
                worst = worst.min(one_more(kept));
            }
            Some(worst)
        } else {
            let mut best = 0;
            for &m in &moves {
                let child = pos.play(m);
                if m.role == Role::Pawn {
                    best = best.max(one_more(self.after_leaving(&child)));
                    continue;
                }
                if goes_up(m, orientation) {
                    best = best.max(one_more(self.plies(&child, segment, orientation)));
                }
                if segment == Segment::New {
                    for o in 0..ORIENTATIONS {
                        best = best.max(one_more(self.plies(&child, Segment::Distinct, o)));
                    }
                }
            }
            Some(best)
        };
        self.memo
            .insert((*pos, segment == Segment::New, orientation), value);
        value
    }
}

/// The table's byte for a number of plies kept.
fn byte(plies: Option<u32>) -> u8 {
    match plies {
        None => 0,
        Some(FOREVER) => 255,
        Some(k) => (k + 1).min(u32::from(LONGEST) + 1) as u8,
    }
}

#[test]
fn every_entry_is_the_plain_solution_of_the_game() {
    let mut tables = common::tables();
    let mut rng = Rng::new(2711);
    let mut checked = 0;
    let mut plain = Plain {
        tables: &mut common::tables(),
        memo: HashMap::new(),
    };
    let mut long = 0;
    while checked < 3000 {
        let pos = common::draw_position(&mut rng, random_position);
        for segment in [Segment::Distinct, Segment::New] {
            for o in 0..ORIENTATIONS {
                let expected = byte(plain.plies(&pos, segment, o));
                let got = tables.kpk_keep(&pos, segment, o).expect("a KPvK position");
                assert_eq!(got, Keep(expected), "{} {segment:?} {o}", pos.fen());
                long += usize::from(expected > 20 && expected < 255);
            }
        }
        checked += 1;
    }
    assert!(long > 1000, "too few long claims to test much: {long}");
}

/// A White that follows the table, for [`common::play_out`].
struct Follower<'a>(&'a mut Tables);

impl Follower<'_> {
    fn keep(&mut self, pos: &Position, (segment, o): Plan) -> Keep {
        self.0.kpk_keep(pos, segment, o).expect("a KPvK position")
    }
}

impl common::Claims<Plan> for Follower<'_> {
    /// Every promotion is good (the distance tables decide after it).
    fn good_moves(&mut self, pos: &Position, plan: Plan, left: u32) -> Vec<(Move, Option<Plan>)> {
        let orientations: Vec<u8> = (0..ORIENTATIONS).collect();
        let place = |pos: &Position, o: u8| Symmetry(o).apply(pos.king(Color::White)).index();
        common::pawn_ending_moves(pos, plan, left, &orientations, place, |pos, plan| {
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
    let mut tries = 0;
    while games < 2000 {
        tries += 1;
        assert!(tries < 1_000_000, "too few positions kept long");
        let start = common::draw_position(&mut rng, random_position);
        let o = rng.below(u64::from(ORIENTATIONS)) as u8;
        let plan = (Segment::New, o);
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
            |m, _| pawn_moves += u64::from(m.is_some_and(|m| m.role == Role::Pawn)),
        );
    }
    assert!(pawn_moves > 500, "too few pawn moves: {pawn_moves}");
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
