//! The rules of one atomic move, without judging its legality: what kind of move a token makes on
//! a board ([`AtomicMove::classify`]) and what the board looks like after it ([`AtomicMove::play`]).
//!
//! | move | effect |
//! |---|---|
//! | to an empty square | the piece moves (a pawn reaching its last rank promotes, to a queen by default) |
//! | onto an enemy piece | the captured piece, the capturing piece and every non-pawn on the eight squares around the to-square are removed, kings included |
//! | en passant | a pawn on its fifth rank moves diagonally onto an empty square beside an enemy pawn: that pawn and the capturing pawn go, and the blast is centred on the to-square |
//! | castling | the king goes two squares along its home rank from e1/e8, the rook from that corner lands beside it on the other side |

use std::{error::Error, fmt};

use chess_core::{names::color_name, token::UciToken};
use shakmaty::{Bitboard, Board, CastlingSide, File, Piece, Rank, Role, Square, attacks};

/// What a move does, by the rules alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// To an empty square: nothing explodes.
    Quiet,
    /// Onto an enemy piece: the blast goes off on the to-square.
    Capture {
        /// The piece on the to-square.
        captured: Piece,
    },
    /// A pawn takes the enemy pawn beside it, which just made a double step.
    EnPassant {
        /// Where the captured pawn stands (the to-file, the capturing pawn's rank).
        captured: Square,
    },
    /// The king moves two squares towards a rook in its corner, which jumps over it.
    Castle {
        /// Which side.
        side: CastlingSide,
    },
}

/// A move resolved on a board: the piece that moves, where, and what kind of move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtomicMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to.
    pub to: Square,
    /// The moving piece; its colour is the side to move.
    pub piece: Piece,
    /// Quiet move, capture, en passant or castling.
    pub kind: MoveKind,
    /// The piece a pawn becomes on its last rank (a queen unless the token names another).
    pub promotion: Option<Role>,
}

/// Where an en-passant square comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpRule {
    /// Placement only: any pawn move of the en-passant shape is en passant.
    Inferred,
    /// A full FEN: only a move onto this square (if any) is en passant.
    Given(Option<Square>),
}

/// A token that cannot be a move on this board, whatever the rules of legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The from-square is empty.
    NoPiece {
        /// The from-square.
        square: Square,
    },
    /// The from-square and the to-square are the same.
    NullMove {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// The to-square holds a piece of the mover's own colour.
    OwnPiece {
        /// The moving piece.
        piece: Piece,
        /// The from-square.
        from: Square,
        /// The own piece on the to-square.
        target: Piece,
        /// The to-square.
        to: Square,
    },
    /// A promotion letter on a move that does not bring a pawn to its last rank.
    NotPromotion {
        /// The token as given.
        token: UciToken,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::NoPiece { square } => write!(f, "no piece on {square}"),
            MoveError::NullMove { piece, square } => write!(
                f,
                "the {} on {square} must move to another square",
                role_name(piece.role)
            ),
            MoveError::OwnPiece {
                piece,
                from,
                target,
                to,
            } => write!(
                f,
                "the {} on {from} cannot move onto {}'s own {} on {to}",
                role_name(piece.role),
                color_name(piece.color),
                role_name(target.role)
            ),
            MoveError::NotPromotion { token } => write!(
                f,
                "move {token} names a promotion, but only a pawn reaching its last rank promotes"
            ),
        }
    }
}

impl Error for MoveError {}

/// The English name of a role, lower case (`knight`).
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// Whether a pawn move has the shape of en passant: a pawn on its fifth rank moves diagonally
/// forward onto an empty square, and an enemy pawn stands beside it on the to-file.
pub fn is_en_passant_shape(board: &Board, piece: Piece, from: Square, to: Square) -> bool {
    piece.role == Role::Pawn
        && from.rank() == piece.color.relative_rank(Rank::Fifth)
        && attacks::pawn_attacks(piece.color, from).contains(to)
        && !board.occupied().contains(to)
        && board.piece_at(Square::from_coords(to.file(), from.rank()))
            == Some(Piece {
                color: !piece.color,
                role: Role::Pawn,
            })
}

