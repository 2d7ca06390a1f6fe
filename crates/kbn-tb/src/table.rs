//! The table in memory: depth to mate for every legal KBNK position, and probing it.
//!
//! Only the White-to-move entries are stored; a Black-to-move entry is derived by one ply of
//! search over them (a capture or stalemate is a draw, a checkmate is 0, else the longest White
//! win after a king move, plus one ply), at most 8 lookups.

use std::fmt;

use rayon::prelude::*;
use shakmaty::{
    Color, Role, Setup,
    san::{San, SanPlus, Suffix},
    uci::UciMove,
};

use crate::{
    generate,
    index::{SLOTS, Squares},
    position::{Kbnk, ProbeError},
    rules::{self, BlackOutlook, square},
    value::{Entry, Value},
};

/// How a game ends by rule in a position, when it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Black is checkmated.
    Checkmate,
    /// Black has no legal move and is not in check.
    Stalemate,
    /// Black's king took the bishop or the knight: a lone minor piece cannot mate.
    InsufficientMaterial,
}

/// One legal move and the value of the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move in UCI (`b1d3`).
    pub uci: UciMove,
    /// The move in SAN with its check or mate mark (`Bd3+`).
    pub san: SanPlus,
    /// The value after the move.
    pub value: Value,
    /// How the game ends by rule after the move, if it does (a capture is the only move that
    /// leaves the table: [`Ending::InsufficientMaterial`]).
    pub ending: Option<Ending>,
}

impl MoveValue {
    /// Whether the move takes a piece (Black's king taking the bishop or the knight).
    pub fn is_capture(&self) -> bool {
        self.ending == Some(Ending::InsufficientMaterial)
    }
}

/// What a probe tells about a position: its value and every legal move, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The side to move.
    pub turn: Color,
    /// The value of the position.
    pub value: Value,
    /// Every legal move with the value it leads to, best first for the side to move: for White
    /// the fastest mate first, for Black the longest resistance first (draws before mates). Ties
    /// in UCI order.
    pub moves: Vec<MoveValue>,
}

impl Probe {
    /// How the game has ended by rule in the position, if it has: Black checkmated or
    /// stalemated (a probed position always holds the four pieces).
    pub fn ending(&self) -> Option<Ending> {
        match (self.value, self.moves.is_empty()) {
            (Value::Mated, _) => Some(Ending::Checkmate),
            (_, true) => Some(Ending::Stalemate),
            _ => None,
        }
    }
}

/// The whole KBNK table: for every legal position, both sides to move, the distance to mate.
///
/// Built by [`Table::generate`], or read from a table file by [`Table::load`] (the file's layout
/// and its other methods are in the `file` module, which depends on this one).
///
/// # Examples
///
/// ```
/// use kbn_tb::{Table, Value};
///
/// let table = Table::generate();
/// let probe = table.probe_fen("8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1")?;
/// assert_eq!(probe.value, Value::MateIn(1));
/// assert_eq!(probe.value.to_string(), "mate in 1");
/// # Ok::<_, kbn_tb::ProbeError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Table {
    /// The White-to-move entry of every index slot ([`crate::index`]).
    white: Vec<Entry>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table").field("slots", &SLOTS).finish()
    }
}

impl Table {
    /// Computes the whole table by retrograde analysis.
    pub fn generate() -> Table {
        Table::from_white(generate::generate())
    }

    /// A table of these White-to-move entries, one per index slot.
    ///
    /// # Panics
    ///
    /// When there are not [`SLOTS`] entries.
    pub(crate) fn from_white(white: Vec<Entry>) -> Table {
        assert_eq!(white.len(), SLOTS, "one entry per index slot");
        Table { white }
    }

    /// The entry of a slot for the side to move `turn`: [`Entry::ABSENT`] when the slot holds
    /// no legal position.
    #[inline]
    pub(crate) fn entry(&self, index: usize, turn: Color) -> Entry {
        match turn {
            Color::White => self.white[index],
            Color::Black if !rules::black_legal(index) => Entry::ABSENT,
            Color::Black => self.black_entry(Squares::from_index(index)),
        }
    }

