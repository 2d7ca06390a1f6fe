//! The repetition segment as the keep tables read it ([`Tally`]), and the states a keep table
//! may be read in at its last position: where the segment's repeats lie apart from the runs
//! that start there ([`segment_states`]), frame by frame of each table.

use small_board::{Bitboard, Color, Position, Role, Square};

use crate::tables::{
    Material,
    index::Symmetry,
    keep, kpk_keep,
    order::{ROOK_BLOCKS, Run, up},
    pawn_keep::{Frame, Segment},
};

/// A repetition segment as the keep tables' rules read it: its positions in order, and each
/// distinct one once with how often it occurs. The draw search weighs every reply after every
/// White move against the same segment, so it counts the segment once ([`Tally::of_counted`])
/// and adds a position or two ([`Tally::push`]) for each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally<'p> {
    positions: Vec<&'p Position>,
    /// Per distinct position: its Zobrist key (compared first), the index of its first
    /// occurrence, its count.
    seen: Vec<(u64, usize, u32)>,
}

impl<'p> Tally<'p> {
    /// The segment of `positions`, counted here.
    pub fn of(positions: impl IntoIterator<Item = &'p Position>) -> Tally<'p> {
        let mut tally = Tally::default();
        for pos in positions {
            tally.push(pos);
        }
        tally
    }

    /// The segment of positions counted already: each with its count at its first occurrence,
    /// `None` at a later one.
    pub fn of_counted(positions: impl Iterator<Item = (&'p Position, Option<u32>)>) -> Tally<'p> {
        let mut tally = Tally {
            positions: Vec::with_capacity(positions.size_hint().0 + 2),
            seen: Vec::with_capacity(positions.size_hint().0 + 2),
        };
        for (i, (pos, count)) in positions.enumerate() {
            tally.positions.push(pos);
            if let Some(count) = count {
                tally.seen.push((pos.key(), i, count));
            }
        }
        tally
    }

    /// A copy with room for a White move and a reply, for positions that live shorter.
    pub fn fork<'q>(&self) -> Tally<'q>
    where
        'p: 'q,
    {
        let mut positions = Vec::with_capacity(self.positions.len() + 2);
        positions.extend_from_slice(&self.positions);
        let mut seen = Vec::with_capacity(self.seen.len() + 2);
        seen.extend_from_slice(&self.seen);
        Tally { positions, seen }
    }

    /// Adds `pos` at the end; whether it occurred before in the segment.
    pub fn push(&mut self, pos: &'p Position) -> bool {
        let key = pos.key();
        let positions = &self.positions;
        let before = match self
            .seen
            .iter_mut()
            .find(|(k, i, _)| *k == key && positions[*i].same_as(pos))
        {
            Some((_, _, count)) => {
                *count += 1;
                true
            }
            None => {
                self.seen.push((key, self.positions.len(), 1));
                false
            }
        };
        self.positions.push(pos);
        before
    }

    /// Takes the last position off again.
    pub fn pop(&mut self) {
        let Some(pos) = self.positions.pop() else {
            return;
        };
        let at = self.positions.len();
        // A first occurrence is the last one counted; a repeat counts at its first occurrence.
        if self.seen.last().is_some_and(|&(_, i, _)| i == at) {
            self.seen.pop();
        } else if let Some((_, _, count)) = self
            .seen
            .iter_mut()
            .find(|(k, i, _)| *k == pos.key() && self.positions[*i].same_as(pos))
        {
            *count -= 1;
        }
    }

    /// The last position.
    pub fn last(&self) -> Option<&'p Position> {
        self.positions.last().copied()
    }

    /// The positions in order.
    pub fn positions(&self) -> impl Iterator<Item = &'p Position> + Clone + '_ {
        self.positions.iter().copied()
    }
}

/// The state a keep table may be read in at the last position P of `segment` (the positions
/// of a repetition segment), frame by frame, the table's run starting at P: `below` gives the
/// frames (bit f for frame f) in whose order a position's White placement ranks below P's,
/// the rank being one that no White move of a run lowers (`None` where the position is not of
/// the table's material).
///
/// From P on, the table's first run never comes back to a placement ranked below P's, nor to
/// P's own but for the position Black's reply makes when Black is to move at P (a *reachable*
/// one: White to move, P's placement); it comes to every other position at most once. The run
/// after the drop comes to any position at most once. A position is *apart* when it is ranked
/// below P's placement, or has P's placement and is not reachable. So, counting P's
/// occurrence:
/// - [`Segment::New`] (both runs) where every position of the segment occurred once and is
///   apart (each then at most twice);
/// - else [`Segment::Distinct`] (one run) where every position that occurred twice is apart
///   (the others at most twice);
/// - else `None`.
///
/// A segment in which only Black has moved is new in every frame (its positions share P's
/// placement and are Black to move where P is not, or P itself), as is one in which White's
/// placement rose in the order at every White move; one with a position twice is distinct
/// where it lies below.
fn segment_states(
    segment: &Tally,
    start: Start,
    below: impl Fn(&Position) -> Option<u128>,
) -> States {
    let placed_apart = |q: &Position| {
        Start::white(q) == start.white && !(start.reachable && q.turn() == Color::White)
    };
    // The frames (bit f) where every position so far occurred once and lies apart (new), and
    // where every one that occurred more often lies apart (distinct). One pass over the
    // positions, each once with its count.
    let mut new = u128::MAX;
    let mut distinct = u128::MAX;
    for &(_, i, count) in &segment.seen {
        let q = segment.positions[i];
        let Some(below) = below(q) else {
            return States::NONE;
        };
        let apart = if placed_apart(q) { u128::MAX } else { below };
        if count == 1 {
            new &= apart;
        } else {
            new = 0;
            distinct &= apart;
        }
    }
    States { new, distinct }
}

/// What [`segment_states`] needs of the position P a run starts at: White's placement, and
/// whether P is Black to move (a position of its placement with White to move is then
/// reachable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Start {
    white: (Bitboard, Square),
    reachable: bool,
}

impl Start {
    /// The start at `pos`.
    fn of(pos: &Position) -> Start {
        Start {
            white: Start::white(pos),
            reachable: pos.turn() == Color::Black,
        }
    }

