//! Attack sets on the 7x7 board as 49-bit masks, for the generator: one piece's, and a whole
//! set's at once (the union of its squares' attack sets, by shifting the set).

use small_board::{Bitboard, Color, Piece, Role, Square, attacks};

/// The squares `piece` on `from` attacks (a pawn: its diagonal captures).
#[inline]
pub(super) fn attack_set(piece: Piece, from: Square, occupied: u64) -> u64 {
    let occ = Bitboard(occupied);
    match piece.role {
        Role::King => attacks::king_attacks(from).0,
        Role::Knight => attacks::knight_attacks(from).0,
        Role::Rook => attacks::rook_attacks(from, occ).0,
        Role::Bishop => attacks::bishop_attacks(from, occ).0,
        Role::Queen => attacks::queen_attacks(from, occ).0,
        Role::Pawn => attacks::pawn_attacks(piece.color, from).0,
    }
}

const FILE_A: u64 = 0x0000_0408_1020_4081;
const FILE_G: u64 = FILE_A << 6;
const FULL: u64 = (1 << 49) - 1;

/// One step of each direction on the 7-wide board, edges masked: north, south, east, west,
/// north-east, north-west, south-east, south-west.
const STEPS: [fn(u64) -> u64; 8] = [
    |b| (b << 7) & FULL,
    |b| b >> 7,
    |b| (b << 1) & !FILE_A & FULL,
    |b| (b >> 1) & !FILE_G,
    |b| (b << 8) & !FILE_A & FULL,
    |b| (b << 6) & !FILE_G & FULL,
    |b| (b >> 6) & !FILE_A,
    |b| (b >> 8) & !FILE_G,
];

/// The squares attacked by a piece of `role` standing on any square of `set`, with `occupied`
/// as the blockers: the union of the attack sets, by shifting whole sets.
pub(super) fn dilate(role: Role, set: u64, occupied: u64) -> u64 {
    let slide = |dirs: &[usize]| {
        let empty = !occupied;
        let mut out = 0;
        for &d in dirs {
            let step = STEPS[d];
            let mut reach = set;
            for _ in 0..6 {
                reach |= step(reach) & empty;
            }
            out |= step(reach);
        }
        out
    };
    match role {
        Role::King => STEPS.iter().fold(0, |out, step| out | step(set)),
        Role::Knight => {
            let (n, s, e, w) = (STEPS[0], STEPS[1], STEPS[2], STEPS[3]);
            let (nn, ss, ee, ww) = (n(n(set)), s(s(set)), e(e(set)), w(w(set)));
            e(nn) | w(nn) | e(ss) | w(ss) | n(ee) | s(ee) | n(ww) | s(ww)
        }
        Role::Rook => slide(&[0, 1, 2, 3]),
        Role::Bishop => slide(&[4, 5, 6, 7]),
        Role::Queen => slide(&[0, 1, 2, 3, 4, 5, 6, 7]),
        Role::Pawn => {
            Bitboard(set).fold(0, |out, sq| out | attacks::pawn_attacks(Color::White, sq).0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dilation_is_the_union_of_attack_sets() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed & seed.rotate_left(23) & FULL;
            let set = seed.rotate_left(31) & seed.rotate_left(7) & FULL & !occupied;
            for role in [
                Role::King,
                Role::Knight,
                Role::Rook,
                Role::Bishop,
                Role::Queen,
            ] {
                let piece = Piece {
                    color: Color::White,
                    role,
                };
                let want = Bitboard(set).fold(0, |out, sq| out | attack_set(piece, sq, occupied));
                assert_eq!(dilate(role, set, occupied), want, "{role:?}");
            }
        }
    }
}
