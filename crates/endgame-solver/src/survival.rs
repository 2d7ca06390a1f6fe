//! A proof without history that Black's draw goal fails: White keeps the game going while
//! moving along an order of its placements ([`order`](crate::tables::order)), so no position
//! can occur a third time.
//!
//! So whether White, keeping to the order from a state ([`Run`]: the drop, the symmetries left
//! in the block) on, can keep every position of the next k plies free of a stalemate, a dead
//! position and Black's mate depends on the position, k and the state alone: a search whose
//! entries the transposition table keeps like any other (monotone in k). Where it succeeds
//! Black's draw goal fails, whatever the history, as long as White's moves in the segment so
//! far kept to the order ([`run_of`]); where it fails, nothing is proved. While the drop is
//! still there the segment's positions all differ, so White's mate at any distance (the endgame
//! tables) keeps the game going too.
//!
//! In the rook ending the keep table ([`keep`](crate::tables::keep)) plays this game and more,
//! and answers it; in the pawn endings the pawn keep table ([`pawn_keep`], KRPvKR) and the
//! KPvK keep table ([`kpk_keep`]) answer from the position on, two runs (KPvK: a ladder of
//! runs) or one of their own orders, where the segment's repeats lie apart
//! ([`segment_states`]), and the search goes on where they say too little.
//!
//! It is the proof that matters in the balanced rook endings, where Black has no draw but by
//! repetition and the history-aware search grows about twice a ply. (Measured,
//! `MEASUREMENTS.md`: letting the king's symmetry, too, be chosen, or the other pieces come
//! first, proves some positions a few plies deeper but makes the proofs that fail, the common
//! case inside the search, several times dearer.)

use small_board::{Color, Move, MoveList, Position, Role, Square};

