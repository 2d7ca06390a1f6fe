//! The table in memory: depth to mate for every legal KBNK position, and probing it.

use std::{cmp::Reverse, fmt, path::Path};

use rayon::prelude::*;

use shakmaty::{CastlingMode, Chess, Color, Move, Position, Setup, san::SanPlus, uci::UciMove};

use crate::{
    file::{self, FormatError, TableFileError},
    generate::{self, BlackOutlook},
    index::{SLOTS, Squares},
    position::{Kbnk, ProbeError},
};

/// A slot value: no forced mate.
pub(crate) const DRAW: u8 = 0xFF;
/// A slot value: the slot holds no legal position.
pub(crate) const NONE: u8 = 0xFE;

/// The value of a position, always from White's side: how many White moves to mate.
///
/// Counted as the seed counts: White to move and mating at once is mate in 1; Black to move and
/// mated after White's next move whatever Black plays is also mate in 1; a checkmated Black is
/// [`Value::Mated`]. Displayed as `mate in N`, `mated`, `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// White mates in this many White moves (at least 1).
    MateIn(u8),
    /// Black is checkmated.
    Mated,
    /// No forced mate: Black can take a piece, is stalemated, or holds out forever.
    Draw,
}

impl Value {
    /// The value of a position lost for Black in `plies` half-moves (0 = checkmated).
    pub fn from_plies(plies: u8) -> Value {
        if plies == 0 {
            Value::Mated
        } else {
            Value::MateIn(plies.div_ceil(2))
        }
    }

    /// The number of White moves to mate: 0 for [`Value::Mated`] and for a draw.
    pub fn moves(self) -> u8 {
        match self {
            Value::MateIn(n) => n,
            Value::Mated | Value::Draw => 0,
        }
    }

    /// The distance to mate in plies for the side to move `turn`: `2N - 1` with White to move,
    /// `2N` with Black to move, 0 when mated; `None` for a draw (and for a `MateIn` too long to
    /// count in a `u8`, or `MateIn(0)`, which no table holds).
    pub fn plies(self, turn: Color) -> Option<u8> {
        match (self, turn) {
            (Value::Mated, _) => Some(0),
            (Value::MateIn(n), Color::White) => n.checked_mul(2)?.checked_sub(1),
            (Value::MateIn(n), Color::Black) => n.checked_mul(2).filter(|&p| p > 0),
            (Value::Draw, _) => None,
        }
    }

    /// How good the value is for White: lower is better (a faster mate).
    fn white_rank(self) -> u16 {
        match self {
            Value::Mated => 0,
            Value::MateIn(n) => u16::from(n),
            Value::Draw => u16::MAX,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::MateIn(n) => write!(f, "mate in {n}"),
            Value::Mated => f.write_str("mated"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

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
    /// Plies to mate with White to move, by index slot ([`crate::index`]), or [`DRAW`] / [`NONE`].
    /// Black-to-move values are derived by one ply of search.
    pub(crate) white: Vec<u8>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table").field("slots", &SLOTS).finish()
    }
}

impl Table {
    /// Computes the whole table by retrograde analysis.
    pub fn generate() -> Table {
        let (white, _black) = generate::generate();
        Table { white }
    }

    /// Reads a table file (the layout is in [`crate::file`]).
    ///
    /// # Errors
    ///
    /// [`TableFileError::Read`] when the file cannot be read, [`TableFileError::Corrupt`] naming
    /// the check that failed when it is truncated, corrupt or not a KBNK table.
    pub fn load(path: &Path) -> Result<Table, TableFileError> {
        let bytes = std::fs::read(path).map_err(|source| TableFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Table::from_bytes(&bytes).map_err(|check| TableFileError::Corrupt {
            path: path.to_path_buf(),
            check,
        })
    }

    /// Writes the table file.
    ///
    /// # Errors
    ///
    /// [`TableFileError::Write`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), TableFileError> {
        std::fs::write(path, self.to_bytes()).map_err(|source| TableFileError::Write {
            path: path.to_path_buf(),
            source,
        })
    }

    /// The table as the bytes of a table file.
    pub fn to_bytes(&self) -> Vec<u8> {
        file::encode(self)
    }

    /// A table from the bytes of a table file.
    ///
    /// # Errors
    ///
    /// [`FormatError`] naming the check that failed.
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, FormatError> {
        file::decode(bytes)
    }

    /// The Black-to-move plies to mate of every slot, derived from the White values; [`NONE`]
    /// where the slot holds no legal position.
    pub(crate) fn black_values(&self) -> Vec<u8> {
        (0..SLOTS)
            .into_par_iter()
            .map(|index| {
                if generate::black_legal(index) {
                    self.plies(index, Color::Black)
                } else {
                    NONE
                }
            })
            .collect()
    }

    /// The plies to mate of the position in a legal slot, or [`DRAW`].
    #[inline]
    pub(crate) fn plies(&self, index: usize, turn: Color) -> u8 {
        match turn {
            Color::White => self.white[index],
            Color::Black => match generate::black_outlook(Squares::from_index(index)) {
                BlackOutlook::Mated => 0,
                BlackOutlook::Draw => DRAW,
                BlackOutlook::Moves(moves) => {
                    generate::black_value_from(Squares::from_index(index), moves, &self.white)
                        .unwrap_or(DRAW)
                }
            },
        }
    }

    /// The value of a legal position.
    #[inline]
    pub fn value(&self, pos: Kbnk) -> Value {
        let squares = pos.squares();
        let Some(index) = squares.index() else {
            return Value::Draw; // unreachable: a Kbnk has its kings apart
        };
        let plies = self.plies(index, pos.turn());
        if plies >= NONE {
            Value::Draw
        } else {
            Value::from_plies(plies)
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_plies_agree() {
        for plies in 0..=66 {
            let turn = if plies % 2 == 1 {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(Value::from_plies(plies).plies(turn), Some(plies));
        }
        assert_eq!(Value::MateIn(0).plies(Color::White), None);
        assert_eq!(Value::MateIn(200).plies(Color::Black), None);
        assert_eq!(Value::MateIn(33).to_string(), "mate in 33");
        assert_eq!(Value::Mated.to_string(), "mated");
        assert_eq!(Value::Draw.to_string(), "draw");
    }
}
