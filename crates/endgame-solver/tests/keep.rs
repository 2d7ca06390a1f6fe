//! The keep table's claims, played out: from random rook-ending positions where the table says
//! White keeps the game going for k plies, White follows the table (any move it says keeps it,
//! the drop, the order's orientation, the open states before the king's first move of a run
//! and the rook-first order of the run after the drop included) against a Black that returns to positions
//! already seen whenever it can, and the game, history counted, must reach ply k with no third
//! occurrence, no stalemate, no dead position and no mate of White. An independent check of
//! the order's argument and of the table's every step, not only of its fill.

mod common;

use std::sync::OnceLock;

use endgame_solver::Solver;
use endgame_solver::tables::{
    Tables, WholeTables,
    index::Symmetry,
    keep::{self, Keep},
    order::{self, Run, up},
};
use small_board::{Color, Move, Position, Role};
use test_support::Rng;

/// A random legal KRvKR position with `turn` to move, if the squares drawn make one.
fn random_position(rng: &mut Rng, turn: Color) -> Option<Position> {
    common::random_position(rng, turn, &[common::WK, common::WR, common::BK, common::BR])
}

/// The whole tables and the rook-first order's table built from them, read and built once for
/// both tests.
fn whole() -> &'static (WholeTables, keep::RookFirst) {
    static WHOLE: OnceLock<(WholeTables, keep::RookFirst)> = OnceLock::new();
    WHOLE.get_or_init(|| {
        let whole = common::tables()
            .into_all(|_, _| {})
            .expect("every block's checksum matches");
        let rook_first = keep::RookFirst::build(|pos| whole.distances(pos));
        (whole, rook_first)
    })
}

/// Where White stands: the order it keeps to, its state and its orientation.
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// The keep table's order (king first), in the state `Run`.
    KingFirst(Run, Symmetry),
    /// The rook-first order of a run after the drop, in a king block.
    RookFirst(usize, Symmetry),
    /// The keep table's open state: no king move yet in the run (with the drop there, or the
    /// run after it), the rook's moves so far up in every symmetry of the block.
    Open(u8, bool),
}

/// The tables a player following the keep table needs.
struct Orders {
    tables: Tables,
    rook_first: &'static keep::RookFirst,
}

impl common::Claims<Plan> for Orders {
    fn good_moves(&mut self, pos: &Position, plan: Plan, left: u32) -> Vec<(Move, Option<Plan>)> {
        Orders::good_moves(self, pos, plan, left)
    }

    fn keeps(&mut self, pos: &Position, plan: Plan, left: u32) -> bool {
        self.keep(pos, plan).keeps(left)
    }
}

impl Orders {
    fn keep(&mut self, pos: &Position, plan: Plan) -> Keep {
        let placed = || keep::Placed::of(pos).expect("a KRvKR position");
        match plan {
            Plan::KingFirst(run, sym) => self
                .tables
                .keep(placed(), run, sym)
                .expect("a KRvKR position in a rook state"),
            Plan::RookFirst(block, sym) => self.rook_first.keep(pos, block, sym),
            Plan::Open(block, fresh) => self
                .tables
                .keep_open(placed(), block, fresh)
                .expect("a KRvKR position in an open state"),
        }
    }

    /// White's moves from `pos` that keep the game going `plies` more plies by the tables, with
    /// the plan after each (`None` for a capture: the table then relies on the distance tables).
    fn good_moves(&mut self, pos: &Position, plan: Plan, plies: u32) -> Vec<(Move, Option<Plan>)> {
        let mut good = Vec::new();
        for m in pos.legal_moves() {
            let child = pos.play(m);
            if m.capture.is_some() {
                // The table's value of a capture comes from the distance tables (tested on
                // their own): White mates, or Black's draw is further away than the plies left.
                good.push((m, None));
                continue;
            }
            let mut plans = Vec::new();
            // The drop, on any move: a new run in either order, any orientation, or the
            // orientation left open.
            let drops = (0..8)
                .flat_map(|s| {
                    [
                        Plan::KingFirst(Run::SPENT, Symmetry(s)),
                        Plan::RookFirst(self.rook_first.start(), Symmetry(s)),
                    ]
                })
                .chain([Plan::Open(order::ALL, false)]);
            match plan {
                Plan::KingFirst(run, sym) => {
                    if let Some(next) = run.after_in(m, sym) {
                        plans.push(Plan::KingFirst(next, sym));
                    }
                    if run.fresh() {
                        plans.extend(drops);
                    }
                }
                Plan::Open(block, fresh) => {
                    let ups = up(m.from, m.to);
                    let run = if fresh { Run::FRESH } else { Run::SPENT };
                    if m.role == small_board::Role::King {
                        // The king's first move fixes the orientation: one it goes up in.
                        for s in (0..8).filter(|s| ups & 1 << s != 0) {
                            plans.push(Plan::KingFirst(run, Symmetry(s)));
                        }
                    } else if block & ups != 0 {
                        plans.push(Plan::Open(block & ups, fresh));
                    }
                    if fresh {
                        plans.extend(drops);
                    }
                }
                Plan::RookFirst(block, sym) => {
                    if let Some(next) = self.rook_first.after(block, m, sym) {
                        plans.push(Plan::RookFirst(next, sym));
                    }
                }
            }
            for next in plans {
                if self.keep(&child, next).keeps(plies - 1) {
                    good.push((m, Some(next)));
                }
            }
        }
        good
    }
}

