//! A proof without history that Black's draw goal fails: White keeps the game going while
//! moving along a fixed order of its placements, so no position can occur a third time.
//!
//! Within a repetition segment (the positions since the last capture or pawn move) White's
//! placement changes only by White's moves. Merge the segment's equal neighbouring placements:
//! a position of the segment occurs at most as often as its White placement in that sequence
//! (each element of it stands for one position with Black to move and one with White to move).
//! So if no placement occurs three times in it, no position occurs three times.
//!
//! White makes sure of it by keeping to an order of its placements ([`rank`]: the king's square
//! first, then the other pieces'): every move goes to a higher placement than the one before,
//! but for at most one move in the segment (a *drop*). The sequence is then one increasing run,
//! a drop and another increasing run, each holding a placement at most once. A capture or a pawn
//! move starts a new segment with a new drop.
//!
//! So whether White, keeping to the order with `drops` left, can keep every position of the next
//! k plies free of a stalemate, a dead position and Black's mate depends on the position, k and
//! the drops alone: a search whose entries the transposition table keeps like any other
//! (monotone in k). Where it succeeds Black's draw goal fails, whatever the history, as long as
//! White's moves in the segment so far kept to the order ([`drops_left`]); where it fails,
//! nothing is proved. While the drop is still there the segment's positions all differ, so
//! White's mate at any distance (the endgame tables) keeps the game going too.
//!
//! It is the proof that matters in the balanced rook endings, where Black has no draw but by
//! repetition and the history-aware search grows about twice a ply.

use small_board::{Color, Move, MoveList, Position, Role};

use crate::{
    table::{MoveHint, Table},
    tables::Tables,
};

/// The drops White has left at the end of `segment` (the positions of the current repetition
/// segment, in order), or `None` if White's moves in it did not keep to the order.
pub fn drops_left<'a>(segment: impl Iterator<Item = &'a Position>) -> Option<u8> {
    let mut drops = 1;
    let mut before: Option<&Position> = None;
    for pos in segment {
        if let Some(before) = before
            && before.turn() == Color::White
        {
            drops = after_move(before, pos, drops)?;
        }
        before = Some(pos);
    }
    Some(drops)
}

/// The drops left after White's reversible move from `from` to `to` with `drops` left, or
/// `None` if the move leaves the order.
fn after_move(from: &Position, to: &Position, drops: u8) -> Option<u8> {
    if rank(to) > rank(from) {
        Some(drops)
    } else {
        drops.checked_sub(1)
    }
}

/// The rank of White's placement in `pos` (pawns aside: a pawn move starts a new segment): the
/// squares' indices (a1 = 0, b1 = 1, ..., a2 = 7) of White's king, queen, rook, knight and
/// bishop (the task's material has at most one of each), in that order of significance.
/// Measured on the balanced rook endings (README), the king first does better than last, and
/// better than letting the other pieces go up by epochs of king moves.
pub fn rank(pos: &Position) -> u64 {
    let board = pos.board();
    let white = board.by_color(Color::White);
    [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Knight,
        Role::Bishop,
    ]
    .into_iter()
    .fold(0, |acc, role| {
        let square = (white & board.by_role(role))
            .first()
            .map_or(0, |sq| sq.index() as u64 + 1);
        acc * 64 + square
    })
}

/// The search, over the solver's transposition table and endgame tables.
pub struct Keeper<'a> {
    /// The transposition table (this search's entries under codes of their own).
    pub table: &'a mut Table,
    /// The endgame tables, for positions where they decide Black's draw.
    pub tables: &'a mut Option<Tables>,
    /// Counts the nodes searched.
    pub nodes: &'a mut u64,
}

