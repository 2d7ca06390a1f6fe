//! The compact index of a KBNK position under the 8 symmetries of the pawnless board.
//!
//! A position (white king, bishop, knight, black king) is first turned by the one symmetry that
//! brings it into canonical form:
//!
//! 1. the white king into the triangle `a1-d1-d4` (mirror files, then ranks, then the diagonal);
//! 2. when the white king stands on the diagonal `a1-h8`, the first of black king, bishop, knight
//!    that is off the diagonal goes below it (rank < file), by a mirror in the diagonal.
//!
//! The 462 legal canonical king pairs are numbered in square order (white king, then black
//! king); the index is then
//!
//! ```text
//! index = kk * 4096 + bishop * 64 + knight     (squares a1 = 0, b1 = 1, ..., h8 = 63)
//! ```
//!
//! for 462 * 4096 = 1,892,352 slots per side to move. Slots whose squares collide, or that are not
//! in canonical form (both kings on the diagonal and the bishop or knight above it), hold no
//! position.

/// The number of legal king pairs in canonical form.
pub const KK_PAIRS: usize = 462;

/// The number of index slots per side to move.
pub const SLOTS: usize = KK_PAIRS * 64 * 64;

/// Placeholder in [`KK_INDEX`] for a king pair that is not canonical or not legal.
const NO_KK: u16 = u16::MAX;

/// Square index helpers on `u8` squares (a1 = 0, h8 = 63).
const fn file(sq: u8) -> u8 {
    sq & 7
}

const fn rank(sq: u8) -> u8 {
    sq >> 3
}

/// Whether two squares touch (or are the same square).
const fn touching(a: u8, b: u8) -> bool {
    file(a).abs_diff(file(b)) <= 1 && rank(a).abs_diff(rank(b)) <= 1
}

/// One of the 8 symmetries, as bits: 1 mirrors files (a↔h), 2 mirrors ranks (1↔8), 4 then mirrors
/// in the diagonal a1-h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Applies the symmetry to a square.
    #[inline]
    pub fn apply(self, sq: u8) -> u8 {
        APPLY[self.0 as usize][sq as usize]
    }

    /// The same computation as [`Symmetry::apply`], for building the tables.
    const fn apply_const(self, sq: u8) -> u8 {
        let mut sq = sq;
        if self.0 & 1 != 0 {
            sq ^= 7;
        }
        if self.0 & 2 != 0 {
            sq ^= 56;
        }
        if self.0 & 4 != 0 {
            sq = (file(sq) << 3) | rank(sq);
        }
        sq
    }

    /// The same symmetry followed by one more mirror in the diagonal.
    const fn then_transpose(self) -> Symmetry {
        Symmetry(self.0 ^ 4)
    }
}

/// Every square under every symmetry: `APPLY[symmetry][square]`.
static APPLY: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut sym = 0;
    while sym < 8 {
        let mut sq = 0;
        while sq < 64 {
            table[sym][sq] = Symmetry(sym as u8).apply_const(sq as u8);
            sq += 1;
        }
        sym += 1;
    }
    table
};

/// For each square of the white king, the symmetry that brings it into the triangle `a1-d1-d4`.
static WK_SYMMETRY: [Symmetry; 64] = {
    let mut table = [Symmetry(0); 64];
    let mut sq = 0u8;
    while sq < 64 {
        let mut bits = 0;
        if file(sq) > 3 {
            bits |= 1;
        }
        if rank(sq) > 3 {
            bits |= 2;
        }
        let flipped = Symmetry(bits).apply_const(sq);
        if rank(flipped) > file(flipped) {
            bits |= 4;
        }
        table[sq as usize] = Symmetry(bits);
        sq += 1;
    }
    table
};

/// Whether the white king square is in the triangle and the black king square is canonical for it.
const fn canonical_kings(wk: u8, bk: u8) -> bool {
    file(wk) <= 3 && rank(wk) <= file(wk) && (rank(wk) != file(wk) || rank(bk) <= file(bk))
}

/// The number of each canonical legal king pair, at `wk * 64 + bk`, or [`NO_KK`].
static KK_INDEX: [u16; 4096] = {
    let mut table = [NO_KK; 4096];
    let mut next = 0u16;
    let mut wk = 0u8;
    while wk < 64 {
        let mut bk = 0u8;
        while bk < 64 {
            if canonical_kings(wk, bk) && !touching(wk, bk) {
                table[wk as usize * 64 + bk as usize] = next;
                next += 1;
            }
            bk += 1;
        }
        wk += 1;
    }
    assert!(next as usize == KK_PAIRS);
    table
};

