//! [`Bitboard`]: a set of squares as the low 49 bits of a `u64` (bit `i` is square `i`).

use std::{fmt, ops};

use crate::types::{File, Rank, Square};

/// A set of squares: bit `i` of the `u64` is the square with index `i` (`a1` = bit 0, `g7` = bit
/// 48). Bits 49..64 are always zero.
///
/// # Examples
///
/// ```
/// use small_board::{Bitboard, File, Rank, Square};
///
/// let corner = Bitboard::from_file(File::A) & Bitboard::from_rank(Rank::Seventh);
/// assert_eq!(corner.single_square(), Some(Square::A7));
/// let squares: Vec<Square> = (corner | Bitboard::from_square(Square::B1)).collect();
/// assert_eq!(squares, [Square::B1, Square::A7]);
/// assert_eq!((!Bitboard::EMPTY).count(), 49);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 49 squares.
    pub const FULL: Bitboard = Bitboard((1 << 49) - 1);

    /// The set holding only `sq`.
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The seven squares of `rank`.
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0x7f << (7 * rank.index()))
    }

    /// The seven squares of `file`.
    pub const fn from_file(file: File) -> Bitboard {
        // a1, a2, ..., a7: every 7th bit.
        Bitboard(0x0408_1020_4081 << file.index())
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// How many squares the set holds.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    pub const fn first(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros())
    }

    /// The highest square, if any.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(63 - self.0.leading_zeros())
        }
    }

    /// The only square, if the set has exactly one.
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Adds `sq`.
    pub const fn add(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    pub const fn discard(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Toggles `sq`.
    pub const fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq.index();
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl ops::$trait for Bitboard {
            type Output = Bitboard;
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl ops::$assign_trait for Bitboard {
            fn $assign(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl ops::Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 49 squares.
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Debug for Bitboard {
    /// The board as seven lines of `1` and `.`, rank 7 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::from_coords(file, *rank)) {
                    '1'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_ranks() {
        assert_eq!(Bitboard::from_file(File::A).count(), 7);
        assert!(Bitboard::from_file(File::G).contains(Square::G7));
        assert!(Bitboard::from_file(File::G).contains(Square::G1));
        assert_eq!(
            File::ALL
                .iter()
                .fold(Bitboard::EMPTY, |b, f| b | Bitboard::from_file(*f)),
            Bitboard::FULL
        );
        assert_eq!(
            Rank::ALL
                .iter()
                .fold(Bitboard::EMPTY, |b, r| b | Bitboard::from_rank(*r)),
            Bitboard::FULL
        );
        let squares: Vec<Square> = Bitboard::from_rank(Rank::Seventh).collect();
        assert_eq!(squares.first(), Some(&Square::A7));
        assert_eq!(Bitboard::from_rank(Rank::Second).last(), Some(Square::G2));
    }
}
