//! [`Move`], a legal move with everything needed to play and name it, and [`MoveList`].

use std::fmt;

use arrayvec::ArrayVec;

use crate::types::{Role, Square};

/// A move of the side to move, as [`crate::Position::legal_moves`] generates it.
///
/// The fields describe the move completely, so playing it needs no lookups. `Display` writes the
/// UCI coordinates (`c6c7`, `c6c7q`, `d4e3`), the form engines use for perft divides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece (a pawn for a promotion).
    pub role: Role,
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece lands on.
    pub to: Square,
    /// The captured piece, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// The piece a pawn becomes, if the move promotes.
    pub promotion: Option<Role>,
    /// Whether the move captures en passant (the captured pawn is not on `to`).
    pub en_passant: bool,
}

impl Move {
    /// Whether the move captures.
    pub const fn is_capture(self) -> bool {
        self.capture.is_some()
    }

    /// Whether the move promotes a pawn.
    pub const fn is_promotion(self) -> bool {
        self.promotion.is_some()
    }
}

impl fmt::Display for Move {
    /// UCI coordinates: from, to, and the promotion letter in lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// The most legal moves a valid position can have: with at most 16 pieces a side (checked by
/// [`crate::Position::from_setup`]), 15 queens of 24 moves each plus a king's 8 is 368.
pub const MAX_LEGAL_MOVES: usize = 384;

/// A list of moves on the stack (no heap allocation).
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;