#[test]
fn the_keep_tables_claims_hold_with_the_history_counted() {
    let mut orders = Orders {
        tables: common::tables(),
        rook_first: &whole().1,
    };
    let mut rng = Rng::new(2026);
    let (mut games, mut longest, mut plies_played, mut rook_first_plies) = (0, 0, 0u64, 0u64);
    let (mut open_plies, mut spent_open_plies) = (0u64, 0u64);
    let mut tries = 0;
    while games < 4000 {
        tries += 1;
        assert!(tries < 1_000_000, "too few positions kept long");
        let start = common::draw_position(&mut rng, random_position);
        // The best orientation at the start, or none yet, as the solver takes it.
        let open = Plan::Open(order::ALL, true);
        let Some((plan, keep)) = (0..8)
            .map(|s| Plan::KingFirst(Run::FRESH, Symmetry(s)))
            .chain([open])
            .map(|plan| (plan, orders.keep(&start, plan)))
            .max_by_key(|(_, keep)| keep.0)
        else {
            continue;
        };
        // Long claims but not for ever (those rest on White's mate, the distance tables').
        let Some(claim) = (12..=keep::LONGEST as u32).rev().find(|&k| keep.keeps(k)) else {
            continue;
        };
        if keep.keeps(u32::from(keep::LONGEST) + 1) {
            continue;
        }
        games += 1;
        longest = longest.max(claim);
        plies_played += common::play_out(&mut rng, start, plan, claim, &mut orders, |_, plan| {
            rook_first_plies += u64::from(matches!(plan, Plan::RookFirst(..)));
            open_plies += u64::from(matches!(plan, Plan::Open(_, true)));
            spent_open_plies += u64::from(matches!(plan, Plan::Open(_, false)));
        });
    }
    eprintln!(
        "{games} games, {plies_played} plies played ({rook_first_plies} in rook-first runs, {open_plies} in open states, {spent_open_plies} in open states after the drop), longest claim {longest} plies"
    );
    assert!(open_plies > 1000, "too few open states: {open_plies} plies");
    assert!(
        spent_open_plies > 1000,
        "too few open states after the drop: {spent_open_plies} plies"
    );
    assert!(
        rook_first_plies > 1000,
        "too few rook-first runs: {rook_first_plies} plies"
    );
    assert!(longest >= 40, "the claims are too short to test much");
}

/// The solver's claims that White keeps the game going after a history (`Solver::keeps_going`),
/// which may count a run of the order as started later in the segment than its first position
/// (module `order`, "A run may start later"; in the pawn ending
/// `survival::states::pawn_states`), played out: White plays any move after which the solver
/// still claims the plies left, Black returns to a position already seen whenever it can, and
/// the game, history counted, must reach the claimed ply with no third occurrence, stalemate,
/// dead position or mate of White. The history is a random walk, so White's king goes down and
/// up again before the claim.
#[test]
fn the_keepers_claims_after_a_history_hold() {
    use common::{BK, BR, WK, WP, WR};
    let mut solver = Solver::with_tables(256 << 20, common::tables());
    // (In the pawn ending shorter claims: where its table says too little, a search decides.)
    for (material, longest, games, seed) in [
        (&[WK, WR, BK, BR][..], 60, 1500, 4711),
        (&[WK, WR, WP, BK, BR], 24, 300, 4712),
    ] {
        let (plies, twice) = play_claims(&mut solver, material, longest, games, seed);
        assert!(
            plies > 10 * games as u64 && twice > games / 4,
            "too little played out to test much"
        );
    }
}