    /// White's placement in `pos`: its pieces' squares and its king's.
    fn white(pos: &Position) -> (Bitboard, Square) {
        (pos.board().by_color(Color::White), pos.king(Color::White))
    }
}

/// The states of [`segment_states`], frame by frame (bit f for frame f): where the segment is
/// [`Segment::New`], and where it is at least [`Segment::Distinct`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct States {
    new: u128,
    distinct: u128,
}

impl States {
    /// No frame allows a run.
    const NONE: States = States {
        new: 0,
        distinct: 0,
    };

    /// The state in `frame`, if any.
    fn get(self, frame: usize) -> Option<Segment> {
        if self.new >> frame & 1 == 1 {
            Some(Segment::New)
        } else if self.distinct >> frame & 1 == 1 {
            Some(Segment::Distinct)
        } else {
            None
        }
    }

    /// The states of the `F` frames from `first` on.
    fn frames<const F: usize>(self, first: usize) -> [Option<Segment>; F] {
        std::array::from_fn(|f| self.get(first + f))
    }

    /// Of [`rook_states`]: the run that may start in the orientation `sym` in the block of all
    /// eight symmetries, if any.
    pub(super) fn king_run(self, sym: Symmetry) -> Option<Run> {
        match self.get(KING_FRAMES + usize::from(sym.0))? {
            Segment::New => Some(Run::FRESH),
            Segment::Distinct => Some(Run::SPENT),
        }
    }

    /// Of [`rook_states`]: the runs that may start in the orientation `sym` in the narrower
    /// blocks, but those a wider block of the orientation (or the block of all) allows in as
    /// good a state (it allows every move the narrower one does).
    pub(super) fn narrower_runs(self, sym: Symmetry) -> impl Iterator<Item = Run> {
        let sym = usize::from(sym.0);
        let frames = |mask: u128| {
            let all = mask >> (KING_FRAMES + sym) & 1 == 1;
            (all, (mask >> (sym * NARROW_BLOCKS)) as u8)
        };
        let ((all_new, new), (all_any, any)) = (frames(self.new), frames(self.distinct));
        // The blocks of `states` no wider block allows in as good a state (`states`, `all`).
        let uncovered = |states: u8, all: bool, of: u8| {
            let mut bits = if all { 0 } else { of };
            let mut blocks = 0u8;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if states & WIDER_BLOCKS[b] == 0 {
                    blocks |= 1 << b;
                }
            }
            blocks
        };
        let fresh = uncovered(new, all_new, new);
        let mut bits = fresh | uncovered(any, all_any, any & !new);
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let first = usize::from(fresh >> b & 1 == 1);
            Some(Run::of_rook_state(first * ROOK_BLOCKS.len() + b))
        })
    }
}

