//! The transposition table: for a goal, an exact position and the relevant repetition history,
//! the depths at which the goal is known to succeed or to fail.
//!
//! Mate and draw are monotone in the remaining plies (what a player forces within d plies it
//! forces within more), so one entry keeps two bounds: the smallest depth known to succeed and
//! the largest known to fail. A probe at depth d answers when d is at least the first or at most
//! the second. The horizon goal is judged at the horizon itself and is not monotone (superiority
//! held at ply d may be lost at ply d + 1), so its entries are for one exact depth.
//!
//! Each entry holds four words:
//!
//! | word | content |
//! |---|---|
//! | 0 | White's pieces: 6 bits per role (square + 1, 0 = none), bit 63 = Black to move |
//! | 1 | Black's pieces, likewise |
//! | 2 | the history key (see `solver`): 0 when no earlier position can still repeat, or when repetition is ignored ([`History`]) |
//! | 3 | bits 0–7 goal code (0 = empty slot; 1–5 the goals, 6–7 the horizon goals with repetition ignored; 8 for `survival`'s entries, whose word 2 holds their state), 8–15 success depth (255 = none), 16–23 failure depth + 1 (0 = none), 24–31 the exact depth + 1 of a horizon entry (0 for monotone goals), 32–47 the move that last decided the node ([`MoveHint`], 0 = none) |
//!
//! The table also holds the entries of the search in `survival` (Black's draw against a
//! White bound to an order of its placements), under a code of their own, with White's state
//! in the order as their history word.
//!
//! The position is stored exactly, so two positions never share an entry; the table is a cache:
//! a full bucket drops its shallowest entry. It starts small and doubles (rehashing) while it is
//! more than half full and below its memory limit, so short searches never touch the full limit.

use small_board::{Board, Color, Move, Piece, Position, Role, mix::mix64};

use crate::goal::Goal;

/// Entries per bucket (consecutive slots probed together).
const BUCKET: usize = 4;
/// The initial size in entries (4 MiB).
const INITIAL: usize = 1 << 17;
const NO_WIN: u64 = 255;

/// A transposition table of bounded size (see [`Table::new`]).
#[derive(Debug)]
pub struct Table {
    entries: Vec<[u64; 4]>,
    mask: usize,
    /// The most entries the memory limit allows (a power of two).
    max_len: usize,
    /// Slots in use.
    used: usize,
}

/// What of the line before a position an entry depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// Nothing: the game without repetition (every mate goal, and a horizon goal searched with
    /// the third occurrence ignored).
    Ignored,
    /// The hash of the positions that could still reach their third occurrence (see
    /// `solver`), 0 when there are none.
    Counted(u64),
}

impl History {
    /// The entry's word 2.
    fn word(self) -> u64 {
        match self {
            History::Ignored => 0,
            History::Counted(key) => key,
        }
    }
}

/// A move in 16 bits (from, to, promotion) to try first; 0 is no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveHint(u16);

impl MoveHint {
    /// No move.
    pub const NONE: MoveHint = MoveHint(0);

    /// The hint naming `m`.
    pub fn of(m: Move) -> MoveHint {
        let promotion = m.promotion.map_or(0, |r| r.index() + 1) as u16;
        MoveHint((m.from.index() as u16 + 1) | (m.to.index() as u16) << 6 | promotion << 12)
    }
}

/// An exact encoding of a position whose sides have at most one piece of each role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed([u64; 2]);

fn pack(pos: &Position) -> Option<Packed> {
    let board: &Board = pos.board();
    let mut words = [0u64; 2];
    for (i, color) in Color::ALL.into_iter().enumerate() {
        for role in Role::ALL {
            let squares = board.by_piece(Piece { color, role });
            if squares.more_than_one() {
                return None;
            }
            if let Some(sq) = squares.first() {
                words[i] |= (sq.index() as u64 + 1) << (6 * role.index());
            }
        }
    }
    if pos.turn() == Color::Black {
        words[0] |= 1 << 63;
    }
    Some(Packed(words))
}

/// The goal's code (bits 0–7) and, for the non-monotone horizon goal, the exact depth + 1
/// (bits 24–31): together they must match for an entry to apply. A mate goal's value never
/// depends on the history; a horizon goal's without repetition has codes of its own.
fn goal_code(goal: Goal, history: History, depth: u32) -> u64 {
    let exact = u64::from(depth.min(254)) + 1;
    let ignored = history == History::Ignored;
    match goal {
        Goal::Mate(Color::White) => 1,
        Goal::Mate(Color::Black) => 2,
        Goal::Draw => 3,
        Goal::Horizon(Color::White) if ignored => 6 | exact << 24,
        Goal::Horizon(Color::Black) if ignored => 7 | exact << 24,
        Goal::Horizon(Color::White) => 4 | exact << 24,
        Goal::Horizon(Color::Black) => 5 | exact << 24,
    }
}

