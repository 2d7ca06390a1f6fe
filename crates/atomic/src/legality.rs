//! Whether a move is legal in atomic chess, and why not.
//!
//! The position is judged by shakmaty's atomic variant ([`shakmaty::variant::Atomic`]) with the
//! context the input gives or the spec infers:
//!
//! | context | placement only | full FEN |
//! |---|---|---|
//! | side to move | the colour of the piece on the from-square | the FEN's |
//! | en-passant square | the to-square, when the move has the en-passant shape | the FEN's |
//! | castling rights | none | the FEN's |
//!
//! Checks that the inferred context can make spurious are relaxed (impossible check, invalid
//! en-passant square, too much material, invalid castling rights). A position shakmaty still
//! refuses is [`Unverifiable`]: the caller applies the rules unchecked and warns.
//!
//! shakmaty decides atomic legality by generating every move and playing each one; that costs
//! microseconds. [`check`] decides the one move given, with the same conditions as shakmaty's
//! generator and filter (pseudo-legal for its piece, then: its own king survives, and the enemy
//! king exploded or its own king is not attacked, where a king touching the enemy king is never
//! attacked). `tests/shakmaty_agreement.rs` compares the two on every move of many positions.

use chess_core::names::color_name;
use std::{error::Error, fmt};

use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Color, FromSetup, Piece, Position, PositionError,
    PositionErrorKinds, Rank, Role, Setup, Square, attacks, variant::Atomic,
};

use crate::explosion::{AtomicMove, MoveKind, is_en_passant_shape, role_name};

/// Where the side to move, castling rights and en-passant square came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Inferred from a placement and the move (see the module table).
    Inferred,
    /// Given by a full FEN.
    Fen,
}

/// A position shakmaty refuses even with the relaxations: the move cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unverifiable {
    /// What shakmaty found wrong.
    pub kinds: PositionErrorKinds,
    /// The board.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
}

impl fmt::Display for Unverifiable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut reasons: Vec<String> = Vec::new();
        let kinds = self.kinds;
        if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
            reasons.push("the board is empty".to_owned());
        }
        for color in Color::ALL {
            let kings = (self.board.kings() & self.board.by_color(color)).count();
            if kings == 0 && kinds.contains(PositionErrorKinds::MISSING_KING) {
                reasons.push(format!("{} has no king", color_name(color)));
            }
            if kings > 1 && kinds.contains(PositionErrorKinds::TOO_MANY_KINGS) {
                reasons.push(format!("{} has {kings} kings", color_name(color)));
            }
        }
        if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
            let square = (self.board.pawns() & Bitboard::BACKRANKS).first();
            reasons.push(match square {
                Some(square) => format!("a pawn stands on {square}, a first or last rank"),
                None => "a pawn stands on a first or last rank".to_owned(),
            });
        }
        if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
            reasons.push(format!(
                "{} is in check although it is {}'s move",
                color_name(!self.turn),
                color_name(self.turn)
            ));
        }
        let known = PositionErrorKinds::EMPTY_BOARD
            | PositionErrorKinds::MISSING_KING
            | PositionErrorKinds::TOO_MANY_KINGS
            | PositionErrorKinds::PAWNS_ON_BACKRANK
            | PositionErrorKinds::OPPOSITE_CHECK;
        if !(kinds - known).is_empty() || reasons.is_empty() {
            reasons.push("shakmaty refuses the position".to_owned());
        }
        write!(
            f,
            "the move could not be checked ({}); the explosion rules were applied without the legality check",
            reasons.join(", ")
        )
    }
}