    /// The Black-to-move entry of a legal position, by one ply of search: the longest White win
    /// after a king move, plus one ply; a draw when any move does not lead to a White win.
    #[inline]
    fn black_entry(&self, p: Squares) -> Entry {
        match rules::black_outlook(p) {
            BlackOutlook::Mated => Entry::MATED,
            BlackOutlook::Draw => Entry::DRAW,
            BlackOutlook::Moves(moves) => {
                let mut longest = 0;
                for child in rules::black_children(p, moves) {
                    match self.white[child].plies() {
                        Some(plies) => longest = longest.max(plies),
                        None => return Entry::DRAW,
                    }
                }
                Entry::mate(longest + 1)
            }
        }
    }

    /// The Black-to-move entry of every slot, derived in parallel.
    pub(crate) fn black_entries(&self) -> Vec<Entry> {
        (0..SLOTS)
            .into_par_iter()
            .map(|index| self.entry(index, Color::Black))
            .collect()
    }

    /// The value of a legal position.
    #[inline]
    pub fn value(&self, pos: Kbnk) -> Value {
        let squares = pos.squares();
        let Some(index) = squares.index() else {
            return Value::Draw; // unreachable: a Kbnk has its kings apart
        };
        let entry = match pos.turn() {
            Color::White => self.white[index],
            Color::Black => self.black_entry(Squares::from_index(index)),
        };
        entry.value().unwrap_or(Value::Draw) // absent is unreachable: a Kbnk is legal
    }

    /// Probes a setup: its value and every legal move with the value it leads to.
    ///
    /// # Errors
    ///
    /// [`ProbeError::Illegal`] when the setup is not a legal KBNK position.
    pub fn probe(&self, setup: &Setup) -> Result<Probe, ProbeError> {
        let pos = Kbnk::from_setup(setup)?;
        Ok(self.probe_position(pos))
    }

    /// Parses a FEN and probes it, as [`Table::probe`].
    ///
    /// # Errors
    ///
    /// [`ProbeError`] when the FEN is malformed or the position illegal.
    pub fn probe_fen(&self, fen: &str) -> Result<Probe, ProbeError> {
        Ok(self.probe_position(Kbnk::from_fen(fen)?))
    }

    /// Probes a legal position: its value and every legal move with the value it leads to.
    ///
    /// The moves come from the table's own move generator (`rules`): one piece of each
    /// kind, so SAN never needs a file or rank to tell two pieces apart, and the check and mate
    /// marks come from the position after the move.
    pub fn probe_position(&self, pos: Kbnk) -> Probe {
        let p = pos.squares();
        let mut moves = Vec::with_capacity(MAX_MOVES);
        match pos.turn() {
            Color::White => {
                for (role, after) in rules::white_moves(p) {
                    let (from, to) = match role {
                        Role::King => (p.wk, after.wk),
                        Role::Bishop => (p.bishop, after.bishop),
                        _ => (p.knight, after.knight),
                    };
                    let (value, ending) = match rules::black_outlook(after) {
                        BlackOutlook::Mated => (Value::Mated, Some(Ending::Checkmate)),
                        BlackOutlook::Draw if rules::black_king_moves(after).is_empty() => {
                            (Value::Draw, Some(Ending::Stalemate))
                        }
                        BlackOutlook::Draw => (Value::Draw, None),
                        BlackOutlook::Moves(_) => (self.value_of(after, Color::Black), None),
                    };
                    let suffix = match ending {
                        Some(Ending::Checkmate) => Some(Suffix::Checkmate),
                        _ if rules::black_in_check(after) => Some(Suffix::Check),
                        _ => None,
                    };
                    moves.push(move_value(role, from, to, false, suffix, value, ending));
                }
            }
            Color::Black => {
                for to in rules::black_king_moves(p) {
                    let to = to as u8;
                    let capture = to == p.bishop || to == p.knight;
                    let (value, ending) = if capture {
                        (Value::Draw, Some(Ending::InsufficientMaterial))
                    } else {
                        let after = Squares { bk: to, ..p };
                        (self.value_of(after, Color::White), None)
                    };
                    moves.push(move_value(
                        Role::King,
                        p.bk,
                        to,
                        capture,
                        None,
                        value,
                        ending,
                    ));
                }
            }
        }
        // Keys computed once per move: computing them in every comparison cost more than
        // valuing the moves.
        moves.sort_by_cached_key(|mv| {
            let rank = match pos.turn() {
                Color::White => mv.value.white_rank(),
                Color::Black => u16::MAX - mv.value.white_rank(),
            };
            (rank, uci_order(&mv.uci))
        });
        Probe {
            turn: pos.turn(),
            value: self.value(pos),
            moves,
        }
    }