impl Keeper<'_> {
    /// Whether White, keeping to the order with `drops` (0 or 1) left, keeps every position of
    /// the next `plies` plies, `pos` included, from ending in a draw or in Black's mate.
    pub fn keeps(&mut self, pos: &Position, plies: u32, drops: u8) -> bool {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return pos.is_check() && pos.turn() == Color::Black;
        }
        if pos.is_dead() {
            return false;
        }
        if plies == 0 {
            return true;
        }
        // Entries hold whether Black breaks it (monotone in the plies, like Black's draw).
        let (stored, hint) = self.table.lookup_bound(drops, pos, plies);
        if let Some(breaks) = stored {
            return !breaks;
        }
        // The endgame tables' rules for Black's draw. With the drop still there, White's
        // placements in the segment all differ, so no position of it occurs twice yet (where
        // White mates, the game ends in White's mate or reaches the horizon without a third
        // occurrence).
        let fresh = drops == 1;
        match self
            .tables
            .as_mut()
            .and_then(|t| t.black_draw(pos, plies, fresh))
        {
            Some(true) => {
                self.table
                    .store_bound(drops, pos, plies, true, MoveHint::NONE);
                return false;
            }
            Some(false) => return true,
            None => {}
        }
        *self.nodes += 1;
        let white = pos.turn() == Color::White;
        // The hint first, then captures and pawn moves (a new segment); then White's moves that
        // keep to the order, the smallest steps up first and drops last, or Black's checks
        // first (they are what drives White's king down).
        let mut options: Vec<(u64, Move, u8)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let child = pos.play(m);
            let irreversible = m.capture.is_some() || m.role == Role::Pawn;
            let (priority, child_drops) = if irreversible {
                (1, 1)
            } else if !white {
                (if child.is_check() { 2 } else { 3 }, drops)
            } else {
                match after_move(pos, &child, drops) {
                    Some(left) if left == drops => (4 + rank(&child).abs_diff(rank(pos)), left),
                    Some(left) => (u64::MAX, left),
                    None => continue,
                }
            };
            let priority = if MoveHint::of(m) == hint { 0 } else { priority };
            options.push((priority, m, child_drops));
        }
        options.sort_by_key(|o| o.0);
        // White needs one move that keeps it; Black breaks it with one move.
        let mut decided_by = MoveHint::NONE;
        let mut value = !white;
        for &(_, m, child_drops) in &options {
            if self.keeps(&pos.play(m), plies - 1, child_drops) == white {
                value = white;
                decided_by = MoveHint::of(m);
                break;
            }
        }
        self.table
            .store_bound(drops, pos, plies, !value, decided_by);
        value
    }
}

#[cfg(test)]
mod tests {
    use small_board::Rules;

    use super::*;

    fn line(fen: &str, ucis: &[&str]) -> Vec<Position> {
        let mut line = vec![Position::from_fen(fen, Rules::TASK).unwrap()];
        for uci in ucis {
            let pos = line[line.len() - 1];
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == *uci)
                .unwrap();
            line.push(pos.play(m));
        }
        line
    }

    /// Up is a king move to a higher square (a1 = 0, b1 = 1, ..., a2 = 7), or a rook move to a
    /// higher square with the king still; the drop is spent by the first move down and a
    /// second one leaves the order. Black's moves do not count.
    #[test]
    fn drops_follow_the_order() {
        let fen = "7/7/7/3k3/7/7/K5R w";
        let up_down = line(fen, &["a1b1", "d4d5", "b1a1", "d5d4"]);
        assert_eq!(drops_left(up_down[..2].iter()), Some(1));
        assert_eq!(drops_left(up_down.iter()), Some(0));
        let twice = line(
            fen,
            &["a1b1", "d4d5", "b1a1", "d5d4", "a1b1", "d4d5", "b1a1"],
        );
        assert_eq!(drops_left(twice[..6].iter()), Some(0));
        assert_eq!(drops_left(twice.iter()), None);
        let rook = line(fen, &["g1g2", "d4d5", "g2g1"]);
        assert_eq!(drops_left(rook[..3].iter()), Some(1));
        assert_eq!(drops_left(rook.iter()), Some(0));
    }
}