/// The code of Black's draw against a White keeping to the order of `survival` (monotone in
/// depth like the draw goal; the entry's word 2 holds White's state in the order).
const BOUND_CODE: u64 = 8;

const CODE_MASK: u64 = 0xff | 0xff << 24;

impl Table {
    /// A table using at most `bytes` of memory (at least one bucket).
    pub fn new(bytes: usize) -> Table {
        // The largest power of two that fits (growing works in place).
        let wanted = (bytes / size_of::<[u64; 4]>()).max(BUCKET);
        let max_len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let len = max_len.min(INITIAL);
        Table {
            entries: vec![[0; 4]; len],
            mask: len - 1,
            max_len,
            used: 0,
        }
    }

    fn bucket(&self, packed: Packed, history: u64, code: u64) -> usize {
        let h = mix64(packed.0[0] ^ mix64(packed.0[1] ^ mix64(history ^ code)));
        (h as usize) & self.mask & !(BUCKET - 1)
    }

    /// Doubles the table in place and moves every entry whose bucket is now in the new half
    /// there (an entry's bucket either stays or moves up by the old length, so the entries
    /// staying and the ones arriving never meet; a large vector grows without a copy, so the
    /// old and the new table are not held at once).
    fn grow(&mut self) {
        let old_len = self.entries.len();
        self.entries.resize(old_len << 1, [0; 4]);
        self.mask = self.entries.len() - 1;
        for i in 0..old_len {
            let e = self.entries[i];
            if e[3] & 0xff == 0 {
                continue;
            }
            let start = self.bucket(Packed([e[0], e[1]]), e[2], e[3] & CODE_MASK);
            if start >= old_len {
                // Same place in the new bucket as in the old: the slots stay distinct.
                self.entries[start + i % BUCKET] = e;
                self.entries[i] = [0; 4];
            }
        }
    }

    /// The most memory the table will take, in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_len * size_of::<[u64; 4]>()
    }

    /// The stored answer for `goal` at `depth`, if the bounds decide it.
    #[cfg(test)]
    fn probe(&self, goal: Goal, pos: &Position, history: History, depth: u32) -> Option<bool> {
        self.lookup(goal, pos, history, depth).0
    }

    /// The stored answer for `goal` at `depth` if the bounds decide it, and the move that last
    /// decided the position (to try first when they do not).
    pub fn lookup(
        &self,
        goal: Goal,
        pos: &Position,
        history: History,
        depth: u32,
    ) -> (Option<bool>, MoveHint) {
        let code = goal_code(goal, history, depth);
        self.lookup_code(code, pos, history.word(), depth)
    }

    /// The stored answer to whether Black breaks White's keeping to the order of
    /// `survival` from the state `state` (its key) within `depth` plies, and the move that
    /// last decided it.
    pub fn lookup_bound(&self, state: u64, pos: &Position, depth: u32) -> (Option<bool>, MoveHint) {
        self.lookup_code(BOUND_CODE, pos, state, depth)
    }

    /// Records whether Black breaks White's keeping to the order from the state `state` within
    /// `depth` plies (`value`), and the move that decided it (if any).
    pub fn store_bound(
        &mut self,
        state: u64,
        pos: &Position,
        depth: u32,
        value: bool,
        hint: MoveHint,
    ) {
        self.store_code(BOUND_CODE, pos, state, depth, value, hint);
    }

    fn lookup_code(
        &self,
        code: u64,
        pos: &Position,
        history: u64,
        depth: u32,
    ) -> (Option<bool>, MoveHint) {
        let Some(packed) = pack(pos) else {
            return (None, MoveHint::NONE);
        };
        let start = self.bucket(packed, history, code);
        let entry = self.entries[start..start + BUCKET].iter().find(|e| {
            e[0] == packed.0[0]
                && e[1] == packed.0[1]
                && e[2] == history
                && e[3] & CODE_MASK == code
        });
        let Some(entry) = entry else {
            return (None, MoveHint::NONE);
        };
        let win = (entry[3] >> 8) & 0xff;
        let fail = (entry[3] >> 16) & 0xff;
        let hint = MoveHint((entry[3] >> 32) as u16);
        let depth = u64::from(depth);
        if win != NO_WIN && depth >= win {
            (Some(true), hint)
        } else if fail != 0 && depth < fail {
            (Some(false), hint)
        } else {
            (None, hint)
        }
    }

    /// Records that `goal` succeeds (`value`) or fails at `depth`, decided by `hint` (if any).
    pub fn store(
        &mut self,
        goal: Goal,
        pos: &Position,
        history: History,
        depth: u32,
        value: bool,
        hint: MoveHint,
    ) {
        let code = goal_code(goal, history, depth);
        self.store_code(code, pos, history.word(), depth, value, hint);
    }

    fn store_code(
        &mut self,
        code: u64,
        pos: &Position,
        history: u64,
        depth: u32,
        value: bool,
        hint: MoveHint,
    ) {
        let Some(packed) = pack(pos) else { return };
        if self.used > self.entries.len() / 2 && self.entries.len() < self.max_len {
            self.grow();
        }
        let start = self.bucket(packed, history, code);
        let depth = u64::from(depth.min(254));
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| {
            e[0] == packed.0[0]
                && e[1] == packed.0[1]
                && e[2] == history
                && e[3] & CODE_MASK == code
        }) {
            Some(i) => i,
            None => {
                // An empty slot, else the entry with the least depth behind it.
                let weight = |e: &[u64; 4]| {
                    if e[3] & 0xff == 0 {
                        return 0;
                    }
                    let win = (e[3] >> 8) & 0xff;
                    let fail = (e[3] >> 16) & 0xff;
                    1 + if win == NO_WIN { fail } else { win.max(fail) }
                };
                let i = (0..BUCKET).min_by_key(|&i| weight(&bucket[i])).unwrap_or(0);
                if bucket[i][3] & 0xff == 0 {
                    self.used += 1;
                }
                bucket[i] = [packed.0[0], packed.0[1], history, code | (NO_WIN << 8)];
                i
            }
        };
        let e = &mut bucket[slot];
        let mut win = (e[3] >> 8) & 0xff;
        let mut fail = (e[3] >> 16) & 0xff;
        if value {
            win = win.min(depth);
        } else {
            fail = fail.max(depth + 1);
        }
        let hint = if hint == MoveHint::NONE {
            (e[3] >> 32) & 0xffff
        } else {
            u64::from(hint.0)
        };
        e[3] = code | (win << 8) | (fail << 16) | (hint << 32);
    }
}

