//! Retrograde generation of the depth-to-mate values, breadth first from the checkmates.
//!
//! Values are plies to mate, as in the table ([`crate::table`]): a checkmated Black is 0, White
//! to move and mating at once is 1. Each round takes the Black-to-move positions lost in `d`
//! plies, un-moves a white piece to find the White-to-move positions that now win in `d + 1`
//! (if they had no faster win), then un-moves the black king from those to find the Black-to-move
//! positions whose every move now leads to a known White win: they are lost in `d + 2` (the
//! longest of their moves was won last, in `d + 1`).
//! Positions never reached are draws.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;
use shakmaty::{Bitboard, attacks};

use crate::{
    index::{KK_PAIRS, SLOTS, Squares},
    table::{DRAW, NONE},
};

/// A slot whose value is not known yet (during generation only).
const UNKNOWN: u8 = 0xFD;

/// A square as a shakmaty square.
#[inline]
fn square(sq: u8) -> shakmaty::Square {
    shakmaty::Square::new(u32::from(sq))
}

/// A square as a bitboard.
#[inline]
fn bb(sq: u8) -> Bitboard {
    Bitboard::from_square(square(sq))
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
    let moves = attacks::king_attacks(square(p.bk)) & !white_attacks(p);
    moves.intersects(bb(p.bishop) | bb(p.knight))
}

/// The Black-to-move positions after each legal White move from `p` (a legal White-to-move
/// position), as index slots.
pub(crate) fn white_children(p: Squares) -> impl Iterator<Item = usize> {
    let occupied = bb(p.wk) | bb(p.bishop) | bb(p.knight) | bb(p.bk);
    let king =
        (attacks::king_attacks(square(p.wk)) & !occupied & !attacks::king_attacks(square(p.bk)))
            .into_iter()
            .map(move |to| Squares { wk: to as u8, ..p });
    let bishop = (attacks::bishop_attacks(square(p.bishop), occupied) & !occupied)
        .into_iter()
        .map(move |to| Squares {
            bishop: to as u8,
            ..p
        });
    let knight = (attacks::knight_attacks(square(p.knight)) & !occupied)
        .into_iter()
        .map(move |to| Squares {
            knight: to as u8,
            ..p
        });
    king.chain(bishop).chain(knight).filter_map(Squares::index)
}

/// What the side to move faces before any search.
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
    let attacked = white_attacks(p);
    let moves = attacks::king_attacks(square(p.bk)) & !attacked;
    if moves.intersects(bb(p.bishop) | bb(p.knight)) {
        BlackOutlook::Draw
    } else if moves.is_empty() {
        if attacked.contains(square(p.bk)) {
            BlackOutlook::Mated
        } else {
            BlackOutlook::Draw
        }
    } else {
        BlackOutlook::Moves(moves)
    }
}

/// The value of a legal Black-to-move position whose king has the non-capturing `moves`, from
/// the White-to-move values: the longest White win plus one, or `None` while a move leads to a
/// position not (yet) known to be won.
#[inline]
pub(crate) fn black_value_from(p: Squares, moves: Bitboard, white: &[u8]) -> Option<u8> {
    let mut worst = 0;
    for to in moves {
        let child = Squares { bk: to as u8, ..p };
        // Every child is a legal White-to-move position, so it has a slot.
        let value = white[child.index()?];
        if value >= UNKNOWN {
            return None;
        }
        worst = worst.max(value);
    }
    Some(worst + 1)
}

