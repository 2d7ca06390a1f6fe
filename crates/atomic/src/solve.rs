//! One case from start to end: classify the move, judge it, play it, and (for a full FEN) update
//! the other fields.

use std::{convert::identity, error::Error, fmt};

use chess_core::placement::ParsedFen;
use shakmaty::{
    Bitboard, Board, ByColor, Castles, CastlingMode, Color, EnPassantMode, Position, Rank, Role,
    Setup, Square, attacks,
};
use toolkit_cli::Report;

use crate::{
    case::{Case, ParseCaseError},
    explosion::{AtomicMove, EpRule, MoveError, MoveKind},
    legality::{self, Context, IllegalMove, Unverifiable},
};

/// Whether to judge legality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Checking {
    /// Judge every move; warn when the position cannot be judged.
    #[default]
    Check,
    /// Only apply the explosion rules (`--no-check`).
    NoCheck,
}

/// A solved case.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The board before the move.
    pub before: Board,
    /// The move as resolved on it.
    pub mv: AtomicMove,
    /// The board after the move and its explosion.
    pub after: Board,
    /// The non-pawn pieces the blast removed besides the capturing and the captured piece.
    pub blast: Bitboard,
    /// The whole position after the move, when a full FEN was given.
    pub setup: Option<Setup>,
    /// Why the move could not be judged, when checking was asked for but impossible.
    pub unchecked: Option<Unverifiable>,
}

impl Solution {
    /// The colours whose king this move exploded.
    pub fn exploded_kings(&self) -> ByColor<bool> {
        ByColor::new_with(|color| {
            self.before.king_of(color).is_some()
                && (self.after.kings() & self.after.by_color(color)).is_empty()
        })
    }

    /// The winner when the move exploded exactly one side's king.
    pub fn winner(&self) -> Option<Color> {
        let lost = self.exploded_kings();
        match (lost.white, lost.black) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }
}

/// Why a case has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseError {
    /// The line is not UTF-8 text.
    NotUtf8,
    /// The line is malformed.
    Parse(ParseCaseError),
    /// The token is no move on this board.
    Move(MoveError),
    /// The move is illegal.
    Illegal(IllegalMove),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::NotUtf8 => f.write_str("the line is not UTF-8 text"),
            CaseError::Parse(err) => err.fmt(f),
            CaseError::Move(err) => err.fmt(f),
            CaseError::Illegal(err) => err.fmt(f),
        }
    }
}

impl Error for CaseError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CaseError::NotUtf8 => None,
            CaseError::Parse(err) => Some(err),
            CaseError::Move(err) => Some(err),
            CaseError::Illegal(err) => Some(err),
        }
    }
}

impl Report for CaseError {}

impl From<ParseCaseError> for CaseError {
    fn from(err: ParseCaseError) -> Self {
        CaseError::Parse(err)
    }
}

impl From<MoveError> for CaseError {
    fn from(err: MoveError) -> Self {
        CaseError::Move(err)
    }
}

impl From<IllegalMove> for CaseError {
    fn from(err: IllegalMove) -> Self {
        CaseError::Illegal(err)
    }
}