/// [`segment_states`] in the pawn keep table's frames ([`Frame::ALL`]).
pub(super) fn pawn_states(segment: &Tally) -> [Option<Segment>; 4] {
    let keys = |pos: &Position| {
        let rook = pos.board().by_piece(Role::Rook.of(Color::White)).first()?;
        Some(Frame::ALL.map(|frame| frame.key(pos.king(Color::White), rook)))
    };
    let Some((last, at)) = segment.last().and_then(|last| Some((last, keys(last)?))) else {
        return [None; 4];
    };
    segment_states(segment, Start::of(last), |pos| {
        let key = keys(pos)?;
        Some(
            (0..4)
                .filter(|&f| key[f] < at[f])
                .fold(0, |bits, f| bits | 1 << f),
        )
    })
    .frames(0)
}

/// The narrower blocks of rook moves ([`ROOK_BLOCKS`] but the last, all eight symmetries).
const NARROW_BLOCKS: usize = ROOK_BLOCKS.len() - 1;

/// The first of [`rook_states`]'s frames for the block of all eight symmetries.
const KING_FRAMES: usize = 8 * NARROW_BLOCKS;

/// Per narrower block (bit w for block w): the other narrower blocks that hold all its
/// symmetries.
const WIDER_BLOCKS: [u8; NARROW_BLOCKS] = {
    let mut wider = [0; NARROW_BLOCKS];
    let mut b = 0;
    while b < NARROW_BLOCKS {
        let mut w = 0;
        while w < NARROW_BLOCKS {
            if w != b && ROOK_BLOCKS[b] & !ROOK_BLOCKS[w] == 0 {
                wider[b] |= 1 << w;
            }
            w += 1;
        }
        b += 1;
    }
    wider
};

/// [`segment_states`] in the rook ending's orders, for a run that starts at the last position
/// P in the orientation `sym`: frame `KING_FRAMES + sym` in the block of all eight symmetries
/// (where a position lies below P's placement when its king stands lower in the order; rook
/// moves keep the king's square, so a position with the king there but the rook elsewhere is
/// not apart), and frame `sym · NARROW_BLOCKS + b` in the narrower block `b` of rook moves
/// (where it lies below also when its king stands on P's king's square and its rook lower than
/// P's in every symmetry of the block: the run's rook moves in P's king block all go up in one
/// of them; no square is lower than another in all eight).
pub(super) fn rook_states(segment: &Tally) -> States {
    segment.last().map_or(States::NONE, |last| {
        rook_states_at(segment, Start::of(last))
    })
}

/// [`rook_states`] of a run that starts at `start` after `segment` (its last position, or one
/// with the same placement of White's pieces that follows it).
fn rook_states_at(segment: &Tally, start: Start) -> States {
    let (pieces, king) = start.white;
    let Some(at_rook) = (pieces & !Bitboard::from(king)).first() else {
        return States::NONE;
    };
    let rook = |pos: &Position| pos.board().by_piece(Role::Rook.of(Color::White)).first();
    // Per pair of rook squares (earlier, now): the narrower frames where the earlier one is
    // lower in every symmetry of the block; per set of orientations a king below stands in:
    // all their narrower frames.
    static FRAMES: std::sync::OnceLock<(Vec<u64>, Vec<u64>)> = std::sync::OnceLock::new();
    let (rook_frames, king_frames) = FRAMES.get_or_init(|| {
        let blocks = |lower: u8| {
            ROOK_BLOCKS[..NARROW_BLOCKS]
                .iter()
                .enumerate()
                .filter(|&(_, &block)| block & !lower == 0)
                .fold(0u64, |bits, (b, _)| bits | 1 << b)
        };
        let rooks = Square::all()
            .flat_map(|other| Square::all().map(move |at| (other, at)))
            .map(|(other, at)| {
                (0..8).fold(0, |bits, s| {
                    let sym = Symmetry(s);
                    let lower = up(sym.apply(other), sym.apply(at));
                    bits | blocks(lower) << (usize::from(s) * NARROW_BLOCKS)
                })
            })
            .collect();
        let kings = (0..=255u8)
            .map(|below: u8| {
                (0..8).filter(|s| below >> s & 1 == 1).fold(0, |bits, s| {
                    bits | ((1 << NARROW_BLOCKS) - 1) << (s * NARROW_BLOCKS)
                })
            })
            .collect();
        (rooks, kings)
    });
    segment_states(segment, start, |pos| {
        let here = pos.king(Color::White);
        let below = up(here, king);
        let narrower = if here != king {
            king_frames[usize::from(below)]
        } else {
            rook(pos).map_or(0, |other| rook_frames[other.index() * 49 + at_rook.index()])
        };
        Some(u128::from(narrower) | u128::from(below) << KING_FRAMES)
    })
}