/// Plays out `games` claims of the solver of up to `longest` plies after random histories in
/// `material` (see the test above); the plies played and how many came to a second occurrence.
fn play_claims(
    solver: &mut Solver,
    material: &[small_board::Piece],
    longest: u32,
    games: usize,
    seed: u64,
) -> (u64, usize) {
    let mut rng = Rng::new(seed);
    let (mut played, mut plies, mut stopped, mut twice) = (0, 0u64, 0, 0);
    // Moves that stay in the material (or move the pawn: a new segment).
    let stays = |pos: &Position| -> Vec<Position> {
        let moves = pos.legal_moves().into_iter();
        let stays = moves.filter(|m| m.capture.is_none() && m.promotion.is_none());
        stays.map(|m| pos.play(m)).collect()
    };
    while played < games {
        let Some(start) = common::random_position(&mut rng, Color::White, material) else {
            continue;
        };
        let mut line = vec![start];
        for _ in 0..4 + rng.index(12) {
            let children = stays(&line[line.len() - 1]);
            if children.is_empty() {
                break;
            }
            line.push(*rng.pick(&children));
        }
        let Some(claim) = (12..=longest).rev().find(|&k| solver.keeps_going(&line, k)) else {
            continue;
        };
        played += 1;
        for ply in 0..=claim {
            let pos = line[line.len() - 1];
            let moves = pos.legal_moves();
            if moves.is_empty() && pos.is_check() && pos.turn() == Color::Black {
                break; // White's mate ends the game: kept.
            }
            assert!(
                !moves.is_empty() && !pos.is_dead(),
                "the game ended at ply {ply} of {claim} after {line:?}"
            );
            if ply == claim {
                break;
            }
            let children = stays(&pos);
            let next = if pos.turn() == Color::White {
                let left = claim - ply - 1;
                let good: Vec<Position> = children
                    .into_iter()
                    .filter(|child| solver.keeps_going(&[&line[..], &[*child]].concat(), left))
                    .collect();
                if good.is_empty() {
                    // The claim may rest on a state no longer read back from the line.
                    stopped += 1;
                    break;
                }
                *rng.pick(&good)
            } else {
                let seen: Vec<Position> = children
                    .iter()
                    .filter(|c| line[..].contains(c))
                    .copied()
                    .collect();
                match (seen.is_empty(), children.is_empty()) {
                    (_, true) => break,
                    (false, false) if rng.below(4) != 0 => *rng.pick(&seen),
                    _ => *rng.pick(&children),
                }
            };
            line.push(next);
            plies += 1;
            let count = line.iter().filter(|p| **p == next).count();
            assert!(
                count < 3,
                "a third occurrence at ply {} of {claim} after {line:?}",
                ply + 1
            );
            twice += usize::from(count == 2);
        }
    }
    eprintln!(
        "{played} games in {} pieces, {plies} plies played ({twice} to a second occurrence), {stopped} stopped where White had no claimed move",
        material.len()
    );
    (plies, twice)
}

/// Every entry of one block in five satisfies the equation its children give (the build fills
/// each slice before any slice that reads it; `endgame-solver tables verify` checks them all).
#[test]
fn every_entry_satisfies_the_keep_equation() {
    let (whole, rook_first) = whole();
    let (broken, errors) = keep::check(
        &whole.keep,
        |pos| whole.distances(pos),
        rook_first,
        5,
        |_| {},
    );
    assert_eq!(broken, 0, "{errors:?}");
}