impl Error for Unverifiable {}

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// A full FEN says the other side is to move.
    WrongTurn {
        /// The moving piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// The mover has no king: its game is already lost.
    NoKing {
        /// The side to move.
        color: Color,
    },
    /// Kings never capture in atomic chess.
    KingCapture,
    /// The piece does not move that way.
    Unreachable {
        /// The moving piece.
        piece: Piece,
        /// The from-square.
        from: Square,
        /// The to-square.
        to: Square,
    },
    /// The way is blocked.
    Blocked {
        /// The moving piece.
        piece: Piece,
        /// The from-square.
        from: Square,
        /// The to-square.
        to: Square,
        /// The nearest piece in the way.
        blocker: Square,
    },
    /// A pawn moving straight onto a piece.
    PawnCapturesAhead {
        /// The from-square.
        from: Square,
        /// The occupied to-square.
        to: Square,
    },
    /// A pawn moving diagonally onto an empty square that is not an en-passant capture.
    NothingToCapture {
        /// The from-square.
        from: Square,
        /// The empty to-square.
        to: Square,
        /// The move has the en-passant shape, but a full FEN names another en-passant square.
        fen_ep_differs: bool,
    },
    /// The en-passant capture is impossible: the enemy pawn cannot have just made a double step.
    EnPassantImpossible {
        /// The to-square.
        to: Square,
        /// The pawn that would be captured.
        captured: Square,
        /// The occupied square the pawn would have come from.
        origin: Square,
    },
    /// No right to castle on that side.
    NoCastlingRights {
        /// The side to move.
        color: Color,
        /// The side of the board.
        side: CastlingSide,
        /// Whether the context was inferred (a placement gives no castling rights).
        context: Context,
    },
    /// A piece stands between the king and the rook, or on their destinations.
    CastlingBlocked {
        /// The square in the way.
        square: Square,
    },
    /// The king would castle out of, through or into check.
    CastlingThroughCheck {
        /// The attacked square.
        square: Square,
    },
    /// The move explodes the mover's own king.
    ExplodesOwnKing,
    /// The mover's king would stand in check afterwards (and the enemy king survives).
    LeavesKingInCheck {
        /// The king's square after the move.
        king: Square,
        /// One attacker.
        attacker: Square,
        /// The attacking piece.
        piece: Piece,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::WrongTurn { piece, square } => write!(
                f,
                "the {} on {square} is {}'s, but the FEN says {} is to move",
                role_name(piece.role),
                color_name(piece.color),
                color_name(!piece.color)
            ),
            IllegalMove::NoKing { color } => write!(
                f,
                "{} has no king, so the game is over and no move is legal",
                color_name(color)
            ),
            IllegalMove::KingCapture => f.write_str("a king cannot capture in atomic chess"),
            IllegalMove::Unreachable { piece, from, to } => {
                write!(
                    f,
                    "the {} on {from} cannot reach {to}",
                    role_name(piece.role)
                )
            }
            IllegalMove::Blocked {
                piece,
                from,
                to,
                blocker,
            } => write!(
                f,
                "the {} on {from} cannot reach {to}: {blocker} is in the way",
                role_name(piece.role)
            ),
            IllegalMove::PawnCapturesAhead { from, to } => write!(
                f,
                "the pawn on {from} cannot move to {to}: it is occupied, and pawns capture diagonally"
            ),
            IllegalMove::NothingToCapture {
                from,
                to,
                fen_ep_differs,
            } => {
                write!(
                    f,
                    "the pawn on {from} cannot move diagonally to {to}: there is nothing to capture"
                )?;
                if fen_ep_differs {
                    write!(
                        f,
                        " (en passant needs the FEN's en-passant square to be {to})"
                    )?;
                }
                Ok(())
            }
            IllegalMove::EnPassantImpossible {
                to,
                captured,
                origin,
            } => write!(
                f,
                "en passant on {to} is impossible: {origin} is occupied, so the pawn on {captured} cannot have just advanced two squares"
            ),
            IllegalMove::NoCastlingRights {
                color,
                side,
                context,
            } => match context {
                Context::Inferred => write!(
                    f,
                    "castling needs castling rights, which a placement alone does not give: give a full FEN (like \"... {} KQkq - 0 1\") or use --no-check",
                    if color.is_white() { 'w' } else { 'b' }
                ),
                Context::Fen => write!(
                    f,
                    "{} has no right to castle {} in this FEN",
                    color_name(color),
                    if side.is_queen_side() {
                        "queen side"
                    } else {
                        "king side"
                    }
                ),
            },
            IllegalMove::CastlingBlocked { square } => {
                write!(f, "castling is blocked: {square} is occupied")
            }
            IllegalMove::CastlingThroughCheck { square } => write!(
                f,
                "the king cannot castle out of, through or into check ({square} is attacked)"
            ),
            IllegalMove::ExplodesOwnKing => f.write_str("this move would explode your own king"),
            IllegalMove::LeavesKingInCheck {
                king,
                attacker,
                piece,
            } => write!(
                f,
                "this move would leave the king on {king} in check from the {} on {attacker}",
                role_name(piece.role)
            ),
        }
    }
}

impl Error for IllegalMove {}

