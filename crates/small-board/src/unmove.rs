//! Unmoves, for retrograde analysis: the legal moves that could have led to a position, each
//! with the position before it.
//!
//! The side that just moved is the one not to move. Each of its pieces may have come
//! - from a square it attacks now, moving back through empty squares ([`sources`]: for a king,
//!   knight, bishop, rook or queen the squares a piece can come from are the squares it
//!   attacks, as moves are their own reverses);
//! - for a pawn, from one square behind (a push), two behind from its second rank (a double
//!   step, both squares empty), or diagonally behind (a capture);
//! - for a piece on the last rank of a kind the rules promote to, from a pawn on the rank before
//!   (a promotion, straight or capturing).
//!
//! A capture puts back a piece of the side to move, of one of the roles the caller allows
//! (never a king; a pawn never on rank 1 or 7). Only legal predecessors are returned (a
//! [`Position`] checks itself), and from each the move is legal, because the position it leads to
//! is. When the position has an en passant square, the last move was that double step and it is
//! the only unmove. En passant captures are not unmade (the predecessor of one has no way to tell
//! its own en passant square), nor are en passant squares of the predecessors restored.

use crate::{
    attacks,
    bitboard::Bitboard,
    position::{Position, Setup},
    types::{Piece, Rank, Role, Square},
};

/// One unmove: a piece goes back from `to` to `from`, maybe un-promoting and putting back a
/// captured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unmove {
    /// The piece that moved, as it stood before the move (a pawn for a promotion).
    pub role: Role,
    /// Where it stood before.
    pub from: Square,
    /// Where it stands now.
    pub to: Square,
    /// The piece it captured on `to`, put back.
    pub uncapture: Option<Role>,
    /// The piece it became, when the move promoted.
    pub promotion: Option<Role>,
}

/// The squares a piece of `role` (not a pawn) standing on `to` may have come from by a move,
/// with `occupied` the pieces now on the board: the empty squares it attacks.
pub fn sources(role: Role, to: Square, occupied: Bitboard) -> Bitboard {
    let reach = match role {
        Role::King => attacks::king_attacks(to),
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        Role::Queen => attacks::queen_attacks(to, occupied),
        Role::Pawn => Bitboard::EMPTY,
    };
    reach & !occupied
}

impl Position {
    /// Every legal predecessor of the position, with the unmove that leads back, where a
    /// captured piece may be put back with any role of `uncaptures` (kings are skipped).
    ///
    /// # Examples
    ///
    /// ```
    /// use small_board::{Position, Role, Rules};
    ///
    /// // After c7-c8=Q would be illegal here (no rank 8): on 7x7, c6-c7=D.
    /// let pos = Position::from_fen("2Q2k1/5r1/3K3/7/5R1/7/7 b", Rules::TASK)?;
    /// let back = pos.unmoves(&[]);
    /// assert!(back.iter().any(|(u, before)| u.promotion == Some(Role::Queen)
    ///     && before.to_string() == "5k1/2P2r1/3K3/7/5R1/7/7 w - -"));
    /// # Ok::<_, small_board::FenError>(())
    /// ```
    pub fn unmoves(&self, uncaptures: &[Role]) -> Vec<(Unmove, Position)> {
        let mover = self.turn().other();
        let board = self.board();
        let occupied = board.occupied();
        let mut out = Vec::new();
        let uncaptures: Vec<Option<Role>> = std::iter::once(None)
            .chain(
                uncaptures
                    .iter()
                    .filter(|&&r| r != Role::King)
                    .map(|&r| Some(r)),
            )
            .collect();
        let forward = mover.fold(1, -1);
        let last_rank = mover.fold(Rank::Seventh, Rank::First);
        let mut push = |u: Unmove| {
            let mut before = *board;
            before.remove_piece_at(u.to);
            before.set_piece_at(
                u.from,
                Piece {
                    color: mover,
                    role: u.role,
                },
            );
            if let Some(role) = u.uncapture {
                if role == Role::Pawn && matches!(u.to.rank(), Rank::First | Rank::Seventh) {
                    return;
                }
                before.set_piece_at(
                    u.to,
                    Piece {
                        color: self.turn(),
                        role,
                    },
                );
            }
            let setup = Setup {
                board: before,
                turn: mover,
                ep_square: None,
            };
            if let Ok(pos) = Position::from_setup(setup, self.rules()) {
                out.push((u, pos));
            }
        };
        if let Some(ep) = self.ep_square() {
            // The last move was the double step over `ep`.
            if let (Some(to), Some(from)) = (ep.offset(0, forward), ep.offset(0, -forward)) {
                push(Unmove {
                    role: Role::Pawn,
                    from,
                    to,
                    uncapture: None,
                    promotion: None,
                });
            }
            return out;
        }
        for (to, piece) in board.pieces().filter(|(_, p)| p.color == mover) {
            if piece.role == Role::Pawn {
                pawn_unmoves(to, forward, None, occupied, &uncaptures, &mut push);
                continue;
            }
            for from in sources(piece.role, to, occupied) {
                for &uncapture in &uncaptures {
                    push(Unmove {
                        role: piece.role,
                        from,
                        to,
                        uncapture,
                        promotion: None,
                    });
                }
            }
            if to.rank() == last_rank && self.rules().allows_promotion(piece.role) {
                pawn_unmoves(
                    to,
                    forward,
                    Some(piece.role),
                    occupied,
                    &uncaptures,
                    &mut push,
                );
            }
        }
        out
    }
}

/// The pawn unmoves onto `to` (a pawn there now, or the piece it promoted to).
fn pawn_unmoves(
    to: Square,
    forward: i32,
    promotion: Option<Role>,
    occupied: Bitboard,
    uncaptures: &[Option<Role>],
    push: &mut impl FnMut(Unmove),
) {
    let unmove = |from, uncapture| Unmove {
        role: Role::Pawn,
        from,
        to,
        uncapture,
        promotion,
    };
    if let Some(one) = to.offset(0, -forward).filter(|&s| !occupied.contains(s)) {
        push(unmove(one, None));
        let second = if forward == 1 {
            Rank::Second
        } else {
            Rank::Sixth
        };
        if let Some(two) = one.offset(0, -forward).filter(|&s| !occupied.contains(s))
            && two.rank() == second
            && promotion.is_none()
        {
            push(unmove(two, None));
        }
    }
    for df in [-1, 1] {
        if let Some(from) = to.offset(df, -forward).filter(|&s| !occupied.contains(s)) {
            for &uncapture in uncaptures.iter().flatten() {
                push(unmove(from, Some(uncapture)));
            }
        }
    }
}
