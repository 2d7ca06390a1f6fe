//! How soon a position of the repetition segment can come back: a lower bound on the plies
//! from one placement to another, which the solver uses to leave out of a node's history key the
//! positions that cannot reach their third occurrence within the plies left.

use small_board::{Bitboard, Color, Piece, Position, Role};

/// Whether the step from `a` to `b` can never be undone: a capture or a pawn move.
pub fn irreversible(a: &Position, b: &Position) -> bool {
    let (a, b) = (a.board(), b.board());
    // A move changes only the mover's squares unless it captures (no popcount: this is hot).
    let capture = a.by_color(Color::White) != b.by_color(Color::White)
        && a.by_color(Color::Black) != b.by_color(Color::Black);
    capture || a.by_role(Role::Pawn) != b.by_role(Role::Pawn)
}

/// A position's pieces, for [`min_plies`]: per colour the roles (bit [`Role::index`]) with one
/// piece and with several, and per colour and role the square of a piece that is alone in its
/// role (its index; 0 for the others, never read).
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    squares: [[u8; 6]; 2],
    single: [u8; 2],
    several: [u8; 2],
    pawns: Bitboard,
    turn: Color,
}

impl Placement {
    /// The placement of `pos`.
    pub fn of(pos: &Position) -> Placement {
        let board = pos.board();
        let mut squares = [[0; 6]; 2];
        let mut single = [0; 2];
        let mut several = [0; 2];
        for (i, color) in Color::ALL.into_iter().enumerate() {
            for role in Role::ALL {
                let on = board.by_piece(Piece { color, role });
                let bit = 1 << role.index();
                match on.first() {
                    None => {}
                    Some(_) if on.more_than_one() => several[i] |= bit,
                    Some(sq) => {
                        single[i] |= bit;
                        squares[i][role.index()] = sq.index() as u8;
                    }
                }
            }
        }
        Placement {
            squares,
            single,
            several,
            pawns: board.by_role(Role::Pawn),
            turn: pos.turn(),
        }
    }

    /// The roles of one piece of the colour numbered `i` (0 White), each with its square.
    fn singles(&self, i: usize) -> impl Iterator<Item = (Role, u8)> + '_ {
        // Set bits in turn (this is hot): `Role::ALL[r]` has index r.
        let mut roles = self.single[i];
        std::iter::from_fn(move || {
            let r = roles.trailing_zeros() as usize;
            roles &= roles.checked_sub(1)?;
            Some((Role::ALL[r], self.squares[i][r]))
        })
    }

    /// At least [`min_plies`] from this placement to any other of the same material and pawns
    /// (the most moves each piece may need on an empty board, each side's summed).
    pub fn farthest_return(&self) -> u32 {
        let most = |i| -> u32 {
            self.singles(i)
                .map(|(role, _)| u32::from(of_role(role, MOST_MOVES)))
                .sum()
        };
        2 * most(0).max(most(1)) + 1
    }
}

/// A lower bound on the plies from `from` to `to`, `None` if `to` can never recur (other
/// material or pawns). Several pieces of a kind add nothing to the bound.
pub fn min_plies(from: &Placement, to: &Placement) -> Option<u32> {
    // Material never comes back (and a pawn's promotion changed the pawns).
    if from.pawns != to.pawns || from.single != to.single || from.several != to.several {
        return None;
    }
    let need: [u32; 2] = std::array::from_fn(|i| {
        from.singles(i)
            .map(|(role, x)| moves_between(role, x, to.squares[i][role.index()]))
            .sum()
    });
    let (first, second) = if from.turn == Color::White {
        (need[0], need[1])
    } else {
        (need[1], need[0])
    };
    // The side to move plays on plies 1, 3, 5, ...; the other on 2, 4, ...
    let mut plies = (2 * first).saturating_sub(1).max(2 * second).max(1);
    if plies % 2 != u32::from(from.turn != to.turn) {
        plies += 1;
    }
    Some(plies)
}