/// Solves a case.
///
/// # Errors
///
/// [`CaseError::Move`] when the token is no move on the board, [`CaseError::Illegal`] when
/// checking finds the move illegal.
///
/// # Examples
///
/// ```
/// use atomic::{case::Case, solve::{Checking, solve}};
///
/// let case = Case::from_line("5r2/2k5/p1B5/1pP1p3/1P4P1/3P4/P7/1K3R1q c6h1")?;
/// let solution = solve(&case, Checking::Check)?;
/// assert_eq!(solution.after.board_fen().to_string(), "5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn solve(case: &Case, checking: Checking) -> Result<Solution, CaseError> {
    let (board, fen) = match &case.position {
        ParsedFen::Placement(board) => (board, None),
        ParsedFen::Full(setup) => (&setup.board, Some(setup)),
    };
    let ep = fen.map_or(EpRule::Inferred, |setup| EpRule::Given(setup.ep_square));
    let mv = AtomicMove::classify(board, case.token, ep)?;
    let mut unchecked = None;
    if checking == Checking::Check {
        if let Some(setup) = fen
            && setup.turn != mv.piece.color
        {
            return Err(IllegalMove::WrongTurn {
                piece: mv.piece,
                square: mv.from,
            }
            .into());
        }
        match legality::position(board, &mv, fen) {
            Ok(pos) => {
                let context = if fen.is_some() {
                    Context::Fen
                } else {
                    Context::Inferred
                };
                legality::check(&pos, &mv, context)?;
            }
            Err(why) => unchecked = Some(why),
        }
    }
    let mut after = board.clone();
    let blast = mv.play(&mut after);
    let setup = fen.map(|before| next_setup(before, &mv, &after, blast));
    Ok(Solution {
        before: board.clone(),
        mv,
        after,
        blast,
        setup,
        unchecked,
    })
}

/// The full position after the move: side to move switched, castling rights of moved or
/// exploded kings and rooks dropped, the en-passant square after a double step (only when an
/// en-passant capture is then legal, as python-chess and shakmaty print it), clocks updated.
fn next_setup(before: &Setup, mv: &AtomicMove, after: &Board, blast: Bitboard) -> Setup {
    let color = mv.piece.color;
    let mut rights = before.castling_rights;
    if mv.piece.role == Role::King {
        rights &= !Bitboard::from_rank(color.backrank());
    }
    rights &= !(Bitboard::from_square(mv.from) | Bitboard::from_square(mv.to) | blast);
    let double_step = mv.piece.role == Role::Pawn
        && mv.from.rank() == color.relative_rank(Rank::Second)
        && mv.to.rank() == color.relative_rank(Rank::Fourth);
    let mut next = Setup {
        board: after.clone(),
        turn: !color,
        castling_rights: rights,
        ep_square: if double_step {
            mv.from.offset(color.fold_wb(8, -8))
        } else {
            None
        },
        halfmoves: if mv.is_zeroing() {
            0
        } else {
            before.halfmoves.saturating_add(1)
        },
        fullmoves: if color.is_black() {
            before.fullmoves.saturating_add(1)
        } else {
            before.fullmoves
        },
        ..Setup::empty()
    };
    next.castling_rights = Castles::from_setup(&next, CastlingMode::Standard)
        .unwrap_or_else(identity)
        .castling_rights();
    next.ep_square = next
        .ep_square
        .and_then(|square| legal_ep_square(&next, square));
    next
}

/// The en-passant square if the side to move can legally capture there. When shakmaty refuses the
/// position (after an unchecked move), the capture is judged by the atomic rules directly: both
/// kings on the board, and a capture after which the capturer's king is safe.
fn legal_ep_square(setup: &Setup, square: Square) -> Option<Square> {
    if let Ok(pos) = legality::relaxed(setup.clone()) {
        return pos.ep_square(EnPassantMode::Legal);
    }
    let board = &setup.board;
    let us = setup.turn;
    if Color::ALL
        .iter()
        .any(|&color| (board.kings() & board.by_color(color)).is_empty())
    {
        return None;
    }
    let piece = Role::Pawn.of(us);
    let captured = Square::from_coords(square.file(), us.relative_rank(Rank::Fifth));
    let capturers = attacks::pawn_attacks(!us, square) & board.pawns() & board.by_color(us);
    capturers
        .into_iter()
        .any(|from| {
            let mv = AtomicMove {
                from,
                to: square,
                piece,
                kind: MoveKind::EnPassant { captured },
                promotion: None,
            };
            let mut after = board.clone();
            mv.play(&mut after);
            legality::king_safe(&after, us).is_ok()
        })
        .then_some(square)
}
