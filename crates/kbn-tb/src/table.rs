//! The table in memory: depth to mate for every legal KBNK position, and probing it.
//!
//! Only the White-to-move entries are stored; a Black-to-move entry is derived by one ply of
//! search over them (a capture or stalemate is a draw, a checkmate is 0, else the longest White
//! win after a king move, plus one ply), at most 8 lookups.

use std::{cmp::Reverse, fmt};

use rayon::prelude::*;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Setup, san::SanPlus, uci::UciMove};

use crate::{
    generate,
    index::{SLOTS, Squares},
    position::{Kbnk, ProbeError},
    rules::{self, BlackOutlook},
    value::{Entry, Value},
};

/// One legal move and the value of the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move in UCI (`b1d3`).
    pub uci: UciMove,
    /// The move in SAN with its check or mate mark (`Bd3+`).
    pub san: SanPlus,
    /// The value after the move.
    pub value: Value,
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

/// The whole KBNK table: for every legal position, both sides to move, the distance to mate.
///
/// Built by [`Table::generate`], or read from a table file by [`Table::load`] (the file's layout
/// and its other methods are in [`crate::file`]).
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
    pub fn probe_position(&self, pos: Kbnk) -> Probe {
        let chess = pos.to_chess();
        let mut moves: Vec<MoveValue> = chess
            .legal_moves()
            .into_iter()
            .map(|m| MoveValue {
                uci: m.to_uci(CastlingMode::Standard),
                san: SanPlus::from_move(chess.clone(), m),
                value: self.value_after(&chess, m),
            })
            .collect();
        moves.sort_by_cached_key(|mv| mv.uci.to_string());
        match pos.turn() {
            Color::White => moves.sort_by_key(|mv| mv.value.white_rank()),
            Color::Black => moves.sort_by_key(|mv| Reverse(mv.value.white_rank())),
        }
        Probe {
            turn: pos.turn(),
            value: self.value(pos),
            moves,
        }
    }

    /// The optimal line from a legal position to mate: White always takes the fastest mate,
    /// Black the longest resistance (first in [`Probe::moves`] order). Empty for a draw or a
    /// checkmate.
    pub fn line(&self, pos: Kbnk) -> Vec<SanPlus> {
        let mut line = Vec::new();
        let mut pos = pos;
        while let Value::MateIn(_) = self.value(pos) {
            let probe = self.probe_position(pos);
            let Some(best) = probe.moves.first() else {
                break;
            };
            line.push(best.san);
            let mut chess = pos.to_chess();
            let Ok(m) = best.uci.to_move(&chess) else {
                break;
            };
            chess.play_unchecked(m);
            match Kbnk::from_setup(&chess.to_setup(shakmaty::EnPassantMode::Legal)) {
                Ok(next) => pos = next,
                Err(_) => break,
            }
        }
        line
    }

    /// The value of the position after a legal move `m` in `chess` (a KBNK position).
    fn value_after(&self, chess: &Chess, m: Move) -> Value {
        if m.is_capture() {
            return Value::Draw;
        }
        let mut after = chess.clone();
        after.play_unchecked(m);
        match Kbnk::from_setup(&after.to_setup(shakmaty::EnPassantMode::Legal)) {
            Ok(next) => self.value(next),
            Err(_) => Value::Draw, // unreachable: a legal move keeps the position legal
        }
    }
}
