//! The rules of KBNK on index squares ([`Squares`]): attacks, check, legality, and the moves and
//! un-moves of every piece, over shakmaty's bitboard attacks. Generation, probing, statistics and
//! verification all ask these functions, so they share one reading of the rules.
//!
//! Black has only a king, and White's pieces never capture (the table holds no position with a
//! piece missing), so a move is a king step, a bishop slide or a knight jump to an empty square;
//! Black's king may take an undefended bishop or knight, which leaves the table (a draw by rule).

use shakmaty::{Bitboard, Role, attacks};

use crate::index::{KK_PAIRS, Squares};

/// A square as a shakmaty square.
#[inline]
pub(crate) fn square(sq: u8) -> shakmaty::Square {
    shakmaty::Square::new(u32::from(sq))
}

/// A square as a bitboard.
#[inline]
fn bb(sq: u8) -> Bitboard {
    Bitboard::from_square(square(sq))
}

/// The four pieces' squares.
#[inline]
fn occupied(p: Squares) -> Bitboard {
    bb(p.wk) | bb(p.bishop) | bb(p.knight) | bb(p.bk)
}

/// The squares White attacks, seen by the black king (which does not block the bishop's rays).
#[inline]
pub(crate) fn white_attacks(p: Squares) -> Bitboard {
    attacks::king_attacks(square(p.wk))
        | attacks::knight_attacks(square(p.knight))
        | attacks::bishop_attacks(square(p.bishop), bb(p.wk) | bb(p.knight))
}

/// Whether the black king is in check.
#[inline]
pub(crate) fn black_in_check(p: Squares) -> bool {
    white_attacks(p).contains(square(p.bk))
}

/// Whether an index slot holds a legal White-to-move position.
#[inline]
pub(crate) fn white_legal(index: usize) -> bool {
    let p = Squares::from_index(index);
    p.is_canonical() && p.distinct() && !black_in_check(p)
}

/// The index slots of every legal White-to-move position, in order: the same slots as
/// [`white_legal`], found with a few bitboard operations per slot (the table file is read and
/// written in this order).
pub(crate) fn white_legal_slots() -> impl Iterator<Item = usize> {
    (0..KK_PAIRS).flat_map(|kk| {
        let Squares { wk, bk, .. } = Squares::from_index(kk * 4096);
        let kings = bb(wk) | bb(bk);
        // Knight squares that check the black king; bishop squares that see it past the white
        // king (the knight may still block: checked per pair).
        let knight_checks = attacks::knight_attacks(square(bk));
        let bishop_sees = attacks::bishop_attacks(square(bk), bb(wk));
        let diagonal = |sq: u8| sq.is_multiple_of(9);
        let below = |sq: u8| sq >> 3 < (sq & 7);
        let both_on_diagonal = diagonal(wk) && diagonal(bk);
        (0..64u8).flat_map(move |bishop| {
            (0..64u8).filter_map(move |knight| {
                let pieces = bb(bishop) | bb(knight);
                let collide = bishop == knight || kings.intersects(pieces);
                let check = knight_checks.contains(square(knight))
                    || (bishop_sees.contains(square(bishop))
                        && !attacks::between(square(bishop), square(bk)).contains(square(knight)));
                // With both kings on the diagonal, the bishop (or, on the diagonal too, the
                // knight) must stand on or below it.
                let canonical = !both_on_diagonal
                    || below(bishop)
                    || (diagonal(bishop) && (below(knight) || diagonal(knight)));
                (!collide && !check && canonical)
                    .then_some(kk * 4096 + usize::from(bishop) * 64 + usize::from(knight))
            })
        })
    })
}

/// Whether an index slot holds a legal Black-to-move position.
#[inline]
pub(crate) fn black_legal(index: usize) -> bool {
    let p = Squares::from_index(index);
    p.is_canonical() && p.distinct()
}

/// Whether the black king can take the bishop or the knight.
#[inline]
pub(crate) fn black_can_capture(p: Squares) -> bool {
    black_king_moves(p).intersects(bb(p.bishop) | bb(p.knight))
}

/// What Black, to move, faces before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BlackOutlook {
    /// Checkmated.
    Mated,
    /// Stalemate, or a piece can be taken: a draw whatever follows.
    Draw,
    /// The black king has these moves, none a capture.
    Moves(Bitboard),
}

