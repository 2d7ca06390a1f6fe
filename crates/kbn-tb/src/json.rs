//! The JSON wire format of `probe --json`, `stats --json` and `kbn-tb serve`'s API:
//! serialize-only structs made from the library's values.
//!
//! A probe, one object per position (`probe --json` prints one per line; the API answers one):
//!
//! ```json
//! {"fen": "8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1", "turn": "white", "value": "mate in 1",
//!  "mate_in": 1, "plies": 1,
//!  "moves": [{"uci": "e1c3", "san": "Bc3#", "value": "mated", "mate_in": 0, "plies": 0}, ...]}
//! ```
//!
//! | field | meaning |
//! |---|---|
//! | `fen` | the position, as given (trimmed) |
//! | `turn` | the side to move, `white` or `black` |
//! | `value` | the text of [`Value`](crate::Value): `mate in N`, `mated`, `draw`; `illegal` for a placement that cannot arise (the API only) |
//! | `reason` | only with `illegal`: why, e.g. `the kings on b7 and a7 stand next to each other` |
//! | `mate_in` | White moves to mate: 0 when Black is mated, `null` for a draw or an illegal placement |
//! | `plies` | the distance to mate in plies for the side to move, `null` for a draw or an illegal placement |
//! | `moves` | every legal move, best first (empty when illegal): `uci`, `san`, and `value`, `mate_in`, `plies` of the position after it |
//!
//! Statistics: `{"white": SIDE, "black": SIDE, "seed": {"ours": SEED, "published": SEED}}` with
//! SIDE = `{"won", "drawn", "illegal", "histogram": [mated, mate in 1, ...], "longest":
//! {"value", "fen"}}` and SEED = `{"checkmates", "mate_in_one", "longest", "entries"}`.

use chess_core::names::color_key;
use serde::Serialize;
use shakmaty::Color;

use crate::{
    position::IllegalPosition,
    stats::{SeedCounts, SideStats, Stats},
    table::Probe,
};

/// A probed position: a line of `probe --json`, and the answer of `GET /api/probe`.
#[derive(Debug, Serialize)]
pub struct ProbeJson {
    /// The position probed, as given.
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// The value, as text; `illegal` for a placement that cannot arise.
    pub value: String,
    /// Why the placement cannot arise (only with `illegal`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// White moves to mate (0: mated), `null` for a draw or an illegal placement.
    pub mate_in: Option<u8>,
    /// Plies to mate, `null` for a draw or an illegal placement.
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
            turn: color_key(probe.turn),
            value: probe.value.to_string(),
            reason: None,
            mate_in: probe.value.mate_in(),
            plies: probe.value.plies(probe.turn),
            moves: probe
                .moves
                .iter()
                .map(|mv| MoveJson {
                    uci: mv.uci.to_string(),
                    san: mv.san.to_string(),
                    value: mv.value.to_string(),
                    mate_in: mv.value.mate_in(),
                    plies: mv.value.plies(probe.turn.other()),
                })
                .collect(),
        }
    }

    /// The wire form of a KBNK placement that cannot arise (see
    /// [`IllegalPosition::is_unreachable_placement`]): value `illegal`, the reason, no moves.
    pub fn illegal(fen: String, turn: Color, reason: &IllegalPosition) -> ProbeJson {
        ProbeJson {
            fen,
            turn: color_key(turn),
            value: "illegal".to_owned(),
            reason: Some(reason.to_string()),
            mate_in: None,
            plies: None,
            moves: Vec::new(),
        }
    }
}

/// The statistics of a table.
#[derive(Debug, Serialize)]
pub struct StatsJson {
    /// White to move.
    pub white: SideJson,
    /// Black to move.
    pub black: SideJson,
    /// The seed's counts: ours, counted its way, and its published figures.
    pub seed: SeedJson,
}

/// The statistics of one side to move.
#[derive(Debug, Serialize)]
pub struct SideJson {
    /// Won positions (every placement counted).
    pub won: u64,
    /// Drawn positions.
    pub drawn: u64,
    /// Illegal placements.
    pub illegal: u64,
    /// Positions by value: mated, mate in 1, mate in 2, ...
    pub histogram: Vec<u64>,
    /// The longest mate and an example.
    pub longest: Option<LongestJson>,
}

/// The longest mate of a side and an example position.
#[derive(Debug, Serialize)]
pub struct LongestJson {
    /// The value, as text.
    pub value: String,
    /// An example.
    pub fen: String,
}

/// The seed's figures, ours and published.
#[derive(Debug, Serialize)]
pub struct SeedJson {
    /// Counted the seed's way by this table.
    pub ours: SeedCountsJson,
    /// As the seed published them.
    pub published: SeedCountsJson,
}

/// The seed's four figures.
#[derive(Debug, Serialize)]
pub struct SeedCountsJson {
    /// Checkmates, Black to move.
    pub checkmates: u64,
    /// Mates in 1, White to move.
    pub mate_in_one: u64,
    /// The longest mate, in moves.
    pub longest: u8,
    /// Solution-base entries (won White-to-move positions).
    pub entries: u64,
}

impl SeedCountsJson {
    fn new(counts: SeedCounts) -> SeedCountsJson {
        SeedCountsJson {
            checkmates: counts.checkmates,
            mate_in_one: counts.mate_in_one,
            longest: counts.longest,
            entries: counts.entries,
        }
    }
}

impl StatsJson {
    /// The wire form of the statistics.
    pub fn new(stats: &Stats) -> StatsJson {
        let side = |side: &SideStats| SideJson {
            won: side.won,
            drawn: side.drawn,
            illegal: side.illegal,
            histogram: side.histogram.clone(),
            longest: side.longest.map(|(value, pos)| LongestJson {
                value: value.to_string(),
                fen: pos.to_string(),
            }),
        };
        StatsJson {
            white: side(&stats.white),
            black: side(&stats.black),
            seed: SeedJson {
                ours: SeedCountsJson::new(stats.seed),
                published: SeedCountsJson::new(SeedCounts::PUBLISHED),
            },
        }
    }
}
