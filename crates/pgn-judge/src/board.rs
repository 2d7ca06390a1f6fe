//! The judge's position: the pieces, the side to move, the castling rights and the en passant
//! square of a shakmaty [`Chess`], with a move update of its own.
//!
//! shakmaty's `play_unchecked` clears the moving piece's squares from all six role and both
//! colour sets, dispatches on the move's kind and keeps the move counters; it was a seventh of
//! the judge's instructions. [`Board::play`] toggles only the sets the move changes, and keeps
//! the castling rights with shakmaty's own [`Castles`]. A position is made from a [`Chess`]
//! ([`Board::from_chess`], for a `FEN` tag) and back ([`Board::to_chess`]); property tests hold
//! the update, castling and the checkers equal to shakmaty's on random games.

use shakmaty::{
    Bitboard, ByColor, ByRole, Castles, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move,
    Position, Role, Setup, Square, attacks,
};

use crate::rays;

/// A legal chess position, as the judge plays it (no move counters: no rule here needs them).
#[derive(Clone, Debug)]
pub struct Board {
    by_role: ByRole<Bitboard>,
    by_color: ByColor<Bitboard>,
    turn: Color,
    castles: Castles,
    /// The square a pawn that just moved two squares passed, capturable or not (shakmaty's
    /// `EnPassantMode::Always`).
    ep_square: Option<Square>,
}

impl Default for Board {
    fn default() -> Self {
        Board::from_chess(&Chess::default())
    }
}

impl Board {
    /// The position of `pos`.
    pub fn from_chess(pos: &Chess) -> Board {
        let (by_role, by_color) = pos.board().clone().into_bitboards();
        Board {
            by_role,
            by_color,
            turn: pos.turn(),
            castles: pos.castles().clone(),
            ep_square: pos.ep_square(EnPassantMode::Always),
        }
    }

    /// The same position as a shakmaty [`Chess`] (move counters at 0 and 1).
    ///
    /// # Panics
    ///
    /// Never for a position reached by legal moves from a valid one: shakmaty validated the
    /// start, and legal moves keep a position valid.
    pub fn to_chess(&self) -> Chess {
        let board = shakmaty::Board::try_from_bitboards(self.by_role, self.by_color)
            .expect("the sets of a played position are consistent");
        let mut setup = Setup::empty();
        setup.board = board;
        setup.turn = self.turn;
        setup.castling_rights = self.castles.castling_rights();
        setup.ep_square = self.ep_square;
        Chess::from_setup(setup, self.castles.mode())
            .expect("a position reached by legal moves is valid")
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The square a pawn that just moved two squares passed.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Every piece.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    /// The pieces of one colour.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        *self.by_color.get(color)
    }

