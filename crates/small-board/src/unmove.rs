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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Color, Rules};

    /// A fixed xorshift sequence.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A random legal position with kings and up to four other pieces of any kind.
    fn random_position(rng: &mut Rng) -> Position {
        loop {
            let mut board = Board::empty();
            let mut pieces = vec![
                Piece {
                    color: Color::White,
                    role: Role::King,
                },
                Piece {
                    color: Color::Black,
                    role: Role::King,
                },
            ];
            for _ in 0..rng.below(5) {
                let color = if rng.below(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let role = Role::ALL[rng.below(5) as usize];
                pieces.push(Piece { color, role });
            }
            for piece in pieces {
                loop {
                    let sq = Square::new(rng.below(49) as u32).unwrap_or(Square::A1);
                    if board.piece_at(sq).is_none() {
                        board.set_piece_at(sq, piece);
                        break;
                    }
                }
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

    const ALL_BUT_KING: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];

    fn same(a: &Position, b: &Position) -> bool {
        a.board() == b.board() && a.turn() == b.turn()
    }

    /// Every unmove leads to a position that has the move back to this one.
    #[test]
    fn every_unmove_has_its_move() {
        let mut rng = Rng(0x5eed_1234_5678_9abc);
        let mut count = 0;
        for _ in 0..3000 {
            let pos = random_position(&mut rng);
            for (u, before) in pos.unmoves(&ALL_BUT_KING) {
                let found = before.legal_moves().into_iter().any(|m| {
                    m.from == u.from
                        && m.to == u.to
                        && m.promotion == u.promotion
                        && m.capture == u.uncapture
                        && same(&before.play(m), &pos)
                });
                assert!(found, "{u:?} from {before} does not lead to {pos}");
                count += 1;
            }
        }
        assert!(count > 50_000, "only {count} unmoves");
    }

    /// Every legal move (but en passant) is found back among the unmoves of the position it
    /// leads to.
    #[test]
    fn every_move_has_its_unmove() {
        let mut rng = Rng(0x0bad_cafe_f00d_d00d);
        for _ in 0..3000 {
            let pos = random_position(&mut rng);
            for m in pos.legal_moves().into_iter().filter(|m| !m.en_passant) {
                let after = pos.play(m);
                let found = after
                    .unmoves(&ALL_BUT_KING)
                    .iter()
                    .any(|(u, before)| u.from == m.from && u.to == m.to && same(before, &pos));
                assert!(found, "{m} from {pos}: no unmove back from {after}");
            }
        }
    }

    #[test]
    fn double_step_is_the_only_unmove_after_it() {
        let pos = Position::from_fen("3k3/7/7/7/7/4P2/3K3 w", Rules::TASK).unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "e2e4")
            .unwrap();
        let after = pos.play(m);
        let back = after.unmoves(&ALL_BUT_KING);
        assert!(back.iter().any(|(_, b)| same(b, &pos)));
        // With a black pawn beside it, the en passant square pins the last move down.
        let pos = Position::from_fen("3k3/7/7/5p1/7/4P2/3K3 w", Rules::TASK).unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "e2e4")
            .unwrap();
        let after = pos.play(m);
        assert!(after.ep_square().is_some());
        let back = after.unmoves(&ALL_BUT_KING);
        assert_eq!(back.len(), 1);
        assert!(same(&back[0].1, &pos));
    }
}