/// [`segment_states`] in the KPvK keep table's orientations ([`kpk_keep::place`]: White's
/// placement is its king's square, the pawn standing still in a segment).
pub(super) fn kpk_states(segment: &Tally) -> [Option<Segment>; kpk_keep::ORIENTATIONS as usize] {
    let Some(last) = segment.last() else {
        return [None; kpk_keep::ORIENTATIONS as usize];
    };
    let Some(pawn) = last.board().by_piece(Role::Pawn.of(Color::White)).first() else {
        return [None; kpk_keep::ORIENTATIONS as usize];
    };
    let at = last.king(Color::White);
    segment_states(segment, Start::of(last), |pos| {
        Some(u128::from(kpk_keep::below(
            pawn,
            at,
            pos.king(Color::White),
        )))
    })
    .frames(0)
}

/// The rook ending's states ([`rook_states`]) at the positions Black's replies that capture
/// nothing make after a segment whose last position is Black to move, read once for all of
/// them: each reply keeps White's placement, and the reply itself lies apart, so its states are
/// these but that no frame is new where it occurred before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplyStates(States);

impl ReplyStates {
    /// The states after `segment`'s replies (none where its last position is not Black to move
    /// in the rook ending).
    pub fn of(segment: &Tally) -> ReplyStates {
        let states = segment
            .last()
            .filter(|last| {
                last.turn() == Color::Black && Material::of(last.board()) == Some(keep::MATERIAL)
            })
            .map_or(States::NONE, |last| {
                let start = Start {
                    reachable: false,
                    ..Start::of(last)
                };
                rook_states_at(segment, start)
            });
        ReplyStates(states)
    }

    /// The states at a reply that occurred `before` in the segment or not.
    pub(super) fn after(self, before: bool) -> States {
        let States { new, distinct } = self.0;
        States {
            new: if before { 0 } else { new },
            distinct,
        }
    }
}

#[cfg(test)]
mod tests {
    use small_board::{Rules, Square};

    use super::*;
    use crate::tables::order::index_in;

    /// [`rook_states`] in the block of all eight symmetries, by orientation.
    fn king_states(segment: &Tally) -> [Option<Segment>; 8] {
        rook_states(segment).frames(KING_FRAMES)
    }

    /// [`rook_states`] in the narrower blocks.
    fn block_states(segment: &Tally) -> [Option<Segment>; KING_FRAMES] {
        rook_states(segment).frames(0)
    }

    fn after(pos: &Position, uci: &str) -> Position {
        let m = pos.legal_moves().into_iter().find(|m| m.to_string() == uci);
        pos.play(m.unwrap_or_else(|| panic!("{uci} is not legal")))
    }

    /// [`king_states`] is the rule of [`segment_states`] read frame by frame, on random walks of
    /// the rook ending's kings and White's rook that come back to positions often.
    #[test]
    fn king_states_follow_the_rule_in_every_frame() {
        let mut rng = test_support::Rng::new(4021);
        let start = Position::from_fen("r6/4k2/7/3K1R1/7/7/7 b", Rules::TASK).unwrap();
        let (mut lines, mut repeats) = (0, 0);
        while lines < 400 {
            let plies = rng.below(30);
            let line = test_support::positions::walk_with_repeats(&mut rng, start, plies, |m| {
                m.capture.is_none()
            });
            lines += 1;
            let last = line[line.len() - 1];
            let count = |q: &Position| line.iter().filter(|p| p.same_as(q)).count();
            repeats += usize::from(line.iter().any(|q| count(q) >= 2));
            let reachable = |q: &Position| last.turn() == Color::Black && q.turn() == Color::White;
            let expected: [Option<Segment>; 8] = std::array::from_fn(|f| {
                let apart = |q: &Position| {
                    let rank = |p: &Position| index_in(f as u8, p.king(Color::White));
                    rank(q) < rank(&last)
                        || (q.board().by_color(Color::White) == last.board().by_color(Color::White)
                            && q.king(Color::White) == last.king(Color::White)
                            && !reachable(q))
                };
                if line.iter().all(|q| count(q) == 1 && apart(q)) {
                    Some(Segment::New)
                } else if line.iter().all(|q| count(q) == 1 || apart(q)) {
                    Some(Segment::Distinct)
                } else {
                    None
                }
            });
            assert_eq!(king_states(&Tally::of(line.iter())), expected, "{line:?}");
        }
        assert!(repeats > 100, "{repeats} lines with a repeat");
    }