use crate::{
    table::{MoveHint, Table},
    tables::{
        Material, Tables,
        index::Symmetry,
        keep::{self, Keep},
        kpk_keep,
        order::{ALL, ROOK_BLOCKS, Run, Steps, run_of, up},
        pawn_keep::{self, Frame, Segment},
    },
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

/// What the keep tables say of the last position of `segment` (the current repetition segment;
/// `steps`, if the caller kept them, its [`Steps`]): in the rook ending the best of the runs of
/// the order the segment kept to, in every orientation and from every start the order allows
/// ([`Steps::runs`]) or from the position itself where the segment's repeats lie apart
/// ([`segment_states`]: below its king, or on its king's square below its rook in a narrower
/// block of rook moves, [`block_states`]), in the pawn endings KRPvKR and KPvK their keep
/// tables from the position where the repeats lie apart; `None` for another ending, a segment
/// that allows neither, or a block that could not be read. With `enough`, the reading may stop
/// at a run that keeps the game going that many plies (the value is then one that does, not
/// necessarily the best).
pub fn kept_after(
    tables: &mut Tables,
    segment: &Tally,
    steps: Option<&Steps>,
    enough: Option<u32>,
) -> Option<Keep> {
    let pos = segment.last()?;
    // Whether the best so far keeps the game going `enough` plies: then the rest is not read.
    let done = |best: Option<Keep>| enough.zip(best).is_some_and(|(plies, k)| k.keeps(plies));
    match Material::of(pos.board())? {
        keep::MATERIAL => {
            let steps = steps
                .copied()
                .unwrap_or_else(|| Steps::of(segment.positions()));
            let mut best = steps
                .open_block()
                .and_then(|block| tables.keep_open(pos, block, true));
            if steps.single_run() && !done(best) {
                best = best.max(tables.keep_open(pos, ALL, false));
            }
            for sym in (0..8).map(Symmetry) {
                for run in steps.runs(sym) {
                    if done(best) {
                        return best;
                    }
                    best = best.max(tables.keep(pos, run, sym));
                }
            }
            if done(best) {
                return best;
            }
            // A run may also start here, after any segment whose repeats lie apart.
            let kings = king_states(segment);
            for (sym, state) in (0..8).map(Symmetry).zip(kings) {
                let run = match state {
                    Some(Segment::New) => Run::FRESH,
                    Some(Segment::Distinct) => Run::SPENT,
                    None => continue,
                };
                best = best.max(tables.keep(pos, run, sym));
            }
            if done(best) {
                return best;
            }
            // Or with White's king where it stood before in the segment, in a narrower block of
            // rook symmetries in which the rook stood lower at each of those positions. Where a
            // wider block of the orientation can be read in as good a state, it is read, not
            // the narrower: it allows every move the narrower one does.
            let blocks = block_states(segment);
            let rank = |state: Option<Segment>| state.map_or(-1, |state| state as i8);
            for (frame, &state) in blocks.iter().enumerate() {
                let (sym, b) = (frame / NARROW_BLOCKS, frame % NARROW_BLOCKS);
                let first = match state {
                    Some(Segment::New) => 1,
                    Some(Segment::Distinct) => 0,
                    None => continue,
                };
                let wider = (0..NARROW_BLOCKS)
                    .filter(|&w| w != b && ROOK_BLOCKS[b] & !ROOK_BLOCKS[w] == 0)
                    .map(|w| blocks[sym * NARROW_BLOCKS + w])
                    .chain([kings[sym]])
                    .any(|other| rank(other) >= rank(state));
                if wider {
                    continue;
                }
                let run = Run::of_rook_state(first * ROOK_BLOCKS.len() + b);
                best = best.max(tables.keep(pos, run, Symmetry(sym as u8)));
                if done(best) {
                    return best;
                }
            }
            best
        }
        pawn_keep::MATERIAL => {
            let states = pawn_states(segment);
            Frame::ALL
                .into_iter()
                .zip(states)
                .filter_map(|(frame, state)| tables.pawn_keep_in(pos, state?, frame))
                .max()
        }
        kpk_keep::MATERIAL => {
            let states = kpk_states(segment);
            tables.kpk_keep_best(pos, |o| states[usize::from(o)].map(Into::into))
        }
        _ => None,
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
fn segment_states<const F: usize>(
    segment: &Tally,
    below: impl Fn(&Position) -> Option<u64>,
) -> [Option<Segment>; F] {
    let Some(last) = segment.last() else {
        return [None; F];
    };
    let white = |q: &Position| {
        let board = q.board();
        (board.by_color(Color::White), q.king(Color::White))
    };
    let (at, reachable) = (white(last), last.turn() == Color::Black);
    let placed_apart = |q: &Position| white(q) == at && !(reachable && q.turn() == Color::White);
    // The frames (bit f) where every position so far occurred once and lies apart (new), and
    // where every one that occurred more often lies apart (distinct). One pass over the
    // positions, each once with its count.
    let mut new = u64::MAX;
    let mut distinct = u64::MAX;
    for &(_, i, count) in &segment.seen {
        let q = segment.positions[i];
        let Some(below) = below(q) else {
            return [None; F];
        };
        let apart = if placed_apart(q) { u64::MAX } else { below };
        if count == 1 {
            new &= apart;
        } else {
            new = 0;
            distinct &= apart;
        }
    }
    std::array::from_fn(|f| {
        if new >> f & 1 == 1 {
            Some(Segment::New)
        } else if distinct >> f & 1 == 1 {
            Some(Segment::Distinct)
        } else {
            None
        }
    })
}

/// [`segment_states`] in the pawn keep table's frames ([`Frame::ALL`]).
fn pawn_states(segment: &Tally) -> [Option<Segment>; 4] {
    let keys = |pos: &Position| {
        let rook = pos.board().by_piece(Role::Rook.of(Color::White)).first()?;
        Some(Frame::ALL.map(|frame| frame.key(pos.king(Color::White), rook)))
    };
    let Some(at) = segment.last().and_then(keys) else {
        return [None; 4];
    };
    segment_states(segment, |pos| {
        let key = keys(pos)?;
        Some(
            (0..4)
                .filter(|&f| key[f] < at[f])
                .fold(0, |bits, f| bits | 1 << f),
        )
    })
}

/// [`segment_states`] in the orders where White's king's square ranks the placement, after
/// each of the board's symmetries (bit s for symmetry s): the rook ending's orientations, for
/// a run of the keep table that starts at the last position with a new block (rook moves keep
/// the king's square, so a position with the king there but the rook elsewhere is not apart).
fn king_states(segment: &Tally) -> [Option<Segment>; 8] {
    let Some(last) = segment.last() else {
        return [None; 8];
    };
    let at = last.king(Color::White);
    segment_states(segment, |pos| {
        Some(u64::from(up(pos.king(Color::White), at)))
    })
}

/// The narrower blocks of rook moves ([`ROOK_BLOCKS`] but the last, all eight symmetries).
const NARROW_BLOCKS: usize = ROOK_BLOCKS.len() - 1;

/// [`segment_states`] in the rook ending's orders, frame `sym · NARROW_BLOCKS + b` for a run
/// that starts at the last position P in the orientation `sym` and the narrower block `b` of
/// rook moves: a position lies below P's placement when its king stands lower in the order,
/// or on P's king's square with the rook lower than P's in every symmetry of the block (the
/// run's rook moves in P's king block all go up in one of them; no square is lower than
/// another in all eight, so the block of all is [`king_states`]'s).
fn block_states(segment: &Tally) -> [Option<Segment>; 8 * NARROW_BLOCKS] {
    let rook = |pos: &Position| pos.board().by_piece(Role::Rook.of(Color::White)).first();
    let Some((king, at_rook)) = segment
        .last()
        .and_then(|last| Some((last.king(Color::White), rook(last)?)))
    else {
        return [None; 8 * NARROW_BLOCKS];
    };
    // Per pair of rook squares (earlier, now): the frames where the earlier one is lower in
    // every symmetry of the block; per set of orientations a king below stands in: all their
    // frames.
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
    segment_states(segment, |pos| {
        let here = pos.king(Color::White);
        if here != king {
            return Some(king_frames[usize::from(up(here, king))]);
        }
        Some(rook(pos).map_or(0, |other| rook_frames[other.index() * 49 + at_rook.index()]))
    })
}

/// [`segment_states`] in the KPvK keep table's orientations ([`kpk_keep::place`]: White's
/// placement is its king's square, the pawn standing still in a segment).
fn kpk_states(segment: &Tally) -> [Option<Segment>; kpk_keep::ORIENTATIONS as usize] {
    let Some(last) = segment.last() else {
        return [None; kpk_keep::ORIENTATIONS as usize];
    };
    let Some(pawn) = last.board().by_piece(Role::Pawn.of(Color::White)).first() else {
        return [None; kpk_keep::ORIENTATIONS as usize];
    };
    let at = last.king(Color::White);
    segment_states(segment, |pos| {
        Some(u64::from(kpk_keep::below(pawn, at, pos.king(Color::White))))
    })
}

/// The search, over the solver's transposition table and endgame tables.
pub struct Keeper<'a> {
    /// The transposition table (this search's entries under codes of their own).
    pub table: &'a mut Table,
    /// The endgame tables, for positions where they decide Black's draw.
    pub tables: &'a mut Option<Tables>,
    /// Counts the nodes searched.
    pub nodes: &'a mut u64,
}

impl Keeper<'_> {
    /// Whether White, keeping its placements apart after `segment` (the current repetition
    /// segment), keeps every position of the next `plies` plies, its last position included, from
    /// ending in a draw or in Black's mate. In the rook ending the keep table answers, in every
    /// orientation of the order the segment kept to (`steps`, if the caller kept them: see
    /// [`kept_after`]).
    pub fn keeps_after(&mut self, segment: &Tally, steps: Option<&Steps>, plies: u32) -> bool {
        let Some(pos) = segment.last() else {
            return false;
        };
        if let Some(tables) = self.tables.as_mut()
            && let Some(keep) = kept_after(tables, segment, steps, Some(plies))
        {
            // The rook ending's table plays the search's game and more (the drop on any move,
            // the run after it in any orientation or rook first), so the search would not prove
            // it either; the pawn ending's plays one order only.
            if keep.keeps(plies) || Material::of(pos.board()) == Some(keep::MATERIAL) {
                return keep.keeps(plies);
            }
        }
        match run_of(segment.positions(), Symmetry::IDENTITY) {
            Some(run) => self.keeps(pos, plies, run),
            None => false,
        }
    }

    /// Whether White, keeping its placements apart from the state `run` on, keeps every
    /// position of the next `plies` plies, `pos` included, from ending in a draw or in Black's
    /// mate.
    pub fn keeps(&mut self, pos: &Position, plies: u32, run: Run) -> bool {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return pos.is_check() && pos.turn() == Color::Black;
        }
        if pos.is_dead() {
            return false;
        }
        if plies == 0 {
            return true;
        }
        // With the drop still there White's placements in the segment all differ, so one run
        // of the pawn keep table's order may follow.
        if run.fresh()
            && let Some(tables) = self.tables.as_mut()
            && tables
                .pawn_keep(pos, Segment::Distinct)
                .is_some_and(|keep| keep.keeps(plies))
        {
            return true;
        }
        // Entries hold whether Black breaks it (monotone in the plies, like Black's draw).
        let (stored, hint) = self.table.lookup_bound(run.key(), pos, plies);
        if let Some(breaks) = stored {
            return !breaks;
        }
        // The endgame tables' rules for Black's draw. With the drop still there, White's
        // placements in the segment all differ, so no position of it occurs twice yet (where
        // White mates, the game ends in White's mate or reaches the horizon without a third
        // occurrence).
        match self
            .tables
            .as_mut()
            .and_then(|t| t.black_draw(pos, plies, run.fresh()))
        {
            Some(true) => {
                self.table
                    .store_bound(run.key(), pos, plies, true, MoveHint::NONE);
                return false;
            }
            Some(false) => return true,
            None => {}
        }
        *self.nodes += 1;
        let white = pos.turn() == Color::White;
        // The hint first, then captures and pawn moves (a new segment); then White's moves that
        // keep to the order, those that leave the most symmetries first (king steps free them
        // all), and drops last; or Black's checks first (they are what drives White's king
        // down).
        // The state after each move; `None` for a capture or pawn move (a new segment).
        let mut options: Vec<(u32, Move, Option<Run>)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let (priority, next) = if m.capture.is_some() || m.role == Role::Pawn {
                (1, None)
            } else if !white {
                (if pos.play(m).is_check() { 2 } else { 3 }, Some(run))
            } else {
                match run.after(m) {
                    Some(next) if next.fresh() == run.fresh() => {
                        (4 + next.constraint(), Some(next))
                    }
                    Some(next) => (u32::MAX, Some(next)),
                    None => continue,
                }
            };
            let priority = if MoveHint::of(m) == hint { 0 } else { priority };
            options.push((priority, m, next));
        }
        options.sort_by_key(|o| o.0);
        // White needs one move that keeps it; Black breaks it with one move.
        let mut decided_by = MoveHint::NONE;
        let mut value = !white;
        for &(_, m, next) in &options {
            let child = pos.play(m);
            let keeps = match next {
                Some(next) => self.keeps(&child, plies - 1, next),
                None => self.keeps_after(&Tally::of([&child]), None, plies - 1),
            };
            if keeps == white {
                value = white;
                decided_by = MoveHint::of(m);
                break;
            }
        }
        self.table
            .store_bound(run.key(), pos, plies, !value, decided_by);
        value
    }
}

#[cfg(test)]
mod tests {
    use small_board::{Rules, Square};

    use super::*;
    use crate::tables::order::index_in;

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
