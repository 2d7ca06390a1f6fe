//! Judging a game move by move: the seven verdicts.
//!
//! For each move, in this order (the first event decides the verdict):
//!
//! 1. the game is already over (checkmate or stalemate on an earlier move): [`Verdict::DeadMoves`];
//! 2. the token is not a move in the notation: [`Verdict::IllegalMove`];
//! 3. the legal moves that match the token: none is [`Verdict::IllegalMove`], two or more is
//!    [`Verdict::PuzzleMove`], exactly one is played.
//!
//! After the last move: checkmate gives [`Verdict::WhiteWin`] or [`Verdict::BlackWin`], stalemate
//! [`Verdict::Stalemate`], anything else [`Verdict::Draw`].

use std::fmt;

use shakmaty::{Chess, Color};

use crate::{
    board::Board,
    matching::{Matches, has_legal_move, matching},
    notation::MoveToken,
};

/// How a game ended, in the statement's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Black is checkmated after the last move.
    WhiteWin,
    /// White is checkmated after the last move.
    BlackWin,
    /// The side to move has no legal move and is not in check after the last move.
    Stalemate,
    /// Neither checkmate nor stalemate after the last move.
    Draw,
    /// A move follows a checkmate or a stalemate.
    DeadMoves,
    /// A move matches two or more legal moves.
    PuzzleMove,
    /// A move matches no legal move, or is not a move in the notation.
    IllegalMove,
}

impl Verdict {
    /// Every verdict, in the statement's order.
    pub const ALL: [Verdict; 7] = [
        Verdict::WhiteWin,
        Verdict::BlackWin,
        Verdict::Stalemate,
        Verdict::Draw,
        Verdict::DeadMoves,
        Verdict::PuzzleMove,
        Verdict::IllegalMove,
    ];

    /// The statement's wording: `White Win`, ..., `Illegal Move`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::WhiteWin => "White Win",
            Verdict::BlackWin => "Black Win",
            Verdict::Stalemate => "Stalemate",
            Verdict::Draw => "Draw",
            Verdict::DeadMoves => "Dead Moves",
            Verdict::PuzzleMove => "Puzzle Move",
            Verdict::IllegalMove => "Illegal Move",
        }
    }

    /// Whether the game was played to its end without a faulty move.
    pub const fn is_normal_end(self) -> bool {
        matches!(
            self,
            Verdict::WhiteWin | Verdict::BlackWin | Verdict::Stalemate | Verdict::Draw
        )
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The outcome of judging one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// For `Dead Moves`, `Puzzle Move` and `Illegal Move`: the ply (1-based) of the move that
    /// decided it. `None` for a game played to its end.
    pub fault_ply: Option<u32>,
    /// How many moves were played on the board before the verdict was decided.
    pub plies_played: u32,
}

/// A game being judged, fed one move at a time.
///
/// # Examples
///
/// ```
/// use pgn_judge::{Judge, Verdict};
///
/// let mut judge = Judge::new();
/// for token in ["e4", "e5", "Bc4", "h6", "Qh5", "a5", "Qf7"] {
///     judge.play(token.parse().ok().as_ref());
/// }
/// assert_eq!(judge.finish().verdict, Verdict::WhiteWin);
/// ```
#[derive(Clone, Debug)]
pub struct Judge {
    board: Board,
    plies: u32,
    decided: Option<(Verdict, u32)>,
    /// Whether the last move played was an en passant capture.
    en_passant: bool,
}

impl Default for Judge {
    fn default() -> Self {
        Judge::new()
    }
}

impl Judge {
    /// A game from the standard starting position.
    pub fn new() -> Judge {
        Judge::on(Board::default())
    }

    /// A game from a given position (a PGN `FEN` tag).
    pub fn from_position(pos: Chess) -> Judge {
        Judge::on(Board::from_chess(&pos))
    }

    fn on(board: Board) -> Judge {
        Judge {
            board,
            plies: 0,
            decided: None,
            en_passant: false,
        }
    }

    /// The position reached so far (its move counters at 0 and 1).
    pub fn position(&self) -> Chess {
        self.board.to_chess()
    }

    /// Whether a faulty move has already decided the verdict; later moves change nothing.
    pub fn is_decided(&self) -> bool {
        self.decided.is_some()
    }

    /// Whether the last move played was an en passant capture (PGN may mark it `e.p.`).
    pub fn played_en_passant(&self) -> bool {
        self.en_passant
    }