    /// A segment is new until White moves in it, and stays new in each frame whose order White's
    /// moves went up in, or where White's placement is above every one before; else one run is
    /// left, while the positions before the last one all differ. Frames in [`Frame::ALL`]'s
    /// order: up the board, up mirrored, down, down mirrored.
    #[test]
    fn a_segment_is_new_while_white_goes_up() {
        use Segment::{Distinct, New};
        // Kd4 Vf4 g4 Ke6 Va7, Black to move.
        let start = Position::from_fen("r6/4k2/7/3K1RP/7/7/7 b", Rules::TASK).unwrap();
        let black = after(&start, "e6e7");
        let all_new = [Some(New); 4];
        assert_eq!(pawn_states(&Tally::of([&start])), all_new);
        assert_eq!(pawn_states(&Tally::of([&start, &black])), all_new);
        // Up a rank: up in both frames up the board, down in both down it.
        let rank = after(&black, "f4f5");
        assert_eq!(
            pawn_states(&Tally::of([&start, &black, &rank])),
            [Some(New), Some(New), Some(Distinct), Some(Distinct)]
        );
        // Left along the rank: down in the order up the board and in the mirrored order down
        // it, up in the other two.
        let left = after(&black, "f4e4");
        assert_eq!(
            pawn_states(&Tally::of([&start, &black, &left])),
            [Some(Distinct), Some(New), Some(New), Some(Distinct)]
        );
        let reply = after(&left, "e7d7");
        let back = after(&reply, "e4f4");
        let distinct = [Some(Distinct); 4];
        let line = [&start, &black, &left, &reply, &back];
        assert_eq!(pawn_states(&Tally::of(line)), distinct);
        // Black's king back on e7: the last position occurs twice, then one before it.
        let again = after(&back, "d7e7");
        let line = [&start, &black, &left, &reply, &back, &again];
        assert_eq!(pawn_states(&Tally::of(line)), distinct);
        // Down a rank from there: the run would start after the repeat in the frames up the
        // board; down it, one run may count as started at f4 (e4 mirrored) before the repeat.
        let low = after(&again, "f4f3");
        let line = [&start, &black, &left, &reply, &back, &again, &low];
        assert_eq!(
            pawn_states(&Tally::of(line)),
            [None, None, Some(Distinct), Some(Distinct)]
        );
        // Then up a rank: one run may count as started at e4 (the order's) or at f4 (the
        // mirrored one's), the positions before each all different and White going up since;
        // down the board the run would start after the repeat.
        let on = after(&again, "f4f5");
        let line = [&start, &black, &left, &reply, &back, &again, &on];
        assert_eq!(
            pawn_states(&Tally::of(line)),
            [Some(Distinct), Some(Distinct), None, None]
        );
        // Back down to f4 after a Black move: down in both frames up the board, and the
        // positions before f4 no longer all differ (the last is the start again).
        let turn = after(&on, "e7e6");
        let down = after(&turn, "f5f4");
        let line = [
            &start, &black, &left, &reply, &back, &again, &on, &turn, &down,
        ];
        assert_eq!(pawn_states(&Tally::of(line)), [None; 4]);
        // The king down to d3, then to e4: above every placement before in the order up the
        // board only.
        let down = after(&black, "d4d3");
        let reply = after(&down, "e7e6");
        let high = after(&reply, "d3e4");
        let line = [&start, &black, &down, &reply, &high];
        assert_eq!(
            pawn_states(&Tally::of(line)),
            [Some(New), Some(Distinct), Some(Distinct), Some(Distinct)]
        );
    }

    /// A position twice in the segment leaves one run where it lies below White's placement
    /// (the run never comes back to it), and none where the run could reach it: the
    /// orientations of the symmetries (the first ones of the KPvK keep table).
    #[test]
    fn a_position_twice_below_leaves_one_run() {
        use Segment::Distinct;
        // Kd4 a2 Kg7, White to move.
        let start = Position::from_fen("6k/7/7/3K3/7/P6/7 w", Rules::TASK).unwrap();
        let up = after(&start, "d4d5");
        let reply = after(&up, "g7g6");
        let back = after(&reply, "d5d4");
        let again = after(&back, "g6g7");
        assert_eq!(again, start);
        // Down to d3, then up to e4: one run where the start (twice, king on d4) is below e4.
        let down = after(&again, "d4d3");
        let reply2 = after(&down, "g7g6");
        let high = after(&reply2, "d3e4");
        let line = [&start, &up, &reply, &back, &again, &down, &reply2, &high];
        let below = |o: u8| index_in(o, Square::D4) < index_in(o, Square::E4);
        let expected: [_; 8] = std::array::from_fn(|o| below(o as u8).then_some(Distinct));
        assert_eq!(king_states(&Tally::of(line)), expected);
        assert!((0..8).any(below) && !(0..8).all(below));
        // Black to move at d4 again: Black's king back to g7 makes the start a second time, so
        // only one run is left; after the start's second occurrence, a third time in every
        // orientation.
        let line = [&start, &up, &reply, &back];
        assert_eq!(king_states(&Tally::of(line)), [Some(Distinct); 8]);
        let line = [&start, &up, &reply, &back, &again, &up, &reply, &back];
        assert_eq!(king_states(&Tally::of(line)), [None; 8]);
    }

