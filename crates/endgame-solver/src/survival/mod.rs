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
//! In the rook ending the keep table ([`keep`]) plays this game and more, and answers it; in
//! the pawn endings the pawn keep table ([`pawn_keep`], KRPvKR) and the KPvK keep table
//! ([`kpk_keep`]) answer from the position on, two runs (KPvK: a ladder of runs) or one of
//! their own orders, where the segment's repeats lie apart ([`states`]), and the search goes
//! on where they say too little.
//!
//! It is the proof that matters in the balanced rook endings, where Black has no draw but by
//! repetition and the history-aware search grows about twice a ply. (Measured,
//! `MEASUREMENTS.md`: letting the king's symmetry, too, be chosen, or the other pieces come
//! first, proves some positions a few plies deeper but makes the proofs that fail, the common
//! case inside the search, several times dearer.)

use small_board::{Color, Move, MoveList, Position, Role};

pub use self::states::{ReplyStates, Tally};
use self::states::{States, kpk_states, pawn_states, rook_states};
use crate::{
    table::{MoveHint, Table},
    tables::{
        Material, Tables,
        index::Symmetry,
        keep::{self, Keep},
        kpk_keep,
        order::{ALL, Run, Steps, run_of},
        pawn_keep::{self, Frame, Segment},
    },
};

mod states;

/// What the keep tables say of the last position of `segment` (the current repetition segment;
/// `steps`, if the caller kept them, its [`Steps`]): in the rook ending the best of the runs of
/// the order the segment kept to, in every orientation and from every start the order allows
/// ([`Steps::runs`]) or from the position itself where the segment's repeats lie apart
/// ([`states`]: below its king, or on its king's square below its rook in a narrower block of
/// rook moves, [`rook_states`]), in the pawn endings KRPvKR and KPvK their keep
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
    kept(tables, segment, steps, enough, || rook_states(segment))
}

/// [`kept_after`] of a segment that ends in one of Black's replies that capture nothing after
/// a position whose [`ReplyStates`] are `replies`, the reply having occurred `before` in the
/// segment or not.
pub fn kept_after_reply(
    tables: &mut Tables,
    segment: &Tally,
    steps: Option<&Steps>,
    enough: Option<u32>,
    (replies, before): (ReplyStates, bool),
) -> Option<Keep> {
    kept(tables, segment, steps, enough, || replies.after(before))
}

/// [`kept_after`], with the rook ending's states at the segment's last position
/// ([`rook_states`]) from `states`.
fn kept(
    tables: &mut Tables,
    segment: &Tally,
    steps: Option<&Steps>,
    enough: Option<u32>,
    states: impl FnOnce() -> States,
) -> Option<Keep> {
    let pos = segment.last()?;
    // Whether the best so far keeps the game going `enough` plies: then the rest is not read.
    let done = |best: Option<Keep>| enough.zip(best).is_some_and(|(plies, k)| k.keeps(plies));
    match Material::of(pos.board())? {
        keep::MATERIAL => {
            let placed = keep::Placed::of(pos)?;
            let steps = steps
                .copied()
                .unwrap_or_else(|| Steps::of(segment.positions()));
            let mut best = steps
                .open_block()
                .and_then(|block| tables.keep_open(placed, block, true));
            if steps.single_run() && !done(best) {
                best = best.max(tables.keep_open(placed, ALL, false));
            }
            for sym in (0..8).map(Symmetry) {
                for run in steps.runs(sym) {
                    if done(best) {
                        return best;
                    }
                    best = best.max(tables.keep(placed, run, sym));
                }
            }
            if done(best) {
                return best;
            }
            // A run may also start here, after any segment whose repeats lie apart.
            let states = states();
            for sym in (0..8).map(Symmetry) {
                if let Some(run) = states.king_run(sym) {
                    best = best.max(tables.keep(placed, run, sym));
                }
            }
            if done(best) {
                return best;
            }
            // Or with White's king where it stood before in the segment, in a narrower block of
            // rook symmetries in which the rook stood lower at each of those positions.
            for sym in (0..8).map(Symmetry) {
                for run in states.narrower_runs(sym) {
                    best = best.max(tables.keep(placed, run, sym));
                    if done(best) {
                        return best;
                    }
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