/// The squares of each numbered king pair: `(white king, black king)`.
static KK_SQUARES: [(u8, u8); KK_PAIRS] = {
    let mut table = [(0u8, 0u8); KK_PAIRS];
    let mut i = 0;
    while i < 4096 {
        let kk = KK_INDEX[i];
        if kk != NO_KK {
            table[kk as usize] = ((i / 64) as u8, (i % 64) as u8);
        }
        i += 1;
    }
    table
};

/// The squares of the four pieces, as `u8` squares (a1 = 0, h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Squares {
    /// The white king.
    pub wk: u8,
    /// The white bishop.
    pub bishop: u8,
    /// The white knight.
    pub knight: u8,
    /// The black king.
    pub bk: u8,
}

impl Squares {
    /// The squares after a symmetry.
    #[inline]
    pub fn transform(self, sym: Symmetry) -> Squares {
        Squares {
            wk: sym.apply(self.wk),
            bishop: sym.apply(self.bishop),
            knight: sym.apply(self.knight),
            bk: sym.apply(self.bk),
        }
    }

    /// The symmetry that brings these squares into canonical form.
    #[inline]
    pub fn canonical_symmetry(self) -> Symmetry {
        let sym = WK_SYMMETRY[self.wk as usize];
        let wk = sym.apply(self.wk);
        if rank(wk) != file(wk) {
            return sym;
        }
        for sq in [self.bk, self.bishop, self.knight] {
            let sq = sym.apply(sq);
            if rank(sq) != file(sq) {
                return if rank(sq) > file(sq) {
                    sym.then_transpose()
                } else {
                    sym
                };
            }
        }
        sym
    }

    /// The index slot of these squares, or `None` when the kings touch or stand on one square.
    /// Squares where the bishop or knight collide with another piece still get a slot (which holds
    /// no position); callers check distinctness first.
    #[inline]
    pub fn index(self) -> Option<usize> {
        let sym = self.canonical_symmetry();
        let c = if sym == Symmetry(0) {
            self
        } else {
            self.transform(sym)
        };
        let kk = KK_INDEX[c.wk as usize * 64 + c.bk as usize];
        (kk != NO_KK).then(|| kk as usize * 4096 + c.bishop as usize * 64 + c.knight as usize)
    }

    /// The canonical squares stored at an index slot (which may hold no position: see
    /// [`Squares::is_canonical`] and [`Squares::distinct`]).
    ///
    /// # Panics
    ///
    /// When `index >= SLOTS`.
    #[inline]
    pub fn from_index(index: usize) -> Squares {
        let (wk, bk) = KK_SQUARES[index / 4096];
        Squares {
            wk,
            bishop: ((index / 64) % 64) as u8,
            knight: (index % 64) as u8,
            bk,
        }
    }

    /// Whether the four squares are distinct.
    #[inline]
    pub const fn distinct(self) -> bool {
        let [a, b, c, d] = [self.wk, self.bishop, self.knight, self.bk];
        a != b && a != c && a != d && b != c && b != d && c != d
    }

    /// Whether the kings stand apart (not on one square, not touching).
    #[inline]
    pub const fn kings_apart(self) -> bool {
        !touching(self.wk, self.bk)
    }

    /// Whether the squares are in canonical form (so that their slot is the one that holds them).
    pub fn is_canonical(self) -> bool {
        self.canonical_symmetry() == Symmetry(0) && canonical_kings(self.wk, self.bk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_round_trips() {
        let mut holding = 0;
        for index in 0..SLOTS {
            let sq = Squares::from_index(index);
            if sq.is_canonical() {
                assert_eq!(sq.index(), Some(index), "{sq:?}");
                holding += 1;
            }
        }
        // 462 king pairs times 64 * 64 placements, less the non-canonical ones with both kings on
        // the diagonal.
        assert!(holding > SLOTS * 9 / 10);
    }

    #[test]
    fn symmetric_positions_share_a_slot() {
        let sq = Squares {
            wk: 12,
            bishop: 40,
            knight: 3,
            bk: 63,
        };
        let index = sq.index();
        assert!(index.is_some());
        for bits in 0..8 {
            assert_eq!(sq.transform(Symmetry(bits)).index(), index);
        }
    }
}
