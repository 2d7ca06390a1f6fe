//! Random legal positions of the 7x7 board, for the tests of small-board and endgame-solver: one
//! generator, with the material drawn by the caller (the task's, the task's after a promotion, or
//! any).

use small_board::{Board, Color, Move, Piece, Position, Role, Rules, Setup, Square};

use crate::Rng;

/// A random legal position under the task's rules: `material` draws the pieces, each goes to a
/// random empty square (in the order drawn), then the side to move is drawn; all of it is drawn
/// again until the position is legal.
///
/// # Examples
///
/// ```
/// use test_support::{Rng, positions};
///
/// let pos = positions::random_position(&mut Rng::new(1), positions::task_material);
/// assert!(pos.board().pieces().count() >= 2);
/// ```
pub fn random_position(
    rng: &mut Rng,
    mut material: impl FnMut(&mut Rng) -> Vec<Piece>,
) -> Position {
    loop {
        let mut board = Board::empty();
        for piece in material(rng) {
            let square = loop {
                let square = Square::new(rng.below(49) as u32).expect("below 49");
                if board.piece_at(square).is_none() {
                    break square;
                }
            };
            board.set_piece_at(square, piece);
        }
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let setup = Setup {
            board,
            turn,
            ep_square: None,
        };
        if let Ok(pos) = Position::from_setup(setup, Rules::TASK) {
            return pos;
        }
    }
}

/// The task's material: both kings; White's rook (3 times in 4) and pawn (2 in 3); Black's rook
/// (3 in 4).
pub fn task_material(rng: &mut Rng) -> Vec<Piece> {
    let mut pieces = kings();
    if rng.below(4) != 0 {
        pieces.push(Role::Rook.of(Color::White));
    }
    if rng.below(3) != 0 {
        pieces.push(Role::Pawn.of(Color::White));
    }
    if rng.below(4) != 0 {
        pieces.push(Role::Rook.of(Color::Black));
    }
    pieces
}

/// The task's material with the pawn maybe promoted: both kings; White's rook (3 in 4), then a
/// pawn (1 in 2), a queen (1 in 6), a knight (1 in 6) or none; Black's rook (3 in 4).
pub fn promoted_material(rng: &mut Rng) -> Vec<Piece> {
    let mut pieces = kings();
    if rng.below(4) != 0 {
        pieces.push(Role::Rook.of(Color::White));
    }
    match rng.below(6) {
        0..=2 => pieces.push(Role::Pawn.of(Color::White)),
        3 => pieces.push(Role::Queen.of(Color::White)),
        4 => pieces.push(Role::Knight.of(Color::White)),
        _ => {}
    }
    if rng.below(4) != 0 {
        pieces.push(Role::Rook.of(Color::Black));
    }
    pieces
}

/// Both kings and up to four other pieces of any role and colour.
pub fn any_material(rng: &mut Rng) -> Vec<Piece> {
    let mut pieces = kings();
    for _ in 0..rng.below(5) {
        let color = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        pieces.push(Role::ALL[rng.index(5)].of(color));
    }
    pieces
}

fn kings() -> Vec<Piece> {
    vec![Role::King.of(Color::White), Role::King.of(Color::Black)]
}

/// A random walk from `start` of at most `plies` moves, each one `allowed` (a walk stops where
/// none is), that half the time goes back to a position already on it when a move does: a
/// repetition segment with repeats, for the keep tables' tests.
pub fn walk_with_repeats(
    rng: &mut Rng,
    start: Position,
    plies: u64,
    allowed: impl Fn(&Move) -> bool,
) -> Vec<Position> {
    let mut line = vec![start];
    for _ in 0..plies {
        let pos = line[line.len() - 1];
        let moves: Vec<Move> = pos.legal_moves().into_iter().filter(&allowed).collect();
        if moves.is_empty() {
            break;
        }
        let back: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| line.contains(&pos.play(m)))
            .collect();
        let m = if !back.is_empty() && rng.below(2) == 0 {
            back[rng.index(back.len())]
        } else {
            moves[rng.index(moves.len())]
        };
        line.push(pos.play(m));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_reproduce_and_hold_the_material_drawn() {
        for seed in 0..50 {
            let a = random_position(&mut Rng::new(seed), promoted_material);
            let b = random_position(&mut Rng::new(seed), promoted_material);
            assert_eq!(a, b);
            let board = a.board();
            assert_eq!(board.count(Color::White, Role::King), 1);
            assert!(board.count(Color::Black, Role::Rook) <= 1);
            let fixed = [Role::King.of(Color::White), Role::King.of(Color::Black)];
            let pos = random_position(&mut Rng::new(seed), |_| fixed.to_vec());
            assert_eq!(pos.board().pieces().count(), 2);
        }
    }
}