impl AtomicMove {
    /// Resolves a token on a board by the rules alone (see the module table).
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the from-square is empty, the piece would stay put or land on its own
    /// side's piece, or a promotion letter is given where no pawn promotes.
    ///
    /// # Examples
    ///
    /// ```
    /// use atomic::explosion::{AtomicMove, EpRule, MoveKind};
    /// use chess_core::placement::parse_placement;
    ///
    /// let board = parse_placement("rnbqk2r/pp2p2p/2p3pb/3pP3/5P2/2N5/PPPP2P1/R1BQKB1R")?;
    /// let mv = AtomicMove::classify(&board, "e5d6".parse()?, EpRule::Inferred)?;
    /// assert!(matches!(mv.kind, MoveKind::EnPassant { .. }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn classify(board: &Board, token: UciToken, ep: EpRule) -> Result<AtomicMove, MoveError> {
        let UciToken { from, to, .. } = token;
        let piece = board
            .piece_at(from)
            .ok_or(MoveError::NoPiece { square: from })?;
        if from == to {
            return Err(MoveError::NullMove {
                piece,
                square: from,
            });
        }
        let kind = match board.piece_at(to) {
            Some(target) if target.color == piece.color => {
                return Err(MoveError::OwnPiece {
                    piece,
                    from,
                    target,
                    to,
                });
            }
            Some(captured) => MoveKind::Capture { captured },
            None if is_en_passant_shape(board, piece, from, to)
                && match ep {
                    EpRule::Inferred => true,
                    EpRule::Given(square) => square == Some(to),
                } =>
            {
                MoveKind::EnPassant {
                    captured: Square::from_coords(to.file(), from.rank()),
                }
            }
            None => castle_side(board, piece, from, to)
                .map_or(MoveKind::Quiet, |side| MoveKind::Castle { side }),
        };
        let promotes =
            piece.role == Role::Pawn && to.rank() == piece.color.relative_rank(Rank::Eighth);
        let promotion = match (promotes, token.promotion) {
            (true, role) => Some(role.unwrap_or(Role::Queen)),
            (false, None) => None,
            (false, Some(_)) => return Err(MoveError::NotPromotion { token }),
        };
        Ok(AtomicMove {
            from,
            to,
            piece,
            kind,
            promotion,
        })
    }

    /// The square the rook of a castling move comes from and the one it goes to.
    pub fn castling_rook(&self) -> Option<(Square, Square)> {
        match self.kind {
            MoveKind::Castle { side } => {
                let rank = self.piece.color.backrank();
                let corner = if side.is_queen_side() {
                    File::A
                } else {
                    File::H
                };
                Some((
                    Square::from_coords(corner, rank),
                    side.rook_to(self.piece.color),
                ))
            }
            _ => None,
        }
    }

    /// The captured piece and its square, for a capture or en passant.
    pub fn captured(&self) -> Option<(Square, Piece)> {
        match self.kind {
            MoveKind::Capture { captured } => Some((self.to, captured)),
            MoveKind::EnPassant { captured } => Some((
                captured,
                Piece {
                    color: !self.piece.color,
                    role: Role::Pawn,
                },
            )),
            MoveKind::Quiet | MoveKind::Castle { .. } => None,
        }
    }

    /// Whether the move resets the halfmove clock (a pawn move or a capture).
    pub fn is_zeroing(&self) -> bool {
        self.piece.role == Role::Pawn || self.captured().is_some()
    }

    /// Plays the move on `board` (which must be the board it was classified on) and returns the
    /// blast: the non-pawn pieces that the explosion removed around the to-square, besides the
    /// capturing and the captured piece. A move that captures nothing returns an empty blast.
    pub fn play(&self, board: &mut Board) -> Bitboard {
        board.discard_piece_at(self.from);
        match self.kind {
            MoveKind::Quiet => {
                let role = self.promotion.unwrap_or(self.piece.role);
                board.set_piece_at(self.to, role.of(self.piece.color));
                Bitboard::EMPTY
            }
            MoveKind::Castle { .. } => {
                if let Some((rook_from, rook_to)) = self.castling_rook() {
                    board.discard_piece_at(rook_from);
                    board.set_piece_at(rook_to, Role::Rook.of(self.piece.color));
                }
                board.set_piece_at(self.to, self.piece);
                Bitboard::EMPTY
            }
            MoveKind::Capture { .. } | MoveKind::EnPassant { .. } => {
                if let MoveKind::EnPassant { captured } = self.kind {
                    board.discard_piece_at(captured);
                }
                board.discard_piece_at(self.to);
                let blast = attacks::king_attacks(self.to) & board.occupied() & !board.pawns();
                for square in blast {
                    board.discard_piece_at(square);
                }
                blast
            }
        }
    }
}

