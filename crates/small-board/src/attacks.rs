//! Attack tables, computed at compile time, and the sliding-piece attacks built on them.
//!
//! | table | entry |
//! |---|---|
//! | `KNIGHT[sq]`, `KING[sq]` | the squares a knight / king on `sq` attacks |
//! | `PAWN[color][sq]` | the squares a pawn of `color` on `sq` attacks (diagonally forward) |
//! | `RAYS[dir][sq]` | the squares from `sq` (exclusive) to the edge in direction `dir` |
//! | `BETWEEN[a][b]` | the squares strictly between `a` and `b` when they share a line, else empty |
//! | `LINE[a][b]` | the whole line (edge to edge) through `a` and `b` when they share one, else empty |
//!
//! Sliders use the classical ray method: along each ray, the first blocker's own ray beyond it is
//! removed. Rays towards higher indices find the first blocker with `trailing_zeros`, the others
//! with `leading_zeros`; a sentinel bit (63, or 0 = `a1`, whose ray in those directions is empty)
//! keeps the lookup branch-free. Tables have 64 entries so that the sentinel index is valid.

use crate::{
    bitboard::Bitboard,
    types::{Color, Square},
};

/// Directions as (file step, rank step). The first four increase the square index, the last four
/// decrease it.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),   // north, +7
    (1, 0),   // east, +1
    (1, 1),   // north-east, +8
    (-1, 1),  // north-west, +6
    (0, -1),  // south, -7
    (-1, 0),  // west, -1
    (-1, -1), // south-west, -8
    (1, -1),  // south-east, -6
];

const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

const fn square(index: usize) -> Square {
    match Square::new(index as u32) {
        Some(sq) => sq,
        None => panic!("square index out of range"),
    }
}

/// The squares reached from each square by one of the given single steps.
const fn step_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut i = 0;
    while i < 49 {
        let mut k = 0;
        while k < steps.len() {
            if let Some(to) = square(i).offset(steps[k].0, steps[k].1) {
                table[i] |= 1 << to.index();
            }
            k += 1;
        }
        i += 1;
    }
    table
}

/// Knight attacks by square.
static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// King attacks by square.
static KING: [u64; 64] = step_table(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);

/// Pawn attacks by colour (White, Black) and square.
static PAWN: [[u64; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

/// The ray from a square (exclusive) to the edge, by direction and square.
static RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 49 {
            let mut sq = square(i);
            while let Some(next) = sq.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                rays[d][i] |= 1 << next.index();
                sq = next;
            }
            i += 1;
        }
        d += 1;
    }
    rays
};

/// Squares strictly between two squares on a common line, else empty.
static BETWEEN: [[u64; 49]; 49] = {
    let mut table = [[0; 49]; 49];
    let mut a = 0;
    while a < 49 {
        let mut d = 0;
        while d < 8 {
            let mut between = 0;
            let mut sq = square(a);
            while let Some(next) = sq.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                table[a][next.index()] = between;
                between |= 1 << next.index();
                sq = next;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// The full line through two squares on a common line (both included), else empty.
static LINE: [[u64; 49]; 49] = {
    let mut table = [[0; 49]; 49];
    let mut a = 0;
    while a < 49 {
        let mut d = 0;
        while d < 4 {
            // Direction d and its opposite d + 4 make one line.
            let line = RAYS[d][a] | RAYS[d + 4][a] | 1 << a;
            let mut rest = RAYS[d][a] | RAYS[d + 4][a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                table[a][b] = line;
                rest &= rest - 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color as usize][sq.index()])
}

#[inline(always)]
fn slide(sq: Square, occupied: Bitboard, dirs: [usize; 4]) -> Bitboard {
    let mut attacks = 0;
    for d in dirs {
        let ray = RAYS[d][sq.index()];
        let blockers = ray & occupied.0;
        let first = if d < 4 {
            (blockers | 1 << 63).trailing_zeros()
        } else {
            63 - (blockers | 1).leading_zeros()
        };
        attacks |= ray ^ RAYS[d][first as usize];
    }
    Bitboard(attacks)
}

/// Squares a rook on `sq` attacks when `occupied` holds the pieces.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, occupied, ROOK_DIRS)
}

/// Squares a bishop on `sq` attacks when `occupied` holds the pieces.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, occupied, BISHOP_DIRS)
}

/// Squares a queen on `sq` attacks when `occupied` holds the pieces.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Rook moves from `sq` on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    rook_attacks(sq, Bitboard::EMPTY)
}

/// Bishop moves from `sq` on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    bishop_attacks(sq, Bitboard::EMPTY)
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole rank, file or diagonal through `a` and `b` (edge to edge), or empty when they share
/// none (or are the same square).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slider attacks by walking the board square by square.
    fn slow_slide(sq: Square, occupied: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut attacks = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                attacks.add(next);
                if occupied.contains(next) {
                    break;
                }
                cur = next;
            }
        }
        attacks
    }

    #[test]
    fn sliders_match_a_walk() {
        let mut state = 7;
        for _ in 0..2000 {
            let seed;
            (state, seed) = crate::mix::splitmix64(state);
            let occupied = Bitboard(seed & seed.rotate_left(17)) & Bitboard::FULL;
            for sq in Square::all() {
                assert_eq!(
                    rook_attacks(sq, occupied),
                    slow_slide(sq, occupied, &[(0, 1), (1, 0), (0, -1), (-1, 0)])
                );
                assert_eq!(
                    bishop_attacks(sq, occupied),
                    slow_slide(sq, occupied, &[(1, 1), (-1, 1), (-1, -1), (1, -1)])
                );
            }
        }
    }

    #[test]
    fn step_tables() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::G7).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::C6),
            Bitboard::from_square(Square::B7) | Bitboard::from_square(Square::D7)
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A2),
            Bitboard::from_square(Square::B1)
        );
        assert_eq!(pawn_attacks(Color::White, Square::A7), Bitboard::EMPTY);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::A1, Square::D4).count(), 2);
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::B2).count(), 7);
        assert_eq!(line(Square::A7, Square::B6).count(), 7);
        assert_eq!(
            line(Square::C1, Square::C5),
            Bitboard::from_file(crate::File::C)
        );
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
    }
}