    /// The pieces of one role, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        *self.by_role.get(role)
    }

    /// The side to move's pieces of one role.
    #[inline]
    pub fn our(&self, role: Role) -> Bitboard {
        self.by_role(role) & self.by_color(self.turn)
    }

    /// Rooks and queens, both colours.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role.rook | self.by_role.queen
    }

    /// Bishops and queens, both colours.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role.bishop | self.by_role.queen
    }

    /// The king of one colour (a legal position has one).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role.king & self.by_color(color)).first()
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role(role).contains(sq))
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` blocking: shakmaty's
    /// `Board::attacks_to` over the small tables of [`rays`].
    #[inline]
    pub fn attacks_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let steppers = (attacks::knight_attacks(sq) & self.by_role.knight)
            | (attacks::king_attacks(sq) & self.by_role.king)
            | (attacks::pawn_attacks(!attacker, sq) & self.by_role.pawn);
        let sliders = (rays::rook_attacks(sq, occupied) & self.rooks_and_queens())
            | (rays::bishop_attacks(sq, occupied) & self.bishops_and_queens());
        (steppers | sliders) & self.by_color(attacker)
    }

    /// The pieces of theirs that attack our king.
    pub fn checkers(&self) -> Bitboard {
        self.king_of(self.turn).map_or(Bitboard::EMPTY, |king| {
            self.attacks_to(king, !self.turn, self.occupied())
        })
    }

    /// Plays a legal move, as shakmaty's `play_unchecked` does: the pieces, the castling rights
    /// it loses, the en passant square and the side to move.
    #[inline]
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        self.ep_square = None;
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if role == Role::Pawn && u32::from(from) ^ u32::from(to) == 16 {
                    self.ep_square = Some(Square::new((u32::from(from) + u32::from(to)) / 2));
                }
                if role == Role::King {
                    self.castles.discard_color(us);
                } else if role == Role::Rook {
                    self.castles.discard_rook(from);
                }
                if let Some(captured) = capture {
                    if captured == Role::Rook {
                        self.castles.discard_rook(to);
                    }
                    *self.by_role.get_mut(captured) ^= to;
                    *self.by_color.get_mut(!us) ^= to;
                }
                match promotion {
                    None => *self.by_role.get_mut(role) ^= Bitboard::from(from) | to,
                    Some(promotion) => {
                        *self.by_role.get_mut(role) ^= from;
                        *self.by_role.get_mut(promotion) ^= to;
                    }
                }
                *self.by_color.get_mut(us) ^= Bitboard::from(from) | to;
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.by_role.pawn ^= Bitboard::from(from) | to | captured;
                *self.by_color.get_mut(us) ^= Bitboard::from(from) | to;
                *self.by_color.get_mut(!us) ^= captured;
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                let king_to = Square::from_coords(side.king_to_file(), king.rank());
                let rook_to = Square::from_coords(side.rook_to_file(), rook.rank());
                // In Chess960 the king or the rook may stay where it is, or take the other's
                // square: remove both, then place both.
                self.by_role.king = self.by_role.king.without(king).with(king_to);
                self.by_role.rook = self.by_role.rook.without(rook).with(rook_to);
                let ours = self.by_color.get_mut(us);
                *ours = ours.without(king).without(rook).with(king_to).with(rook_to);
                self.castles.discard_color(us);
            }
            Move::Put { .. } => unreachable!("chess has no drops"),
        }
        self.turn = !us;
    }

    /// The legal castling move on `side`, if any: shakmaty's generator's test (the path empty,
    /// the king's squares unattacked, the king's target with the king and rook moved).
    #[inline(always)]
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let turn = self.turn;
        let rook = self.castles.rook(turn, side)?;
        let king = self.king_of(turn)?;
        let occupied = self.occupied();
        if (self.castles.path(turn, side) & occupied).any() {
            return None;
        }
        let king_to = side.king_to(turn);
        let moved = occupied ^ king ^ rook ^ side.rook_to(turn);
        if self.attacks_to(king_to, !turn, moved).any() {
            return None;
        }
        let without_king = occupied ^ king;
        let king_path = attacks::between(king, king_to).with(king);
        king_path
            .into_iter()
            .all(|sq| self.attacks_to(sq, !turn, without_king).is_empty())
            .then_some(Move::Castle { king, rook })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};
    use test_support::Rng;

    /// Starting positions for random games: the standard one, positions with pins, checks, en
    /// passant, promotions and castling, and Chess960 starts.
    pub(crate) fn starts() -> Vec<Chess> {
        let mut starts = vec![Chess::default(); 100];
        for fen in [
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/5n2/8/R3K2R w KQ - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "3qk3/8/8/8/8/8/3R4/3K4 w - - 0 1",
            "4k3/4r3/8/8/4B3/8/8/4K3 w - - 0 1",
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
            // Stalemate with a blocked pawn; checkmate with a pinned piece.
            "8/8/8/8/8/p4k2/P4p2/5K2 w - - 0 1",
            "4k3/8/8/8/b7/8/3N4/2qK4 w - - 0 1",
        ] {
            let setup: Fen = fen.parse().unwrap();
            starts.push(setup.into_position(CastlingMode::Standard).unwrap());
        }
        // Chess960 starts, the king beside, between or far from its rooks, some with few pieces
        // so that castling comes early.
        for (copies, fen) in [
            (
                25,
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            ),
            (
                25,
                "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1",
            ),
            (25, "1r1k1r2/pppppppp/8/8/8/8/PPPPPPPP/1R1K1R2 w FBfb - 0 1"),
            (25, "5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w HFhf - 0 1"),
            (25, "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1"),
            // The king has no safe step; castling, the rook alone moving, is the one move.
            (1, "k7/8/b7/8/8/7p/r6P/6KR w H - 0 1"),
        ] {
            let setup: Fen = fen.parse().unwrap();
            let pos: Chess = setup.into_position(CastlingMode::Chess960).unwrap();
            starts.extend(std::iter::repeat_n(pos, copies));
        }
        starts
    }

    fn assert_same(board: &Board, pos: &Chess) {
        let expected = Board::from_chess(pos);
        assert_eq!(board.by_role, expected.by_role);
        assert_eq!(board.by_color, expected.by_color);
        assert_eq!(board.turn, expected.turn);
        assert_eq!(board.ep_square, expected.ep_square);
        assert_eq!(board.castles.mode(), expected.castles.mode());
        assert_eq!(
            board.castles.castling_rights(),
            expected.castles.castling_rights()
        );
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                assert_eq!(
                    board.castles.rook(color, side),
                    expected.castles.rook(color, side)
                );
                assert_eq!(
                    board.castles.path(color, side),
                    expected.castles.path(color, side)
                );
            }
        }
    }

    #[test]
    fn play_castling_and_checkers_agree_with_shakmaty_on_random_games() {
        let mut rng = Rng::new(0x0042_4f41_5244_4741);
        let (mut castles, mut chess960_castles, mut en_passants) = (0, 0, 0);
        for mut pos in starts() {
            let mut board = Board::from_chess(&pos);
            for _ in 0..150 {
                assert_same(&board, &pos);
                let chess = board.to_chess();
                assert_eq!(chess.board(), pos.board());
                assert_eq!(chess.turn(), pos.turn());
                assert_eq!(
                    chess.castles().castling_rights(),
                    pos.castles().castling_rights()
                );
                assert_eq!(
                    chess.ep_square(EnPassantMode::Always),
                    pos.ep_square(EnPassantMode::Always)
                );
                assert_eq!(board.checkers(), pos.checkers());
                for side in CastlingSide::ALL {
                    assert_eq!(
                        board.castling_move(side),
                        pos.castling_moves(side).first().copied()
                    );
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Castling and en passant, when legal, are played more often than chance would.
                let special: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| m.is_castle() || m.is_en_passant())
                    .collect();
                let m = if !special.is_empty() && rng.chance(1, 2) {
                    *rng.pick(&special)
                } else {
                    moves[rng.index(moves.len())]
                };
                castles += usize::from(m.is_castle());
                chess960_castles +=
                    usize::from(m.is_castle() && pos.castles().mode() == CastlingMode::Chess960);
                en_passants += usize::from(m.is_en_passant());
                board.play(m);
                pos.play_unchecked(m);
            }
        }
        // The special moves were played, not only generated.
        assert!(
            castles > 100 && chess960_castles > 40 && en_passants > 20,
            "{castles} castlings ({chess960_castles} in Chess960), {en_passants} en passant"
        );
    }
}