/// The position shakmaty's atomic variant makes of `board` with the context (see the module
/// table): from the full FEN `fen`, or inferred from the move.
///
/// # Errors
///
/// [`Unverifiable`] when shakmaty refuses the position even with the relaxations (a missing or
/// extra king, pawns on a back rank, the side not to move in check).
pub fn position(
    board: &Board,
    mv: &AtomicMove,
    fen: Option<&Setup>,
) -> Result<Atomic, Unverifiable> {
    let setup = match fen {
        Some(fen) => Setup {
            board: board.clone(),
            ..fen.clone()
        },
        None => Setup {
            board: board.clone(),
            turn: mv.piece.color,
            ep_square: matches!(mv.kind, MoveKind::EnPassant { .. }).then_some(mv.to),
            ..Setup::empty()
        },
    };
    relaxed(setup).map_err(|kinds| Unverifiable {
        kinds,
        board: board.clone(),
        turn: fen.map_or(mv.piece.color, |fen| fen.turn),
    })
}

/// shakmaty's atomic position of a setup, relaxing the checks the spec lists: impossible check,
/// an invalid en-passant square or invalid castling rights (both dropped), too much material.
///
/// # Errors
///
/// What shakmaty still finds wrong.
pub fn relaxed(setup: Setup) -> Result<Atomic, PositionErrorKinds> {
    Atomic::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .map_err(|err| err.kinds())
}

/// Attackers of `square` in atomic chess: none when the attacker has no king or its king touches
/// the square (a king next to the enemy king cannot be taken, since the blast would take both).
pub fn atomic_attackers(
    board: &Board,
    square: Square,
    attacker: Color,
    occupied: Bitboard,
) -> Bitboard {
    let kings = board.kings() & board.by_color(attacker);
    if kings.is_empty() || (attacks::king_attacks(square) & kings).any() {
        Bitboard::EMPTY
    } else {
        board.attacks_to(square, attacker, occupied)
    }
}

/// Judges one move in a position, as shakmaty's atomic variant would (see the module doc).
///
/// # Errors
///
/// [`IllegalMove`] naming the first reason the move is illegal.
///
/// # Examples
///
/// ```
/// use atomic::explosion::{AtomicMove, EpRule};
/// use atomic::legality::{self, Context};
/// use chess_core::placement::parse_placement;
///
/// let board = parse_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")?;
/// let mv = AtomicMove::classify(&board, "g1g3".parse()?, EpRule::Inferred)?;
/// let pos = legality::position(&board, &mv, None)?;
/// let err = legality::check(&pos, &mv, Context::Inferred).unwrap_err();
/// assert_eq!(err.to_string(), "the knight on g1 cannot reach g3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn check(pos: &Atomic, mv: &AtomicMove, context: Context) -> Result<(), IllegalMove> {
    let us = pos.turn();
    if mv.piece.color != us {
        return Err(IllegalMove::WrongTurn {
            piece: mv.piece,
            square: mv.from,
        });
    }
    let board = pos.board();
    if board.king_of(us).is_none() {
        return Err(IllegalMove::NoKing { color: us });
    }
    pseudo_legal(pos, mv, context)?;
    let mut after = board.clone();
    mv.play(&mut after);
    king_safe(&after, us)
}

/// Whether `us` may leave the board `after` its move: its king survived, and the enemy king
/// exploded or its own king is not attacked (shakmaty's filter of atomic moves).
///
/// # Errors
///
/// [`IllegalMove::ExplodesOwnKing`] or [`IllegalMove::LeavesKingInCheck`].
pub fn king_safe(after: &Board, us: Color) -> Result<(), IllegalMove> {
    let Some(king) = after.king_of(us) else {
        return Err(IllegalMove::ExplodesOwnKing);
    };
    let attackers = atomic_attackers(after, king, !us, after.occupied());
    match attackers
        .first()
        .and_then(|attacker| Some((attacker, after.piece_at(attacker)?)))
    {
        Some((attacker, piece)) => Err(IllegalMove::LeavesKingInCheck {
            king,
            attacker,
            piece,
        }),
        None => Ok(()),
    }
}