/// The castling side, when a king moves two squares along its home rank from the e-file towards
/// its own rook in that corner.
fn castle_side(board: &Board, piece: Piece, from: Square, to: Square) -> Option<CastlingSide> {
    let home = piece.color.backrank();
    if piece.role != Role::King || from != Square::from_coords(File::E, home) || to.rank() != home {
        return None;
    }
    let (side, corner) = match to.file() {
        File::G => (CastlingSide::KingSide, File::H),
        File::C => (CastlingSide::QueenSide, File::A),
        _ => return None,
    };
    (board.piece_at(Square::from_coords(corner, home)) == Some(Role::Rook.of(piece.color)))
        .then_some(side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::placement::parse_placement;

    fn play(placement: &str, token: &str) -> (String, Bitboard) {
        let mut board = parse_placement(placement).unwrap();
        let mv = AtomicMove::classify(&board, token.parse().unwrap(), EpRule::Inferred).unwrap();
        let blast = mv.play(&mut board);
        (board.board_fen().to_string(), blast)
    }

    #[test]
    fn seed_third_case_blast() {
        let (fen, blast) = play(
            "rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R",
            "f3b7",
        );
        assert_eq!(fen, "3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R");
        assert_eq!(blast, Bitboard::from(Square::A8) | Square::B8 | Square::C8);
    }

    #[test]
    fn castling_moves_the_rook() {
        let (fen, _) = play("r3k2r/8/8/8/8/8/8/R3K2R", "e1g1");
        assert_eq!(fen, "r3k2r/8/8/8/8/8/8/R4RK1");
        let (fen, _) = play("r3k2r/8/8/8/8/8/8/R3K2R", "e8c8");
        assert_eq!(fen, "2kr3r/8/8/8/8/8/8/R3K2R");
    }

    #[test]
    fn promotion_defaults_to_a_queen() {
        let (fen, _) = play("8/P7/8/8/8/8/8/8", "a7a8");
        assert_eq!(fen, "Q7/8/8/8/8/8/8/8");
        let (fen, _) = play("8/8/8/8/8/8/p7/8", "a2a1n");
        assert_eq!(fen, "8/8/8/8/8/8/8/n7");
    }

    #[test]
    fn structural_errors() {
        let board = parse_placement("8/8/8/8/8/8/4P3/4K3").unwrap();
        let err = |t: &str| {
            AtomicMove::classify(&board, t.parse().unwrap(), EpRule::Inferred)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("e3e4"), "no piece on e3");
        assert_eq!(
            err("e1e2"),
            "the king on e1 cannot move onto White's own pawn on e2"
        );
        assert_eq!(err("e2e2"), "the pawn on e2 must move to another square");
        assert_eq!(
            err("e2e4q"),
            "move e2e4q names a promotion, but only a pawn reaching its last rank promotes"
        );
    }
}
