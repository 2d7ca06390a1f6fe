//! `--json`: one JSON object per case, one per line.
//!
//! | field | value |
//! |---|---|
//! | `fen` | the resulting placement (or full FEN when one was given) |
//! | `move` | the move as given, with the promotion letter made explicit |
//! | `checked` | whether the move was judged legal (`false` with `--no-check` or when the position could not be judged) |
//! | `captured` | the captured piece, `{"square": "b7", "piece": "p"}`, or `null` |
//! | `exploded` | every other piece the explosion removed: the capturing piece (at its from-square) first, then the blast's victims in square order a1..h8 |
//! | `survivors` | the pawns next to the blast's centre that stayed |
//! | `game_over` | `"white wins"` or `"black wins"` when the move exploded one king, `"both kings exploded"`, or `null` |

use chess_core::names::color_key;
use serde::Serialize;
use shakmaty::{Bitboard, Board, Piece, Square};

use crate::{
    explain::survivors,
    solve::{GameOver, Solution},
};

/// A piece on a square.
#[derive(Debug, Serialize)]
pub struct PieceOn {
    /// The square, `b7`.
    pub square: String,
    /// The FEN letter, `p`.
    pub piece: String,
}

impl PieceOn {
    fn new(square: Square, piece: Piece) -> PieceOn {
        PieceOn {
            square: square.to_string(),
            piece: piece.char().to_string(),
        }
    }
}

/// One case's answer.
#[derive(Debug, Serialize)]
pub struct CaseJson {
    /// The resulting position.
    pub fen: String,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether legality was checked.
    pub checked: bool,
    /// The captured piece.
    pub captured: Option<PieceOn>,
    /// The other removed pieces.
    pub exploded: Vec<PieceOn>,
    /// Pawns next to the blast that stayed.
    pub survivors: Vec<PieceOn>,
    /// The end of the game, if the move exploded a king.
    pub game_over: Option<String>,
}

fn pieces(board: &Board, squares: Bitboard) -> Vec<PieceOn> {
    squares
        .into_iter()
        .filter_map(|square| {
            board
                .piece_at(square)
                .map(|piece| PieceOn::new(square, piece))
        })
        .collect()
}

impl CaseJson {
    /// The wire form of a solution whose resulting position is `fen`.
    pub fn new(solution: &Solution, fen: String, checked: bool) -> CaseJson {
        let mv = &solution.mv;
        let captured = mv.captured();
        let mut exploded = Vec::new();
        if captured.is_some() {
            exploded.push(PieceOn::new(mv.from, mv.piece));
            exploded.extend(pieces(&solution.before, solution.blast));
        }
        let game_over = solution.game_over().map(|over| match over {
            GameOver::BothKings => "both kings exploded".to_owned(),
            GameOver::Wins(winner) => format!("{} wins", color_key(winner)),
        });
        let mut token = format!("{}{}", mv.from, mv.to);
        if let Some(role) = mv.promotion {
            token.push(role.char());
        }
        CaseJson {
            fen,
            mv: token,
            checked,
            captured: captured.map(|(square, piece)| PieceOn::new(square, piece)),
            exploded,
            survivors: pieces(&solution.after, survivors(solution)),
            game_over,
        }
    }
}