/// The White-to-move positions one white un-move before `p` (a Black-to-move position), each
/// legal (the black king not in check), as index slots.
fn white_predecessors(p: Squares, mut found: impl FnMut(usize)) {
    let occupied = bb(p.wk) | bb(p.bishop) | bb(p.knight) | bb(p.bk);
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
fn black_predecessors(p: Squares, mut found: impl FnMut(usize)) {
    let occupied = bb(p.wk) | bb(p.bishop) | bb(p.knight) | bb(p.bk);
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

/// The initial value of a slot with White to move and with Black to move: [`NONE`] for no
/// legal position, 0 for a checkmate, [`DRAW`] for a capture or stalemate, else [`UNKNOWN`].
fn initial(index: usize) -> (u8, u8) {
    let p = Squares::from_index(index);
    if !p.is_canonical() || !p.distinct() {
        return (NONE, NONE);
    }
    let white = if black_in_check(p) { NONE } else { UNKNOWN };
    let black = match black_outlook(p) {
        BlackOutlook::Mated => 0,
        BlackOutlook::Draw => DRAW,
        BlackOutlook::Moves(_) => UNKNOWN,
    };
    (white, black)
}

/// Both sides' values for every slot: plies to mate, [`DRAW`] or [`NONE`].
///
/// A Black position is lost once every White position it can move to is won. Rather than
/// re-checking its moves each time one of them is won, each undecided Black slot counts the
/// black-king un-moves that lead to it from White slots (the events that will fire when those
/// White positions are won, counted by the same generator, so symmetric positions need no special
/// case); it is lost when its count reaches zero. Each half-round finds its candidates in
/// parallel, reading values only, then writes them in one pass.
pub(crate) fn generate() -> (Vec<u8>, Vec<u8>) {
    let mut white = vec![NONE; SLOTS];
    let mut black = vec![NONE; SLOTS];
    /// Slots or frontier entries per parallel task.
    const CHUNK: usize = 4096;
    white
        .par_chunks_mut(CHUNK)
        .zip(black.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(chunk, (white, black))| {
            for (offset, (w, b)) in white.iter_mut().zip(black.iter_mut()).enumerate() {
                (*w, *b) = initial(chunk * CHUNK + offset);
            }
        });
    // Pending White wins per undecided Black slot (at most 8 moves, each counted at most twice).
    let pending: Vec<AtomicU8> = (0..SLOTS).map(|_| AtomicU8::new(0)).collect();
    (0..SLOTS).into_par_iter().for_each(|index| {
        if white[index] == UNKNOWN {
            black_predecessors(Squares::from_index(index), |parent| {
                if black[parent] == UNKNOWN {
                    pending[parent].fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let mut frontier: Vec<u32> = (0..SLOTS as u32)
        .into_par_iter()
        .filter(|&index| black[index as usize] == 0)
        .collect();

    let mut plies = 0u8;
    while !frontier.is_empty() {
        // White to move, winning in `plies + 1`: every unknown White predecessor.
        let candidates: Vec<u32> = frontier
            .par_chunks(CHUNK)
            .flat_map_iter(|chunk| {
                let mut found = Vec::new();
                for &index in chunk {
                    white_predecessors(Squares::from_index(index as usize), |parent| {
                        if white[parent] == UNKNOWN {
                            found.push(parent as u32);
                        }
                    });
                }
                found
            })
            .collect();
        let mut wins = Vec::with_capacity(candidates.len());
        for parent in candidates {
            let slot = &mut white[parent as usize];
            if *slot == UNKNOWN {
                *slot = plies + 1;
                wins.push(parent);
            }
        }
        // Black to move, the last pending move now won too: lost in `plies + 2`.
        let black_ref = &black;
        let pending_ref = &pending;
        frontier = wins
            .par_chunks(CHUNK)
            .flat_map_iter(|chunk| {
                let mut lost = Vec::new();
                for &index in chunk {
                    black_predecessors(Squares::from_index(index as usize), |parent| {
                        if black_ref[parent] == UNKNOWN
                            && pending_ref[parent].fetch_sub(1, Ordering::Relaxed) == 1
                        {
                            lost.push(parent as u32);
                        }
                    });
                }
                lost
            })
            .collect();
        for &parent in &frontier {
            black[parent as usize] = plies + 2;
        }
        plies += 2;
    }

    for value in white.iter_mut().chain(black.iter_mut()) {
        if *value == UNKNOWN {
            *value = DRAW;
        }
    }
    (white, black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_legal_slots_are_the_legal_slots() {
        let slow: Vec<usize> = (0..SLOTS).filter(|&i| white_legal(i)).collect();
        let fast: Vec<usize> = white_legal_slots().collect();
        assert_eq!(fast.len(), slow.len());
        assert!(fast == slow);
    }
}