    /// The KPvK keep table's claims hold after any segment `segment_states` lets it be read
    /// in: from random walks of White's and Black's kings that come back to squares often,
    /// White follows the table (up its orientation, the drops of its ladder of runs, a pawn
    /// move ending the test) against a Black that returns to positions of the segment
    /// whenever it can, and no position occurs a third time, history counted, within the plies
    /// claimed. (Without the distance tables: no promotion counts as White's mate.)
    #[test]
    fn the_kpk_keep_table_holds_after_every_segment_it_is_read_in() {
        use crate::tables::kpk_keep::{self, KpkKeep, ORIENTATIONS, Rung};
        let mut table = KpkKeep::default();
        let mut keep = |pos: &Position, rung, o| {
            table
                .keep(pos, rung, o, |_| false)
                .expect("a KPvK position")
        };
        let mut rng = test_support::Rng::new(2713);
        let (mut claims, mut with_repeats, mut plies_played) = (0, 0, 0);
        let mut later_runs = 0;
        while with_repeats < 3000 {
            // A KPvK start, then a walk of kings only (one segment), often stepping back.
            let squares: Vec<Square> = (0..3)
                .filter_map(|_| Square::new(rng.below(49) as u32))
                .collect();
            let turn = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let pieces = [
                Role::King.of(Color::White),
                Role::Pawn.of(Color::White),
                Role::King.of(Color::Black),
            ];
            let Some(start) =
                crate::tables::index::position_of(turn, pieces.into_iter().zip(squares))
            else {
                continue;
            };
            let plies = rng.below(16);
            let line = test_support::positions::walk_with_repeats(&mut rng, start, plies, |m| {
                m.role == Role::King && m.capture.is_none()
            });
            let last = line[line.len() - 1];
            if last.legal_moves().is_empty() {
                continue;
            }
            let states = kpk_states(&Tally::of(line.iter()));
            for o in 0..ORIENTATIONS {
                let Some(segment) = states[usize::from(o)] else {
                    continue;
                };
                let claim = keep(&last, segment.into(), o);
                // Claims for ever rest on Black's mate on the board.
                let longest = u32::from(crate::tables::keep::LONGEST);
                if claim.keeps(longest + 1) {
                    continue;
                }
                let Some(plies) = (8..=longest).rev().find(|&k| claim.keeps(k)) else {
                    continue;
                };
                claims += 1;
                let count =
                    |line: &[Position], pos: &Position| line.iter().filter(|p| *p == pos).count();
                with_repeats += usize::from(line.iter().any(|p| count(&line, p) >= 2));
                let mut game = line.clone();
                let mut plan = (Rung::from(segment), o);
                for ply in 0..plies {
                    let left = plies - ply;
                    let pos = game[game.len() - 1];
                    let moves = pos.legal_moves();
                    assert!(!moves.is_empty() && !pos.is_dead(), "the game ended");
                    let next = if pos.turn() == Color::White {
                        let mut good = Vec::new();
                        for &m in &moves {
                            let child = pos.play(m);
                            if m.role == Role::Pawn {
                                good.push((m, None));
                                continue;
                            }
                            let (rung, o) = plan;
                            let pawn = pos.board().by_piece(Role::Pawn.of(Color::White)).first();
                            let place = |sq| kpk_keep::place(o, pawn.expect("a pawn"), sq) as u8;
                            let (from, to) = (place(m.from), place(m.to));
                            let mut plans = Vec::new();
                            if to > from {
                                plans.push((rung, o));
                            }
                            // The ladder (in the symmetries' orientations): the next run starts
                            // above the end of the one before.
                            let ladder = o < kpk_keep::SYMMETRIES;
                            match rung {
                                Rung::First => {
                                    if ladder {
                                        plans.push((Rung::After(from), o));
                                    }
                                    plans.extend((0..ORIENTATIONS).map(|g| (Rung::Last, g)));
                                }
                                Rung::After(end) if from > end && to > end => {
                                    plans.push((Rung::After(from), o));
                                }
                                _ => {}
                            }
                            for next in plans {
                                if keep(&child, next.0, next.1).keeps(left - 1) {
                                    good.push((m, Some(next)));
                                }
                            }
                        }
                        assert!(
                            !good.is_empty(),
                            "{}: no move keeps {left} plies ({plan:?})",
                            pos.fen()
                        );
                        // Staying in the segment when it can (the test is of the segment).
                        let inside: Vec<_> = good.iter().filter(|g| g.1.is_some()).collect();
                        let (m, next) = if inside.is_empty() {
                            good[rng.index(good.len())]
                        } else {
                            *inside[rng.index(inside.len())]
                        };
                        match next {
                            Some(next) => {
                                // A drop from a later run: a third run or more.
                                later_runs += usize::from(
                                    matches!(plan.0, Rung::After(_)) && next.0 != plan.0,
                                );
                                plan = next;
                            }
                            None => break, // a pawn move: a new segment
                        }
                        pos.play(m)
                    } else {
                        let children: Vec<Position> = moves
                            .iter()
                            .filter(|m| m.capture.is_none())
                            .map(|&m| pos.play(m))
                            .collect();
                        let seen: Vec<&Position> =
                            children.iter().filter(|c| game.contains(c)).collect();
                        let child = if !seen.is_empty() && rng.below(4) != 0 {
                            *seen[rng.index(seen.len())]
                        } else {
                            children[rng.index(children.len())]
                        };
                        assert!(
                            keep(&child, plan.0, plan.1).keeps(left - 1),
                            "Black breaks the claim"
                        );
                        child
                    };
                    game.push(next);
                    plies_played += 1;
                    assert!(
                        count(&game, &next) < 3,
                        "{}: a third occurrence of {} at ply {} of {plies} ({segment:?} {o})",
                        start.fen(),
                        next.fen(),
                        ply + 1
                    );
                }
            }
        }
        eprintln!(
            "{claims} claims, {with_repeats} after a repeat, {plies_played} plies, \
             {later_runs} third runs or later"
        );
        assert!(later_runs > 100, "too few third runs: {later_runs}");
        assert!(
            with_repeats > 200,
            "too few claims after a repeat: {with_repeats}"
        );
        assert!(
            plies_played > 50_000,
            "too few plies played: {plies_played}"
        );
    }

