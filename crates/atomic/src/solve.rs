//! One case from start to end: classify the move, judge it, play it, and (for a full FEN) update
//! the other fields.

use std::{convert::identity, error::Error, fmt};

use chess_core::placement::{Clock, ParsedFen};
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

    /// How the move ended the game, if it exploded a king.
    pub fn game_over(&self) -> Option<GameOver> {
        let lost = self.exploded_kings();
        match (lost.white, lost.black) {
            (true, true) => Some(GameOver::BothKings),
            (true, false) => Some(GameOver::Wins(Color::Black)),
            (false, true) => Some(GameOver::Wins(Color::White)),
            (false, false) => None,
        }
    }
}

/// How a move that exploded a king ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOver {
    /// It exploded exactly the other side's king.
    Wins(Color),
    /// It exploded both kings (possible only without the legality check).
    BothKings,
}

/// Why a case has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseError {
    /// The line is malformed.
    Parse(ParseCaseError),
    /// The token is no move on this board.
    Move(MoveError),
    /// The move is illegal.
    Illegal(IllegalMove),
    /// A full FEN's clock is at 4294967295 and this move would count past it.
    ClockOverflow(Clock),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Parse(err) => err.fmt(f),
            CaseError::Move(err) => err.fmt(f),
            CaseError::Illegal(err) => err.fmt(f),
            CaseError::ClockOverflow(clock) => write!(
                f,
                "after this move the {clock} would pass {}, the largest a FEN may hold here",
                u32::MAX
            ),
        }
    }
}

impl Error for CaseError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CaseError::Parse(err) => Some(err),
            CaseError::Move(err) => Some(err),
            CaseError::Illegal(err) => Some(err),
            CaseError::ClockOverflow(_) => None,
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
    let setup = fen
        .map(|before| next_setup(before, &mv, &after, blast))
        .transpose()?;
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
/// en-passant capture is then legal, as python-chess and shakmaty print it), clocks updated
/// (an error rather than a clock stuck at its largest value, as shakmaty would leave it).
fn next_setup(
    before: &Setup,
    mv: &AtomicMove,
    after: &Board,
    blast: Bitboard,
) -> Result<Setup, CaseError> {
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
            before
                .halfmoves
                .checked_add(1)
                .ok_or(CaseError::ClockOverflow(Clock::Halfmove))?
        },
        fullmoves: if color.is_black() {
            before
                .fullmoves
                .checked_add(1)
                .ok_or(CaseError::ClockOverflow(Clock::Fullmove))?
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
    Ok(next)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(line: &str) -> Result<String, String> {
        let case = Case::from_line(line).map_err(|e| e.to_string())?;
        let solution = solve(&case, Checking::Check).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        chess_core::placement::write_fen(&solution.setup.expect("a full FEN"), &mut out);
        Ok(String::from_utf8(out).expect("ASCII"))
    }

    /// Issue 16, defect 8: a clock is never clamped; at its largest value, counting on is an
    /// error, and a clock beyond it is refused when the FEN is read.
    #[test]
    fn atomic_fen_clocks_are_never_clamped() {
        let max = u32::MAX;
        assert_eq!(
            solved(&format!("4k3/8/8/8/8/8/8/4K3 w - - {} {max} e1e2", max - 1)),
            Ok(format!("4k3/8/8/8/8/8/4K3/8 b - - {max} {max}"))
        );
        assert_eq!(
            solved(&format!("4k3/8/8/8/8/8/8/4K3 w - - {max} 1 e1e2")),
            Err(format!(
                "after this move the halfmove clock would pass {max}, the largest a FEN may hold here"
            ))
        );
        assert_eq!(
            solved(&format!("4k3/8/8/8/8/8/8/4K3 b - - 0 {max} e8e7")),
            Err(format!(
                "after this move the fullmove number would pass {max}, the largest a FEN may hold here"
            ))
        );
        assert_eq!(
            solved("4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1 e1e2"),
            Err(
                "FEN halfmove clock \"4294967296\" is not a whole number from 0 to 4294967295"
                    .to_owned()
            )
        );
        // A pawn move resets the halfmove clock, whatever it was.
        assert_eq!(
            solved(&format!("4k3/8/8/8/8/8/4P3/4K3 w - - {max} 7 e2e3")),
            Ok("4k3/8/8/8/8/4P3/8/4K3 b - - 0 7".to_owned())
        );
    }
}