/// A lower bound on the moves a piece of `role` needs from `x` to `y` on an empty board.
/// (`x` and `y` are square indices.)
fn moves_between(role: Role, x: u8, y: u8) -> u32 {
    if x == y {
        return 0;
    }
    u32::from(of_role(role, MOVES_BETWEEN[usize::from(x)][usize::from(y)]))
}

/// A piece's entry of a [`MOVES_BETWEEN`] triple (king, rook, queen); 1 for the other roles
/// (their bound: a move of their own).
fn of_role(role: Role, (king, rook, queen): (u8, u8, u8)) -> u8 {
    match role {
        Role::King => king,
        Role::Rook => rook,
        Role::Queen => queen,
        Role::Bishop | Role::Knight | Role::Pawn => 1,
    }
}

/// The largest entries of [`MOVES_BETWEEN`], a component at a time: the most moves a king, a
/// rook and a queen may need between two squares.
const MOST_MOVES: (u8, u8, u8) = {
    let mut most = (0, 0, 0);
    let mut x = 0usize;
    while x < 49 {
        let mut y = 0usize;
        while y < 49 {
            let (king, rook, queen) = MOVES_BETWEEN[x][y];
            if king > most.0 {
                most.0 = king;
            }
            if rook > most.1 {
                most.1 = rook;
            }
            if queen > most.2 {
                most.2 = queen;
            }
            y += 1;
        }
        x += 1;
    }
    most
};

/// [`moves_between`] for a king, a rook and a queen, by the two squares' indices (this is hot).
const MOVES_BETWEEN: [[(u8, u8, u8); 49]; 49] = {
    let mut table = [[(0, 0, 0); 49]; 49];
    let mut x = 0usize;
    while x < 49 {
        let mut y = 0usize;
        while y < 49 {
            let df = (x % 7).abs_diff(y % 7) as u8;
            let dr = (x / 7).abs_diff(y / 7) as u8;
            let straight = df == 0 || dr == 0;
            let king = if df > dr { df } else { dr };
            let rook = if straight { 1 } else { 2 };
            let queen = if straight || df == dr { 1 } else { 2 };
            table[x][y] = (king, rook, queen);
            y += 1;
        }
        x += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use small_board::{
        Rules,
        mix::{GOLDEN_GAMMA, mix64},
    };

    use super::*;

    /// On a 7x7 board a king may need six moves between two squares, a rook or a queen two.
    #[test]
    fn the_most_moves_are_the_boards() {
        assert_eq!(MOST_MOVES, (6, 2, 2));
    }

    /// The relevance filter is sound only if `min_plies` never exceeds the plies a real line
    /// takes: walk random lines and check every pair of positions on them.
    #[test]
    fn min_plies_is_a_lower_bound() {
        let starts = [
            "5k1/2P2r1/3K3/7/5R1/7/7 w",
            "7/1r5/7/7/2K4/5R1/4k2 b",
            "7/7/3k3/7/1P5/7/3K3 w",
            "2Q4/5r1/7/3k3/7/1K5/7 b",
        ];
        let mut state = 0x1234_5678_u64;
        for fen in starts {
            for _ in 0..200 {
                let mut line = vec![Position::from_fen(fen, Rules::TASK).unwrap()];
                for _ in 0..12 {
                    let pos = line[line.len() - 1];
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    state = mix64(state.wrapping_add(GOLDEN_GAMMA));
                    line.push(pos.play(moves[(state % moves.len() as u64) as usize]));
                }
                for i in 0..line.len() {
                    for j in i + 1..line.len() {
                        let (from, to) = (Placement::of(&line[i]), Placement::of(&line[j]));
                        if let Some(bound) = min_plies(&from, &to) {
                            assert!(
                                bound as usize <= j - i,
                                "{} to {}: bound {bound}, reached in {}",
                                line[i],
                                line[j],
                                j - i
                            );
                        } else {
                            assert!(line[i..=j].windows(2).any(|w| irreversible(&w[0], &w[1])));
                        }
                    }
                }
            }
        }
    }
}
