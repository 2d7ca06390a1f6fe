//! The `--json` wire format: serialize-only structs borrowing from the library's values.
//!
//! A probe:
//!
//! ```json
//! {"fen": "8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1", "turn": "white", "value": "mate in 1",
//!  "mate_in": 1, "plies": 1,
//!  "moves": [{"uci": "e1c3", "san": "Bc3#", "value": "mated", "mate_in": 0, "plies": 0}, ...]}
//! ```
//!
//! `value` is the text of [`Value`]; `mate_in` the White moves to mate (0 when mated, `null`
//! for a draw); `plies` the distance to mate in plies for the side to move in that position
//! (`null` for a draw). For a move, both describe the position after it.

use serde::Serialize;
use shakmaty::Color;

use crate::table::{Probe, Value};

/// A probed position.
#[derive(Debug, Serialize)]
pub struct ProbeJson {
    /// The position probed.
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// The value, as text.
    pub value: String,
    /// White moves to mate (0: mated), `null` for a draw.
    pub mate_in: Option<u8>,
    /// Plies to mate, `null` for a draw.
    pub plies: Option<u8>,
    /// Every legal move, best first.
    pub moves: Vec<MoveJson>,
}

/// A legal move and the value it leads to.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// The move in UCI.
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// The value after the move, as text.
    pub value: String,
    /// White moves to mate after the move (0: mated), `null` for a draw.
    pub mate_in: Option<u8>,
    /// Plies to mate after the move, `null` for a draw.
    pub plies: Option<u8>,
}

impl ProbeJson {
    /// The wire form of a probe of the position `fen`.
    pub fn new(fen: String, probe: &Probe) -> ProbeJson {
        ProbeJson {
            fen,
            turn: color_name(probe.turn),
            value: probe.value.to_string(),
            mate_in: mate_in(probe.value),
            plies: probe.value.plies(probe.turn),
            moves: probe
                .moves
                .iter()
                .map(|mv| MoveJson {
                    uci: mv.uci.to_string(),
                    san: mv.san.to_string(),
                    value: mv.value.to_string(),
                    mate_in: mate_in(mv.value),
                    plies: mv.value.plies(probe.turn.other()),
                })
                .collect(),
        }
    }
}

fn mate_in(value: Value) -> Option<u8> {
    match value {
        Value::Draw => None,
        other => Some(other.moves()),
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