/// Whether the piece moves that way at all (shakmaty's move generator, for one move).
fn pseudo_legal(pos: &Atomic, mv: &AtomicMove, context: Context) -> Result<(), IllegalMove> {
    let AtomicMove {
        from, to, piece, ..
    } = *mv;
    let occupied = pos.board().occupied();
    let unreachable = IllegalMove::Unreachable { piece, from, to };
    match piece.role {
        Role::King => match mv.kind {
            MoveKind::Castle { side } => castling(pos, mv, side, context),
            _ if !attacks::king_attacks(from).contains(to) => Err(unreachable),
            MoveKind::Capture { .. } | MoveKind::EnPassant { .. } => Err(IllegalMove::KingCapture),
            MoveKind::Quiet => Ok(()),
        },
        Role::Pawn => pawn(pos, mv, context),
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            if attacks::attacks(from, piece, occupied).contains(to) {
                Ok(())
            } else if attacks::attacks(from, piece, Bitboard::EMPTY).contains(to) {
                let between = attacks::between(from, to) & occupied;
                let blocker = if from < to {
                    between.first()
                } else {
                    between.last()
                };
                Err(blocker.map_or(unreachable, |blocker| IllegalMove::Blocked {
                    piece,
                    from,
                    to,
                    blocker,
                }))
            } else {
                Err(unreachable)
            }
        }
    }
}

fn pawn(pos: &Atomic, mv: &AtomicMove, context: Context) -> Result<(), IllegalMove> {
    let AtomicMove {
        from, to, piece, ..
    } = *mv;
    let color = piece.color;
    let forward = color.fold_wb(8, -8);
    let diagonal = attacks::pawn_attacks(color, from).contains(to);
    let unreachable = IllegalMove::Unreachable { piece, from, to };
    match mv.kind {
        // Inferred from a placement, the move's shape is the en-passant square: the seed's
        // challenge takes any such move as en passant, even where the board says the captured
        // pawn cannot have just made its double step (an occupied square behind it, which makes
        // shakmaty drop the square). A full FEN's square must be valid.
        MoveKind::EnPassant { captured } => {
            if context == Context::Inferred || pos.maybe_ep_square() == Some(to) {
                Ok(())
            } else {
                Err(IllegalMove::EnPassantImpossible {
                    to,
                    captured,
                    origin: Square::from_coords(to.file(), color.relative_rank(Rank::Seventh)),
                })
            }
        }
        MoveKind::Capture { .. } if diagonal => Ok(()),
        MoveKind::Capture { .. }
            if from.offset(forward) == Some(to) || from.offset(2 * forward) == Some(to) =>
        {
            Err(IllegalMove::PawnCapturesAhead { from, to })
        }
        MoveKind::Quiet if from.offset(forward) == Some(to) => Ok(()),
        MoveKind::Quiet if from.offset(2 * forward) == Some(to) => {
            if from.rank() != color.relative_rank(Rank::Second) {
                return Err(unreachable);
            }
            match from
                .offset(forward)
                .filter(|middle| pos.board().occupied().contains(*middle))
            {
                Some(blocker) => Err(IllegalMove::Blocked {
                    piece,
                    from,
                    to,
                    blocker,
                }),
                None => Ok(()),
            }
        }
        MoveKind::Quiet if diagonal => Err(IllegalMove::NothingToCapture {
            from,
            to,
            fen_ep_differs: context == Context::Fen
                && is_en_passant_shape(pos.board(), piece, from, to),
        }),
        _ => Err(unreachable),
    }
}

fn castling(
    pos: &Atomic,
    mv: &AtomicMove,
    side: CastlingSide,
    context: Context,
) -> Result<(), IllegalMove> {
    let us = pos.turn();
    let board = pos.board();
    let Some(rook) = pos.castles().rook(us, side) else {
        return Err(IllegalMove::NoCastlingRights {
            color: us,
            side,
            context,
        });
    };
    let occupied = board.occupied();
    if let Some(square) = (pos.castles().path(us, side) & occupied).first() {
        return Err(IllegalMove::CastlingBlocked { square });
    }
    let king = mv.from;
    let king_to = side.king_to(us);
    let rook_to = side.rook_to(us);
    if atomic_attackers(board, king_to, !us, occupied ^ king ^ rook ^ rook_to).any() {
        return Err(IllegalMove::CastlingThroughCheck { square: king_to });
    }
    for square in attacks::between(king, king_to).with(king) {
        if atomic_attackers(board, square, !us, occupied ^ king).any() {
            return Err(IllegalMove::CastlingThroughCheck { square });
        }
    }
    Ok(())
}
