//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard check of
//! a move generator against another engine.

use crate::{
    moves::{Move, MoveList},
    position::Position,
};

/// The number of move sequences of exactly `depth` plies from `pos` (1 at depth 0). The last ply
/// is counted without generating its moves.
///
/// # Examples
///
/// ```
/// use small_board::{Position, perft};
///
/// let pos: Position = "5k1/2P2r1/3K3/7/5R1/7/7 w".parse()?;
/// assert_eq!(perft(&pos, 0), 1);
/// assert_eq!(perft(&pos, 1), pos.legal_moves().len() as u64);
/// # Ok::<_, small_board::FenError>(())
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            moves.iter().map(|&m| perft(&pos.play(m), depth - 1)).sum()
        }
    }
}

/// The perft of each legal move at `depth - 1`, sorted by the moves' UCI text; empty at depth 0.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut rows: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.play(m), depth - 1)))
        .collect();
    rows.sort_by_cached_key(|(m, _)| m.to_string());
    rows
}
