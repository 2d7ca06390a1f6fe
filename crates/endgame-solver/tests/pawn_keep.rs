//! The pawn keep table's claims, played out: from random KRPvKR positions that start their
//! segment, where the table says White keeps the game going for k plies, White follows the
//! table (any move it says keeps it: up its order in the run's frame, the drop to the state with
//! one run left, a pawn move to a new segment, each of the last two in any of the four frames,
//! up or down the board, mirrored or not) against a
//! Black that returns to positions already seen whenever it can, and the game, history counted, must reach ply k with no third occurrence, no
//! stalemate, no dead position and no mate of White. An independent check of the two-run
//! argument and of the table's every step, not only of its fill.

mod common;

use std::sync::OnceLock;

use endgame_solver::tables::{
    Dtm, Tables, WholeTables,
    index::{self, Symmetry},
    keep::{Keep, LONGEST},
    pawn_keep::{self, Frame, Segment},
};
use small_board::{Color, Move, Position, Role, Square};
use test_support::Rng;

/// A random legal KRPvKR position with `turn` to move, if the squares drawn make one.
fn random_position(rng: &mut Rng, turn: Color) -> Option<Position> {
    let pieces = [common::WK, common::WR, common::WP, common::BK, common::BR];
    common::random_position(rng, turn, &pieces)
}

fn whole() -> &'static WholeTables {
    static WHOLE: OnceLock<WholeTables> = OnceLock::new();
    WHOLE.get_or_init(|| {
        common::tables()
            .into_all(|_, _| {})
            .expect("every block's checksum matches")
    })
}

/// Where White stands: the segment state and the run's frame.
type Plan = (Segment, Frame);

/// What the table says of `pos` in `plan`.
fn keep(pos: &Position, (segment, frame): Plan) -> Keep {
    pawn_keep::keep_in(&whole().pawn_keep, pos, segment, frame).expect("a KRPvKR position")
}

/// White's placement's rank in the order of a frame.
fn key(pos: &Position, frame: Frame) -> usize {
    let board = pos.board();
    let square = |role| {
        board
            .by_piece(role)
            .first()
            .expect("the pawn ending's pieces")
    };
    frame.key(square(common::WK), square(common::WR))
}

/// A White that follows the table, for [`common::play_out`].
struct Follower<'a>(&'a mut Tables);

impl common::Claims<Plan> for Follower<'_> {
    /// Every capture and promotion is good: the table's value of these comes from the distance
    /// tables (tested on their own) and, for a capture of the pawn, the keep table
    /// (`tests/keep.rs`).
    fn good_moves(&mut self, pos: &Position, plan: Plan, left: u32) -> Vec<(Move, Option<Plan>)> {
        let (segment, frame) = plan;
        let new_segment = Frame::ALL.map(|f| (Segment::New, f));
        let moved = |m: Move| {
            let mut plans = Vec::new();
            if key(&pos.play(m), frame) > key(pos, frame) {
                plans.push(plan);
            }
            if segment == Segment::New {
                plans.extend(Frame::ALL.map(|f| (Segment::Distinct, f)));
            }
            plans
        };
        common::pawn_ending_moves(pos, left, &new_segment, moved, keep)
    }

    fn keeps(&mut self, pos: &Position, plan: Plan, left: u32) -> bool {
        keep(pos, plan).keeps(left)
    }

    /// White's mate keeps a new segment going for ever (its positions all differ; the solver's
    /// argument, tested in `tests/bounds.rs`), whichever way it goes.
    fn rests(&mut self, pos: &Position, (segment, _): Plan) -> bool {
        segment == Segment::New && matches!(self.0.probe(pos), Some(Dtm::Mate(Color::White, _)))
    }
}

#[test]
fn white_keeps_the_pawn_ending_going_as_long_as_the_table_says() {
    let mut tables = common::tables();
    let mut rng = Rng::new(2611);
    let (mut games, mut longest, mut plies_played, mut pawn_moves) = (0, 0, 0u64, 0u64);
    let mut tries = 0;
    while games < 3000 {
        tries += 1;
        assert!(tries < 1_000_000, "too few positions kept long");
        let start = common::draw_position(&mut rng, random_position);
        let Some(best) = tables.pawn_keep(&start, Segment::New) else {
            continue;
        };
        // The best frame at the start, as the solver takes it.
        let frame = Frame::ALL
            .into_iter()
            .find(|&f| keep(&start, (Segment::New, f)) == best)
            .expect("the best is one frame's");
        let plan = (Segment::New, frame);
        // Long claims but not for ever (those rest on White's mate, the distance tables').
        if best.keeps(u32::from(LONGEST) + 1) {
            continue;
        }
        let Some(claim) = (12..=u32::from(LONGEST)).rev().find(|&k| best.keeps(k)) else {
            continue;
        };
        games += 1;
        longest = longest.max(claim);
        plies_played += common::play_out(
            &mut rng,
            start,
            plan,
            claim,
            &mut Follower(&mut tables),
            |m, _| pawn_moves += u64::from(m.is_some_and(|m| m.role == Role::Pawn)),
        );
    }
    eprintln!(
        "{games} games, {plies_played} plies played ({pawn_moves} pawn moves), longest claim {longest} plies"
    );
    assert!(pawn_moves > 500, "too few pawn moves: {pawn_moves}");
    assert!(longest >= 40, "the claims are too short to test much");
}

/// Every entry of one block in seven satisfies the equation its children give (the build fills
/// each slice before any slice that reads it; `endgame-solver tables verify` checks them all).
#[test]
fn every_entry_satisfies_the_pawn_keep_equation() {
    let whole = whole();
    let (broken, errors) = pawn_keep::check(
        &whole.pawn_keep,
        |pos| whole.distances(pos),
        &whole.keep,
        7,
        |_| {},
    );
    assert_eq!(broken, 0, "{errors:?}");
}

/// A position and its mirror image (the pawn on the other wing) have one value: each frame of
/// the one is the other frame of the other.
#[test]
fn a_position_and_its_mirror_image_are_one_entry() {
    let mut tables = common::tables();
    let mut rng = Rng::new(7);
    let mut checked = 0;
    while checked < 200 {
        let Some(pos) = random_position(&mut rng, Color::White) else {
            continue;
        };
        let setup = pos.setup();
        let mut board = small_board::Board::empty();
        for sq in Square::all() {
            if let Some(piece) = setup.board.piece_at(sq) {
                board.set_piece_at(Symmetry::MIRROR.apply(sq), piece);
            }
        }
        let mirrored = index::position_of(
            pos.turn(),
            Square::all().filter_map(|sq| board.piece_at(sq).map(|p| (p, sq))),
        )
        .expect("the mirror image of a legal position is legal");
        for segment in [Segment::New, Segment::Distinct] {
            let a: Option<Keep> = tables.pawn_keep(&pos, segment);
            assert_eq!(a, tables.pawn_keep(&mirrored, segment), "{}", pos.fen());
        }
        checked += 1;
    }
}
