//! What a player tries to force within the horizon, and the material superiority rule.
//!
//! | goal | the player | succeeds when every line |
//! |---|---|---|
//! | [`Goal::Mate`]`(X)` | X | ends inside the horizon in X's checkmate |
//! | [`Goal::Draw`] | Black | ends inside the horizon in a draw or Black's checkmate |
//! | [`Goal::Horizon`]`(X)` | X | ends inside the horizon in X's checkmate, or reaches it with X holding material superiority |
//!
//! "Inside the horizon" includes the last ply: a mate or a draw on ply N counts.

use small_board::{Board, Color, Position, Role};

/// A goal one player tries to force within the remaining plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Checkmate by the colour.
    Mate(Color),
    /// Black forces the game to end in a draw or Black's checkmate.
    Draw,
    /// Checkmate by the colour, or the colour's material superiority at the horizon.
    Horizon(Color),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The colour gave checkmate.
    Mate(Color),
    /// Stalemate, a dead position or the third occurrence of a position.
    Draw,
}

impl Goal {
    /// The player who tries to force the goal (the other one tries to stop it).
    pub const fn player(self) -> Color {
        match self {
            Goal::Mate(c) | Goal::Horizon(c) => c,
            Goal::Draw => Color::Black,
        }
    }

    /// Whether the goal is reached when the game ends with `end`.
    pub fn accepts(self, end: End) -> bool {
        match (self, end) {
            (Goal::Mate(c) | Goal::Horizon(c), End::Mate(winner)) => c == winner,
            (Goal::Mate(_) | Goal::Horizon(_), End::Draw) => false,
            (Goal::Draw, End::Mate(winner)) => winner == Color::Black,
            (Goal::Draw, End::Draw) => true,
        }
    }

    /// Whether the goal is reached by a game still going on at the horizon.
    pub fn accepts_horizon(self, pos: &Position) -> bool {
        match self {
            Goal::Horizon(c) => superiority(pos.board()) == Some(c),
            Goal::Mate(_) | Goal::Draw => false,
        }
    }
}

/// The game's end in `pos`, where `moves` is the number of legal moves, ignoring repetition.
pub fn end_of(pos: &Position, moves: usize) -> Option<End> {
    if moves == 0 {
        return Some(if pos.is_check() {
            End::Mate(pos.turn().other())
        } else {
            End::Draw
        });
    }
    pos.is_dead().then_some(End::Draw)
}

/// Who holds material superiority: Black with king and rook against White's lone king; White
/// with at least one more heavy piece (queen or rook) than Black.
pub fn superiority(board: &Board) -> Option<Color> {
    let heavy = |c| board.count(c, Role::Queen) + board.count(c, Role::Rook);
    if heavy(Color::White) > heavy(Color::Black) {
        return Some(Color::White);
    }
    let white_alone = board.by_color(Color::White).count() == 1;
    let black = board.by_color(Color::Black);
    let black_rook_only = black.count() == 2 && board.count(Color::Black, Role::Rook) == 1;
    (white_alone && black_rook_only).then_some(Color::Black)
}

#[cfg(test)]
mod tests {
    use small_board::Rules;

    use super::*;

    fn board(fen: &str) -> Board {
        *Position::from_fen(fen, Rules::TASK).unwrap().board()
    }

    #[test]
    fn superiority_rule() {
        assert_eq!(superiority(&board("5k1/2P2r1/3K3/7/5R1/7/7 w")), None);
        assert_eq!(
            superiority(&board("5k1/2P4/3K3/7/4R2/7/7 w")),
            Some(Color::White)
        );
        assert_eq!(
            superiority(&board("2Q2k1/5r1/3K3/7/5R1/7/7 b")),
            Some(Color::White)
        );
        assert_eq!(
            superiority(&board("5k1/5r1/3K3/7/7/7/7 w")),
            Some(Color::Black)
        );
        assert_eq!(superiority(&board("5k1/2P2r1/3K3/7/7/7/7 w")), None);
        assert_eq!(superiority(&board("5k1/7/3K3/7/7/7/7 w")), None);
    }
}