    /// In the rook ending a run that starts at P moves the rook within the king's square before
    /// the king goes up: a position seen twice with the king there but the rook elsewhere is
    /// not apart in a run free to choose the rook's symmetry, one with the king below is; in a
    /// narrower block the rook's lower square is.
    #[test]
    fn the_rook_endings_repeats_lie_apart_only_below_the_king() {
        use Segment::Distinct;
        // Kc4 Vf3 Kd7 Vd5, White to move.
        let start = Position::from_fen("3k3/7/3r3/2K4/5R1/7/7 w", Rules::TASK).unwrap();
        let mut line = vec![start];
        for uci in ["f3f2", "d7e7", "f2f3", "e7d7"] {
            line.push(after(&line[line.len() - 1], uci));
        }
        assert_eq!(line[4], start);
        let rook = after(&start, "f3f1");
        let segment = Tally::of(line.iter().chain([&rook]));
        assert_eq!(king_states(&segment), [None; 8]);
        // In a narrower block the rook's f3 (seen twice) lies apart where it is below f1 in
        // each of the block's symmetries, seen after the orientation.
        let mut apart = 0;
        let states = block_states(&segment);
        for sym in (0..8).map(Symmetry) {
            let expected = ROOK_BLOCKS[..NARROW_BLOCKS].iter().map(|&block| {
                let below =
                    |t: u8| index_in(t, sym.apply(Square::F3)) < index_in(t, sym.apply(Square::F1));
                (0..8)
                    .all(|t| block >> t & 1 == 0 || below(t))
                    .then_some(Distinct)
            });
            let expected: Vec<_> = expected.collect();
            let frames = usize::from(sym.0) * NARROW_BLOCKS..;
            assert_eq!(states[frames][..NARROW_BLOCKS], expected);
            apart += expected.iter().flatten().count();
        }
        assert!(apart > 0);
        let king = after(&start, "c4b4");
        let below = |s: u8| index_in(s, Square::C4) < index_in(s, Square::B4);
        let expected: [_; 8] = std::array::from_fn(|s| below(s as u8).then_some(Distinct));
        assert_eq!(
            king_states(&Tally::of(line.iter().chain([&king]))),
            expected
        );
    }