    /// Judges the next move: `None` stands for a token that is not a move in the notation.
    /// Returns the verdict when this move decided it (`Dead Moves`, `Puzzle Move` or
    /// `Illegal Move`); moves after a decided verdict are ignored.
    pub fn play(&mut self, token: Option<&MoveToken>) -> Option<Verdict> {
        if self.decided.is_some() {
            return None;
        }
        let ply = self.plies + 1;
        let verdict = match token.map(|token| matching(&self.board, token)) {
            Some(Matches::One(m)) => {
                self.en_passant = m.is_en_passant();
                self.board.play(m);
                self.plies = ply;
                return None;
            }
            // Two legal candidates mean the game is not over.
            Some(Matches::Several) => Verdict::PuzzleMove,
            // No candidate, or no move at all: was the game already over?
            _ if !has_legal_move(&self.board) => Verdict::DeadMoves,
            _ => Verdict::IllegalMove,
        };
        self.decided = Some((verdict, ply));
        Some(verdict)
    }

    /// The verdict: the faulty move's, or how the final position stands.
    pub fn finish(&self) -> Judgement {
        let (verdict, fault_ply) = match self.decided {
            Some((verdict, ply)) => (verdict, Some(ply)),
            None => (final_verdict(&self.board), None),
        };
        Judgement {
            verdict,
            fault_ply,
            plies_played: self.plies,
        }
    }
}

/// How the game stands with no faulty move: checkmate, stalemate, or neither.
fn final_verdict(board: &Board) -> Verdict {
    if has_legal_move(board) {
        Verdict::Draw
    } else if board.checkers().is_empty() {
        Verdict::Stalemate
    } else {
        match board.turn() {
            Color::White => Verdict::BlackWin,
            Color::Black => Verdict::WhiteWin,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Position, Role};

    fn judge(tokens: &str) -> Judgement {
        let mut judge = Judge::new();
        for token in tokens.split_whitespace() {
            judge.play(token.parse().ok().as_ref());
        }
        judge.finish()
    }

    #[test]
    fn the_seed() {
        assert_eq!(judge("e4 e5 Bc4 h6 Qh5 a5 Qf7").verdict, Verdict::WhiteWin);
    }

    #[test]
    fn fools_mate_and_a_dead_move() {
        assert_eq!(judge("f3 e5 g4 Qh4#").verdict, Verdict::BlackWin);
        let dead = judge("f3 e5 g4 Qh4 a3");
        assert_eq!(dead.verdict, Verdict::DeadMoves);
        assert_eq!(dead.fault_ply, Some(5));
        // Even a token outside the notation after the mate is a dead move.
        assert_eq!(judge("f3 e5 g4 Qh4 Pe4").verdict, Verdict::DeadMoves);
    }

    #[test]
    fn x_must_capture_and_kg1_is_not_castling() {
        assert_eq!(judge("e4 e5 Qxh5").verdict, Verdict::IllegalMove);
        assert_eq!(judge("e4 e5 Qh5").verdict, Verdict::Draw);
        let castling = "e4 e5 Nf3 Nc6 Bc4 Bc5";
        assert_eq!(judge(&format!("{castling} 0-0")).verdict, Verdict::Draw);
        assert_eq!(
            judge(&format!("{castling} Kg1")).verdict,
            Verdict::IllegalMove
        );
        assert_eq!(
            judge(&format!("{castling} Kh1")).verdict,
            Verdict::IllegalMove
        );
    }

    #[test]
    fn bare_pawn_destinations_match_captures() {
        // Two pawns (c4, e4) can capture on d5: a puzzle.
        assert_eq!(judge("e4 d5 c4 Nf6 d5").verdict, Verdict::PuzzleMove);
        // One pawn can capture on d5: that capture.
        assert_eq!(judge("e4 d5 d5").verdict, Verdict::Draw);
        assert_eq!(judge("e4 d5 exd5 Qxd5").verdict, Verdict::Draw);
    }

    #[test]
    fn promotion_defaults_to_a_queen() {
        let race = "h4 g5 hxg5 h6 gxh6 Nf6 h7 Ng8";
        assert_eq!(judge(&format!("{race} hxg8")).plies_played, 9);
        let queen = Judge::new();
        let mut queen = queen;
        for t in format!("{race} hxg8").split_whitespace() {
            queen.play(t.parse().ok().as_ref());
        }
        assert_eq!(
            queen.position().board().role_at(shakmaty::Square::G8),
            Some(Role::Queen)
        );
        assert_eq!(judge(&format!("{race} hxg8=N")).verdict, Verdict::Draw);
        assert_eq!(judge(&format!("{race} h8")).verdict, Verdict::IllegalMove);
        assert_eq!(judge("e4 e5 e4=Q").verdict, Verdict::IllegalMove);
    }
}
