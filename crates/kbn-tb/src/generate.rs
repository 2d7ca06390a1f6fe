//! Retrograde generation of the depth-to-mate values, breadth first from the checkmates.
//!
//! Values are plies to mate ([`Entry`]): a checkmated Black is 0, White to move and mating at
//! once is 1. Each round takes the Black-to-move positions lost in `d` plies, un-moves a white
//! piece to find the White-to-move positions that now win in `d + 1` (if they had no faster win),
//! then un-moves the black king from those to find the Black-to-move positions whose every move
//! now leads to a known White win: they are lost in `d + 2` (the longest of their moves was won
//! last, in `d + 1`). Positions never reached are draws.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use crate::{
    index::{SLOTS, Squares},
    rules::{self, BlackOutlook},
    value::Entry,
};

/// A slot during generation: `None` while its value is not known yet.
type Slot = Option<Entry>;

/// The initial slots of an index with White to move and with Black to move: absent for no legal
/// position, a mate in 0 for a checkmate, a draw for a capture or stalemate, else undecided.
fn initial(index: usize) -> (Slot, Slot) {
    let p = Squares::from_index(index);
    if !p.is_canonical() || !p.distinct() {
        return (Some(Entry::ABSENT), Some(Entry::ABSENT));
    }
    let white = if rules::black_in_check(p) {
        Some(Entry::ABSENT)
    } else {
        None
    };
    let black = match rules::black_outlook(p) {
        BlackOutlook::Mated => Some(Entry::MATED),
        BlackOutlook::Draw => Some(Entry::DRAW),
        BlackOutlook::Moves(_) => None,
    };
    (white, black)
}

/// The White-to-move entry of every slot: plies to mate, [`Entry::DRAW`] or [`Entry::ABSENT`].
///
/// A Black position is lost once every White position it can move to is won. Rather than
/// re-checking its moves each time one of them is won, each undecided Black slot counts the
/// black-king un-moves that lead to it from White slots (the events that will fire when those
/// White positions are won, counted by the same generator, so symmetric positions need no special
/// case); it is lost when its count reaches zero. Each half-round finds its candidates in
/// parallel, reading values only, then writes them in one pass.
pub(crate) fn generate() -> Vec<Entry> {
    let mut white: Vec<Slot> = vec![None; SLOTS];
    let mut black: Vec<Slot> = vec![None; SLOTS];
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
        if white[index].is_none() {
            rules::black_predecessors(Squares::from_index(index), |parent| {
                if black[parent].is_none() {
                    pending[parent].fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let mut frontier: Vec<u32> = (0..SLOTS as u32)
        .into_par_iter()
        .filter(|&index| black[index as usize] == Some(Entry::MATED))
        .collect();

    let mut plies = 0u8;
    while !frontier.is_empty() {
        // White to move, winning in `plies + 1`: every undecided White predecessor.
        let candidates: Vec<u32> = frontier
            .par_chunks(CHUNK)
            .flat_map_iter(|chunk| {
                let mut found = Vec::new();
                for &index in chunk {
                    rules::white_predecessors(Squares::from_index(index as usize), |parent| {
                        if white[parent].is_none() {
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
            if slot.is_none() {
                *slot = Some(Entry::mate(plies + 1));
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
                    rules::black_predecessors(Squares::from_index(index as usize), |parent| {
                        if black_ref[parent].is_none()
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
            black[parent as usize] = Some(Entry::mate(plies + 2));
        }
        plies += 2;
    }

    // Never reached: no forced mate.
    white
        .into_iter()
        .map(|slot| slot.unwrap_or(Entry::DRAW))
        .collect()
}