    /// The states read once for all of Black's replies are each reply's own: after random
    /// walks with repeats ending with Black to move, every reply that captures nothing gives
    /// the states [`rook_states`] reads from the segment with the reply on it.
    #[test]
    fn the_reply_states_are_each_replys_own() {
        let mut rng = test_support::Rng::new(1128);
        let start = Position::from_fen("r6/4k2/7/3K1R1/7/7/7 w", Rules::TASK).unwrap();
        let (mut replies, mut before) = (0, 0);
        while replies < 30_000 {
            let plies = 2 * rng.below(15) + 1;
            let line = test_support::positions::walk_with_repeats(&mut rng, start, plies, |m| {
                m.capture.is_none()
            });
            let mut segment = Tally::of(line.iter());
            let last = segment.last().copied();
            let Some(last) = last.filter(|last| last.turn() == Color::Black) else {
                continue;
            };
            let states = ReplyStates::of(&segment);
            let children: Vec<_> = last
                .legal_moves()
                .into_iter()
                .filter(|m| m.capture.is_none())
                .map(|m| last.play(m))
                .collect();
            for child in &children {
                let repeated = segment.push(child);
                assert_eq!(
                    states.after(repeated),
                    rook_states(&segment),
                    "{line:?} {child:?}"
                );
                segment.pop();
                replies += 1;
                before += usize::from(repeated);
            }
        }
        assert!(before > 100, "{before} replies that occurred before");
    }

    /// The narrower runs read are those whose block no wider block of the orientation (nor
    /// the block of all) allows in as good a state, in the order of the blocks, on random
    /// states.
    #[test]
    fn a_narrower_run_is_read_only_where_no_wider_block_allows_as_much() {
        let mut rng = test_support::Rng::new(1129);
        for _ in 0..2000 {
            let random = |rng: &mut test_support::Rng| {
                (0..4).fold(u128::MAX, |bits, _| {
                    bits & (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                })
            };
            let new = random(&mut rng) & random(&mut rng);
            let states = States {
                new,
                distinct: new | random(&mut rng),
            };
            let rank = |state: Option<Segment>| state.map_or(-1, |state| state as i8);
            for s in 0..8 {
                let expected: Vec<Run> = (0..NARROW_BLOCKS)
                    .filter_map(|b| {
                        let state = states.get(s * NARROW_BLOCKS + b)?;
                        let covered = (0..NARROW_BLOCKS)
                            .filter(|&w| w != b && ROOK_BLOCKS[b] & !ROOK_BLOCKS[w] == 0)
                            .map(|w| states.get(s * NARROW_BLOCKS + w))
                            .chain([states.get(KING_FRAMES + s)])
                            .any(|other| rank(other) >= rank(Some(state)));
                        let first = usize::from(state == Segment::New);
                        (!covered).then(|| Run::of_rook_state(first * ROOK_BLOCKS.len() + b))
                    })
                    .collect();
                let read: Vec<Run> = states.narrower_runs(Symmetry(s as u8)).collect();
                assert_eq!(read, expected, "{states:?} in orientation {s}");
            }
        }
    }

    /// A tally counts each position as the repetition rule does, however it was made: from the
    /// positions, from counts made elsewhere (the search's path), or pushed and taken off again
    /// one at a time (on a fork).
    #[test]
    fn a_tally_counts_each_position_however_it_is_made() {
        let mut rng = test_support::Rng::new(1127);
        let (mut lines, mut repeats) = (0, 0);
        while lines < 300 {
            let squares: Vec<Square> = (0..4)
                .filter_map(|_| Square::new(rng.below(49) as u32))
                .collect();
            let pieces = [
                Role::King.of(Color::White),
                Role::Rook.of(Color::White),
                Role::King.of(Color::Black),
                Role::Rook.of(Color::Black),
            ];
            let Some(start) =
                crate::tables::index::position_of(Color::White, pieces.into_iter().zip(squares))
            else {
                continue;
            };
            let line = test_support::positions::walk_with_repeats(&mut rng, start, 40, |m| {
                m.capture.is_none()
            });
            lines += 1;
            let occurrences = |k: usize, pos: &Position| {
                line[..k].iter().filter(|q| q.same_as(pos)).count() as u32
            };
            let mut pushed = Tally::default();
            for (k, pos) in line.iter().enumerate() {
                let before = Tally::of(&line[..k]);
                assert_eq!(pushed, before);
                let seen = occurrences(k, pos) > 0;
                repeats += u32::from(seen);
                assert_eq!(pushed.push(pos), seen);
                let mut undone = pushed.fork();
                undone.pop();
                assert_eq!(undone, before);
                let counted = Tally::of_counted(line[..=k].iter().enumerate().map(|(i, q)| {
                    let first = occurrences(i, q) == 0;
                    (q, first.then(|| occurrences(k + 1, q)))
                }));
                assert_eq!(counted, pushed);
            }
            for &(_, i, count) in &pushed.seen {
                assert_eq!(count, occurrences(line.len(), &line[i]));
            }
        }
        assert!(repeats > 500, "only {repeats} repeated positions");
    }
}