#[cfg(test)]
mod tests {
    use small_board::Rules;

    use super::*;

    const C0: History = History::Counted(0);

    #[test]
    fn bounds_are_monotone() {
        let pos = Position::from_fen("5k1/2P2r1/3K3/7/5R1/7/7 w", Rules::TASK).unwrap();
        let mut table = Table::new(1 << 12);
        let goal = Goal::Mate(Color::White);
        assert_eq!(table.probe(goal, &pos, C0, 5), None);
        table.store(goal, &pos, C0, 5, true, MoveHint::NONE);
        table.store(goal, &pos, C0, 2, false, MoveHint::NONE);
        assert_eq!(table.probe(goal, &pos, C0, 7), Some(true));
        assert_eq!(table.probe(goal, &pos, C0, 5), Some(true));
        assert_eq!(table.probe(goal, &pos, C0, 4), None);
        assert_eq!(table.probe(goal, &pos, C0, 2), Some(false));
        assert_eq!(table.probe(goal, &pos, C0, 0), Some(false));
        assert_eq!(table.probe(goal, &pos, History::Counted(1), 5), None);
        assert_eq!(table.probe(Goal::Draw, &pos, C0, 5), None);
        // The horizon goal is kept for its exact depth only.
        let horizon = Goal::Horizon(Color::White);
        table.store(horizon, &pos, C0, 3, true, MoveHint::NONE);
        assert_eq!(table.probe(horizon, &pos, C0, 3), Some(true));
        assert_eq!(table.probe(horizon, &pos, C0, 4), None);
        table.store(horizon, &pos, C0, 4, false, MoveHint::NONE);
        assert_eq!(table.probe(horizon, &pos, C0, 4), Some(false));
        assert_eq!(table.probe(horizon, &pos, C0, 2), None);
        // Without repetition it is another game, with entries of its own.
        assert_eq!(table.probe(horizon, &pos, History::Ignored, 4), None);
        table.store(horizon, &pos, History::Ignored, 4, true, MoveHint::NONE);
        assert_eq!(table.probe(horizon, &pos, History::Ignored, 4), Some(true));
        assert_eq!(table.probe(horizon, &pos, C0, 4), Some(false));
        // The entries of `survival` are apart from the draw goal's.
        table.store_bound(1, &pos, 6, false, MoveHint::NONE);
        assert_eq!(table.lookup_bound(1, &pos, 6).0, Some(false));
        assert_eq!(table.lookup_bound(0, &pos, 6).0, None);
        assert_eq!(table.probe(Goal::Draw, &pos, C0, 6), None);
        assert_eq!(table.probe(Goal::Draw, &pos, History::Counted(1), 6), None);
        // Growing keeps what is stored.
        table.grow();
        assert_eq!(table.probe(goal, &pos, C0, 5), Some(true));
        assert_eq!(table.probe(goal, &pos, C0, 2), Some(false));
        assert_eq!(table.probe(horizon, &pos, C0, 4), Some(false));
    }
}
