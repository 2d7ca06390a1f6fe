//! The value of a position: [`Value`] as the user reads it (`mate in N`, `mated`, `draw`), and
//! [`Entry`], the one-byte slot of the table it is stored in.
//!
//! Both count from White's side, since only White can win: a value is how far White's mate is,
//! whichever side is to move. [`Dtz`] and [`Dtm`] restate a value in the signed plies of the
//! Syzygy and lichess vocabulary, from the side to move's point of view.

use std::{fmt, num::NonZeroU8};

use shakmaty::Color;

/// The value of a position, always from White's side: how many White moves to mate.
///
/// Counted as the seed counts: White to move and mating at once is mate in 1; Black to move and
/// mated after White's next move whatever Black plays is also mate in 1; a checkmated Black is
/// [`Value::Mated`]. Displayed as `mate in N`, `mated`, `draw`.
///
/// | position | plies to mate | value |
/// |---|---|---|
/// | Black is checkmated | 0 | `mated` |
/// | White to move, mates at once | 1 | `mate in 1` |
/// | Black to move, mated after any move and White's reply | 2 | `mate in 1` |
/// | White to move, mates in 2 moves | 3 | `mate in 2` |
/// | no forced mate | — | `draw` |
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

    /// The number of White moves to mate, 0 when mated, `None` for a draw.
    pub fn mate_in(self) -> Option<u8> {
        match self {
            Value::Draw => None,
            other => Some(other.moves()),
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

    /// The distance to zeroing of a position of this value with `turn` to move, as Syzygy
    /// counts it: |DTZ| = DTM in plies − 1, except that a mate in one ply and a checkmated side
    /// have |DTZ| = 1; 0 for a draw. In KBNK every win ends in mate without a capture, so the
    /// zeroing the DTZ counts to is the mate itself, and Syzygy counts a mating move as 1 and a
    /// checkmated side as −1. The rule holds for every position of the table (`kbn-tb verify
    /// --syzygy` and the tests compare it with Syzygy's KBNvK files).
    ///
    /// # Examples
    ///
    /// ```
    /// use kbn_tb::{Dtz, Value};
    /// use shakmaty::Color;
    ///
    /// assert_eq!(Value::MateIn(4).dtz(Color::White), Dtz(6)); // 7 plies to mate
    /// assert_eq!(Value::MateIn(3).dtz(Color::Black), Dtz(-5)); // 6 plies to mate
    /// assert_eq!(Value::Mated.dtz(Color::Black), Dtz(-1));
    /// assert_eq!(Value::Draw.dtz(Color::White), Dtz(0));
    /// ```
    pub fn dtz(self, turn: Color) -> Dtz {
        let Some(plies) = self.plies(turn) else {
            return Dtz(0);
        };
        let magnitude = (i32::from(plies) - 1).max(1);
        Dtz(match turn {
            Color::White => magnitude,
            Color::Black => -magnitude,
        })
    }

    /// The depth to mate of a position of this value with `turn` to move, as the lichess
    /// tablebase API gives it: plies to mate, positive when the side to move mates, negative
    /// when it is mated; 0 for a draw; `None` for a checkmated side (the API keeps 0 for draws).
    ///
    /// # Examples
    ///
    /// ```
    /// use kbn_tb::{Dtm, Value};
    /// use shakmaty::Color;
    ///
    /// assert_eq!(Value::MateIn(4).dtm(Color::White), Some(Dtm(7)));
    /// assert_eq!(Value::MateIn(3).dtm(Color::Black), Some(Dtm(-6)));
    /// assert_eq!(Value::Draw.dtm(Color::Black), Some(Dtm(0)));
    /// assert_eq!(Value::Mated.dtm(Color::Black), None);
    /// ```
    pub fn dtm(self, turn: Color) -> Option<Dtm> {
        match self {
            Value::Draw => Some(Dtm(0)),
            Value::Mated => None,
            Value::MateIn(_) => {
                let plies = i32::from(self.plies(turn)?);
                Some(Dtm(match turn {
                    Color::White => plies,
                    Color::Black => -plies,
                }))
            }
        }
    }

    /// How good the value is for White: lower is better (a faster mate).
    pub(crate) fn white_rank(self) -> u16 {
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

/// Distance to zeroing in plies, signed for the side to move: positive when the side to move
/// wins, negative when it loses, 0 for a draw (Syzygy's DTZ, the lichess API's `dtz`). See
/// [`Value::dtz`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtz(pub i32);

/// Depth to mate in plies, signed for the side to move: positive when the side to move mates,
/// negative when it is mated, 0 for a draw (the lichess API's `dtm`). See [`Value::dtm`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtm(pub i32);

/// One slot of the table for one side to move: White mates in so many plies, there is no forced
/// mate, or the slot holds no legal position.
///
/// | entry | [`Entry::plies`] | [`Entry::value`] |
/// |---|---|---|
/// | [`Entry::mate`]`(n)`: White mates in `n` plies (0: Black is checkmated) | `Some(n)` | `Some(Value::from_plies(n))` |
/// | [`Entry::DRAW`]: no forced mate | `None` | `Some(Value::Draw)` |
/// | [`Entry::ABSENT`]: no legal position in the slot (pieces collide, a symmetric slot, the side not to move in check) | `None` | `None` |
///
/// Stored in one byte: `n + 1` for a mate in `n` plies (`n` ≤ [`Entry::MAX_PLIES`]), `0xFE`
/// absent, `0xFF` draw. The byte is never 0, so that generation's `Option<Entry>` (`None` for a
/// slot not decided yet) is one byte as well.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub(crate) struct Entry(NonZeroU8);

impl Entry {
    /// The longest mate an entry holds, in plies (KBNK needs at most 65).
    pub(crate) const MAX_PLIES: u8 = 0xFC;

    /// No forced mate.
    pub(crate) const DRAW: Entry = Entry::from_byte(0xFF);

    /// The slot holds no legal position.
    pub(crate) const ABSENT: Entry = Entry::from_byte(0xFE);

    /// Black is checkmated: a mate in 0 plies.
    pub(crate) const MATED: Entry = Entry::mate(0);

    const fn from_byte(byte: u8) -> Entry {
        match NonZeroU8::new(byte) {
            Some(byte) => Entry(byte),
            None => panic!("an entry's byte is never 0"),
        }
    }

    /// White mates in `plies` plies (0: Black is checkmated).
    ///
    /// # Panics
    ///
    /// When `plies` > [`Entry::MAX_PLIES`].
    #[inline]
    pub(crate) const fn mate(plies: u8) -> Entry {
        assert!(plies <= Entry::MAX_PLIES, "a mate too long for an entry");
        Entry::from_byte(plies + 1)
    }

    /// The plies to mate, or `None` for a draw or an absent position.
    #[inline]
    pub(crate) const fn plies(self) -> Option<u8> {
        let byte = self.0.get();
        if byte <= Entry::MAX_PLIES + 1 {
            Some(byte - 1)
        } else {
            None
        }
    }

    /// The value, or `None` when the slot holds no legal position.
    #[inline]
    pub(crate) fn value(self) -> Option<Value> {
        match self.plies() {
            Some(plies) => Some(Value::from_plies(plies)),
            None => (self == Entry::DRAW).then_some(Value::Draw),
        }
    }
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Entry({self})")
    }
}

impl fmt::Display for Entry {
    /// `N plies`, `draw` or `no position`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.plies(), *self == Entry::DRAW) {
            (Some(plies), _) => write!(f, "{plies} plies"),
            (None, true) => f.write_str("draw"),
            (None, false) => f.write_str("no position"),
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

    #[test]
    fn entries_round_trip_and_stay_one_byte() {
        for plies in 0..=Entry::MAX_PLIES {
            let entry = Entry::mate(plies);
            assert_eq!(entry.plies(), Some(plies));
            assert_eq!(entry.value(), Some(Value::from_plies(plies)));
        }
        assert_eq!(Entry::MATED.value(), Some(Value::Mated));
        assert_eq!(
            (Entry::DRAW.plies(), Entry::DRAW.value()),
            (None, Some(Value::Draw))
        );
        assert_eq!((Entry::ABSENT.plies(), Entry::ABSENT.value()), (None, None));
        assert_eq!(Entry::mate(9).to_string(), "9 plies");
        assert_eq!(Entry::DRAW.to_string(), "draw");
        assert_eq!(size_of::<Option<Entry>>(), 1);
    }
}
