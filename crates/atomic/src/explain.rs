//! `--explain`: what the move did, what it removed and why, in plain lines.
//!
//! ```text
//! 3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R
//!   f3b7: the white queen on f3 captures the black pawn on b7
//!   removed: the captured black pawn on b7
//!   removed: the capturing white queen from f3
//!   removed in the blast around b7: black rook on a8, black knight on b8, black bishop on c8
//!   survived the blast (pawns do not explode): black pawn on a6, black pawn on c7
//! ```

use chess_core::names::color_name;
use std::fmt::Write as _;

use shakmaty::{Bitboard, Board, Piece, attacks};

use crate::{
    explosion::{MoveKind, role_name},
    solve::{GameOver, Solution},
};

/// `white queen`.
pub fn piece_name(piece: Piece) -> String {
    format!(
        "{} {}",
        color_name(piece.color).to_lowercase(),
        role_name(piece.role)
    )
}

/// The pieces of `board` on `squares`, as `black rook on a8, black knight on b8`.
fn list(board: &Board, squares: Bitboard) -> String {
    squares
        .into_iter()
        .filter_map(|square| board.piece_at(square).map(|piece| (square, piece)))
        .map(|(square, piece)| format!("{} on {square}", piece_name(piece)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The pawns next to the to-square that the blast spared (not the captured pawn).
pub fn survivors(solution: &Solution) -> Bitboard {
    let Some((captured, _)) = solution.mv.captured() else {
        return Bitboard::EMPTY;
    };
    attacks::king_attacks(solution.mv.to)
        & solution.after.pawns()
        & !Bitboard::from_square(captured)
}

/// The explanation lines (each indented two spaces and ending with a line break).
pub fn explain(solution: &Solution) -> String {
    let mv = &solution.mv;
    let mover = piece_name(mv.piece);
    let mut text = String::new();
    let _ = write!(text, "  {}{}: ", mv.from, mv.to);
    match mv.kind {
        MoveKind::Quiet => {
            let _ = write!(text, "the {mover} on {} moves to {}", mv.from, mv.to);
        }
        MoveKind::Castle { side } => {
            let (rook_from, rook_to) = mv.castling_rook().unwrap_or((mv.to, mv.to));
            let _ = write!(
                text,
                "{} castles {}: the king goes from {} to {}, the rook from {rook_from} to {rook_to}",
                color_name(mv.piece.color),
                if side.is_queen_side() {
                    "queen side"
                } else {
                    "king side"
                },
                mv.from,
                mv.to
            );
        }
        MoveKind::Capture { captured } => {
            let _ = write!(
                text,
                "the {mover} on {} captures the {} on {}",
                mv.from,
                piece_name(captured),
                mv.to
            );
        }
        MoveKind::EnPassant { captured } => {
            let _ = write!(
                text,
                "the {mover} on {} captures the {} on {captured} en passant, moving to {}",
                mv.from,
                piece_name(Piece {
                    color: !mv.piece.color,
                    role: shakmaty::Role::Pawn
                }),
                mv.to
            );
        }
    }
    if let Some(role) = mv.promotion {
        let _ = write!(text, " and promotes to a {}", role_name(role));
    }
    text.push('\n');
    match mv.captured() {
        None => text.push_str("  nothing is captured, so nothing explodes\n"),
        Some((square, piece)) => {
            let _ = writeln!(
                text,
                "  removed: the captured {} on {square}",
                piece_name(piece)
            );
            let _ = writeln!(text, "  removed: the capturing {mover} from {}", mv.from);
            let blast = if solution.blast.is_empty() {
                "nothing".to_owned()
            } else {
                list(&solution.before, solution.blast)
            };
            let _ = writeln!(text, "  removed in the blast around {}: {blast}", mv.to);
            let spared = survivors(solution);
            if spared.any() {
                let _ = writeln!(
                    text,
                    "  survived the blast (pawns do not explode): {}",
                    list(&solution.after, spared)
                );
            }
        }
    }
    for color in shakmaty::Color::ALL {
        if *solution.exploded_kings().get(color) {
            let _ = writeln!(text, "  {}'s king exploded", color_name(color));
        }
    }
    match solution.game_over() {
        Some(GameOver::Wins(winner)) => {
            let _ = writeln!(text, "  game over: {} wins", color_name(winner));
        }
        Some(GameOver::BothKings) => text.push_str("  game over: both kings exploded\n"),
        None => {}
    }
    text
}