    /// The optimal line from a legal position to mate, in SAN: see [`Table::mainline`].
    pub fn line(&self, pos: Kbnk) -> Vec<SanPlus> {
        self.mainline(pos).iter().map(|mv| mv.san).collect()
    }

    /// The optimal line from a legal position to mate: White always takes the fastest mate,
    /// Black the longest resistance (the first move of [`Probe::moves`]), each move with the
    /// value it leads to. Empty for a draw or a checkmate.
    pub fn mainline(&self, pos: Kbnk) -> Vec<MoveValue> {
        let mut line = Vec::new();
        let mut pos = pos;
        // A mate in n moves takes at most 2n plies. The bound also ends the line on a table
        // whose values do not fall along it: a damaged file that still passed its checksums
        // (only `verify` checks every value against the rules).
        let Value::MateIn(moves) = self.value(pos) else {
            return line;
        };
        while line.len() < 2 * usize::from(moves)
            && let Value::MateIn(_) = self.value(pos)
        {
            let probe = self.probe_position(pos);
            let Some(&best) = probe.moves.first() else {
                break;
            };
            line.push(best);
            match pos.after(best.uci) {
                Some(next) => pos = next,
                None => break, // unreachable: a winning line never gives a piece away
            }
        }
        line
    }

    /// A random legal position with `turn` to move that White mates in exactly `mate_in` moves,
    /// every such placement of the four pieces equally likely (both bishop colours); `None`
    /// only when no position has that value (`mate_in` 0 or over 33). Rejection sampling: a
    /// few thousand lookups on average, about 14,000 for the rarest value (mate in 33 with
    /// White to move: 1,104 of 15.2 million placements).
    pub fn deal(&self, turn: Color, mate_in: u8, rng: &mut fastrand::Rng) -> Option<Kbnk> {
        /// Enough tries that missing an existing value has odds below e^-250.
        const TRIES: usize = 1 << 22;
        for _ in 0..TRIES {
            let squares = Squares {
                wk: rng.u8(0..64),
                bishop: rng.u8(0..64),
                knight: rng.u8(0..64),
                bk: rng.u8(0..64),
            };
            if !squares.distinct() {
                continue;
            }
            if let Ok(pos) = Kbnk::from_squares(squares, turn)
                && self.value(pos) == Value::MateIn(mate_in)
            {
                return Some(pos);
            }
        }
        None
    }

    /// The value of a legal position given by its squares (not canonical yet).
    #[inline]
    fn value_of(&self, squares: Squares, turn: Color) -> Value {
        match Kbnk::from_squares(squares, turn) {
            Ok(pos) => self.value(pos),
            Err(_) => Value::Draw, // unreachable: a legal move leads to a legal position
        }
    }
}

/// The most legal moves a KBNK position has: 8 king moves, 13 bishop moves, 8 knight moves.
const MAX_MOVES: usize = 29;

/// A move of the piece on `from` to `to`, with its SAN and the value it leads to.
fn move_value(
    role: Role,
    from: u8,
    to: u8,
    capture: bool,
    suffix: Option<Suffix>,
    value: Value,
    ending: Option<Ending>,
) -> MoveValue {
    let (from, to) = (square(from), square(to));
    MoveValue {
        uci: UciMove::Normal {
            from,
            to,
            promotion: None,
        },
        san: SanPlus {
            san: San::Normal {
                role,
                file: None,
                rank: None,
                capture,
                to,
                promotion: None,
            },
            suffix,
        },
        value,
        ending,
    }
}

/// A sort key in the order of UCI text (`a1b3` < `a2a3` < `b1a3`): files before ranks.
pub(crate) fn uci_order(uci: &UciMove) -> (u8, u8, u8, u8) {
    match *uci {
        UciMove::Normal { from, to, .. } => (
            from.file() as u8,
            from.rank() as u8,
            to.file() as u8,
            to.rank() as u8,
        ),
        _ => (u8::MAX, 0, 0, 0), // no such move in KBNK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table whose every value is a mate in one (checksums can be forged) gives a line of at
    /// most two plies, not an endless one.
    #[test]
    fn a_line_ends_on_a_table_whose_values_do_not_fall() {
        let forged = Table::from_white(vec![Entry::mate(1); SLOTS]);
        let pos = Kbnk::from_fen("8/8/8/8/8/1K6/8/k1N4B w - - 0 1").expect("legal");
        assert_eq!(forged.value(pos), Value::MateIn(1));
        assert!(forged.mainline(pos).len() <= 2);
    }
}