/// The outlook of a legal Black-to-move position.
#[inline]
pub(crate) fn black_outlook(p: Squares) -> BlackOutlook {
    let moves = black_king_moves(p);
    if moves.intersects(bb(p.bishop) | bb(p.knight)) {
        BlackOutlook::Draw
    } else if moves.is_empty() {
        if black_in_check(p) {
            BlackOutlook::Mated
        } else {
            BlackOutlook::Draw
        }
    } else {
        BlackOutlook::Moves(moves)
    }
}

/// The positions after each of the black king's non-capturing `moves` (from
/// [`BlackOutlook::Moves`]) in `p`, as index slots: legal White-to-move positions.
#[inline]
pub(crate) fn black_children(p: Squares, moves: Bitboard) -> impl Iterator<Item = usize> {
    moves
        .into_iter()
        .filter_map(move |to| Squares { bk: to as u8, ..p }.index())
}

/// The squares the black king can move to in `p` (Black to move), captures included.
#[inline]
pub(crate) fn black_king_moves(p: Squares) -> Bitboard {
    attacks::king_attacks(square(p.bk)) & !white_attacks(p)
}

/// Every legal White move in `p` (a legal White-to-move position): the piece moved and the
/// squares after it, a Black-to-move position. White's pieces never capture.
pub(crate) fn white_moves(p: Squares) -> impl Iterator<Item = (Role, Squares)> {
    let occupied = occupied(p);
    let king =
        (attacks::king_attacks(square(p.wk)) & !occupied & !attacks::king_attacks(square(p.bk)))
            .into_iter()
            .map(move |to| (Role::King, Squares { wk: to as u8, ..p }));
    let bishop = (attacks::bishop_attacks(square(p.bishop), occupied) & !occupied)
        .into_iter()
        .map(move |to| {
            let after = Squares {
                bishop: to as u8,
                ..p
            };
            (Role::Bishop, after)
        });
    let knight = (attacks::knight_attacks(square(p.knight)) & !occupied)
        .into_iter()
        .map(move |to| {
            let after = Squares {
                knight: to as u8,
                ..p
            };
            (Role::Knight, after)
        });
    king.chain(bishop).chain(knight)
}

/// The Black-to-move positions after each legal White move from `p` (a legal White-to-move
/// position), as index slots.
pub(crate) fn white_children(p: Squares) -> impl Iterator<Item = usize> {
    white_moves(p).filter_map(|(_, after)| after.index())
}

/// The White-to-move positions one white un-move before `p` (a Black-to-move position), each
/// legal (the black king not in check), as index slots. The mirror of [`white_children`].
pub(crate) fn white_predecessors(p: Squares, mut found: impl FnMut(usize)) {
    let occupied = occupied(p);
    let mut consider = |parent: Squares| {
        if !black_in_check(parent)
            && let Some(index) = parent.index()
        {
            found(index);
        }
    };
    let king_from =
        attacks::king_attacks(square(p.wk)) & !occupied & !attacks::king_attacks(square(p.bk));
    for from in king_from {
        consider(Squares {
            wk: from as u8,
            ..p
        });
    }
    for from in attacks::bishop_attacks(square(p.bishop), occupied) & !occupied {
        consider(Squares {
            bishop: from as u8,
            ..p
        });
    }
    for from in attacks::knight_attacks(square(p.knight)) & !occupied {
        consider(Squares {
            knight: from as u8,
            ..p
        });
    }
}

/// The Black-to-move positions one black king un-move before `p` (a White-to-move position),
/// as index slots. No uncaptures: a capture would leave the table's material.
pub(crate) fn black_predecessors(p: Squares, mut found: impl FnMut(usize)) {
    let occupied = occupied(p);
    let from_squares =
        attacks::king_attacks(square(p.bk)) & !occupied & !attacks::king_attacks(square(p.wk));
    for from in from_squares {
        if let Some(index) = (Squares {
            bk: from as u8,
            ..p
        })
        .index()
        {
            found(index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::SLOTS;

    #[test]
    fn the_fast_legal_slots_are_the_legal_slots() {
        let slow: Vec<usize> = (0..SLOTS).filter(|&i| white_legal(i)).collect();
        let fast: Vec<usize> = white_legal_slots().collect();
        assert_eq!(fast.len(), slow.len());
        assert!(fast == slow);
    }
}