/// A run of the keep table may start at any position P of a segment whose positions seen twice
/// lie apart (the solver's rule, `survival::states::segment_states`, restated here): White's
/// king strictly below P's in the orientation, or P's placement itself where Black's reply cannot
/// make it (P with White to move, or the position with Black to move); two runs where every
/// position was seen once and lies so. In a run that starts in a narrower block of rook moves
/// ([`order::ROOK_BLOCKS`]), a position with White's king on P's square also lies apart when
/// its rook stands lower than P's in every symmetry of the block. From random walks of one
/// segment that step back to earlier positions half the time, White follows the table from P
/// in such a state against a Black that returns to positions already seen, the whole segment
/// counted.
#[test]
fn the_keep_tables_claims_hold_after_segments_with_repeats() {
    let mut orders = Orders {
        tables: common::tables(),
        rook_first: &whole().1,
    };
    let mut rng = Rng::new(2714);
    let (mut claims, mut after_repeats, mut plies_played) = (0, 0, 0u64);
    let mut in_blocks = 0;
    while after_repeats < 500 || in_blocks < 200 {
        let start = common::draw_position(&mut rng, random_position);
        let plies = rng.below(20);
        let line = test_support::positions::walk_with_repeats(&mut rng, start, plies, |m| {
            m.capture.is_none()
        });
        let last = line[line.len() - 1];
        if last.legal_moves().is_empty() {
            continue;
        }
        let count = |pos: &Position| line.iter().filter(|p| *p == pos).count();
        let repeats = line.iter().any(|p| count(p) >= 2);
        let white = |p: &Position| (p.board().by_color(Color::White), p.king(Color::White));
        let rook = |p: &Position| {
            let rooks = p.board().by_piece(Role::Rook.of(Color::White));
            rooks.first().expect("White's rook")
        };
        for (s, (b, &block)) in (0..8)
            .map(Symmetry)
            .flat_map(|s| order::ROOK_BLOCKS.iter().enumerate().map(move |b| (s, b)))
        {
            let place = |p: &Position| s.apply(p.king(Color::White)).index();
            let rook_lower = |p: &Position| {
                let index = |sq| (0..8).map(move |t| Symmetry(t).apply(s.apply(sq)).index());
                let lower = index(rook(p)).zip(index(rook(&last))).map(|(a, b)| a < b);
                lower
                    .enumerate()
                    .all(|(t, lower)| lower || block >> t & 1 == 0)
            };
            let apart = |p: &Position| {
                place(p) < place(&last)
                    || (place(p) == place(&last) && rook_lower(p))
                    || (white(p) == white(&last)
                        && !(last.turn() == Color::Black && p.turn() == Color::White))
            };
            let first = if line.iter().all(|p| count(p) == 1 && apart(p)) {
                1
            } else if line.iter().all(|p| count(p) == 1 || apart(p)) {
                0
            } else {
                continue;
            };
            let run = Run::of_rook_state(first * order::ROOK_BLOCKS.len() + b);
            let plan = Plan::KingFirst(run, s);
            let keep = orders.keep(&last, plan);
            if keep.keeps(u32::from(keep::LONGEST) + 1) {
                continue;
            }
            let Some(claim) = (8..=keep::LONGEST as u32).rev().find(|&k| keep.keeps(k)) else {
                continue;
            };
            claims += 1;
            after_repeats += u32::from(repeats);
            in_blocks += u32::from(repeats && block != order::ALL);
            plies_played +=
                common::play_out_after(&mut rng, line.clone(), plan, claim, &mut orders, |_, _| {});
        }
    }
    eprintln!(
        "{claims} claims, {after_repeats} after a repeat ({in_blocks} in a narrower block), {plies_played} plies played"
    );
    assert!(
        plies_played > 20_000,
        "too few plies played: {plies_played}"
    );
}

/// Refuting Black's draw deep in the rook ending takes one White move per White turn, and the
/// draw search tries first the moves the keep table says keep the game going longest (work
/// counted, not timed). `Kg3 Ve3 Kc2 Vd2` with Black to move at N = 44: each of Black's first
/// moves is searched 43 plies deep; the table keeps `Vd4`'s child fewer plies, so the search
/// must find, line by line, the White replies that the table keeps longer in another
/// orientation. Before the order it gave no answer within minutes.
#[test]
fn the_draw_search_tries_the_moves_the_keep_table_keeps_longest_first() {
    // 61,013 nodes when written.
    let nodes = nodes_to_answer("7/7/7/7/4R1K/2kr3/7 b", 44);
    assert!(nodes < 600_000, "{nodes} nodes");
}

/// Far from the horizon the draw search also counts, for each White move, the replies of Black
/// the keep table leaves unrefuted, each a ply off the move's value (work counted, not timed).
/// `Kb7 Va7 Kd7 Vf6` with Black to move at N = 49: the table keeps some of Black's first moves'
/// children only 47 plies, one short, and ordered by the table's value alone the search went
/// into lines it could not finish within minutes (no answer at N = 48 within 90 s).
#[test]
fn the_draw_search_looks_one_move_ahead_in_the_keep_table() {
    // 7 nodes when written.
    let nodes = nodes_to_answer("RK1k3/5r1/7/7/7/7/7 b", 49);
    assert!(nodes < 10_000, "{nodes} nodes");
}

/// After a repeat the draw search may read the keep table from a position whose king stood
/// there before, in a narrower block of rook moves where the rook stood lower (work counted,
/// not timed). `Kc7 Va7 Kc4 Vb3` with Black to move at N = 49 (`0-0`): after `Vd3` White must
/// keep the game going 48 plies, where the table keeps it 45; with runs starting only above
/// every earlier king the search refuted Black's replies by brute force near the horizon.
#[test]
fn the_draw_search_reads_the_keep_table_after_a_repeat_with_the_king_still() {
    // 5.0 million nodes before, 537 when written.
    let nodes = nodes_to_answer("R1K4/7/7/2k4/1r5/7/7 b", 49);
    assert!(nodes < 50_000, "{nodes} nodes");
}

/// The nodes the solver searches to answer the position `fen` with a horizon of `plies`.
fn nodes_to_answer(fen: &str, plies: u32) -> u64 {
    let pos = Position::from_fen(fen, small_board::Rules::TASK).expect("a legal position");
    let mut solver = endgame_solver::Solver::with_tables(256 << 20, common::tables());
    endgame_solver::analyse(&mut solver, &pos, plies);
    solver.nodes()
}
