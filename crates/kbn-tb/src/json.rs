//! The JSON wire format of `probe --json`, `stats --json` and `kbn-tb serve`'s API: wire
//! structs made from the library's values.
//!
//! The probe answers ([`ProbeJson`], [`StandardJson`], [`MainlineJson`]) are the hot path of
//! `kbn-tb serve`: each is written by hand into one buffer ([`ProbeJson::to_json`] and the
//! like), keys as fixed text, moves straight from shakmaty's ASCII writers. Through serde, a
//! `/standard` answer (300-odd keys) spent more time escaping keys and formatting than probing.
//! The statistics, rare and small, go through serde.
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
//! | `value` | the text of [`Value`]: `mate in N`, `mated`, `draw`; `illegal` for a placement that cannot arise (the API only) |
//! | `reason` | only with `illegal`: why, e.g. `the kings on b7 and a7 stand next to each other` |
//! | `mate_in` | White moves to mate: 0 when Black is mated, `null` for a draw or an illegal placement |
//! | `plies` | the distance to mate in plies for the side to move, `null` for a draw or an illegal placement |
//! | `moves` | every legal move, best first (empty when illegal): `uci`, `san`, and `value`, `mate_in`, `plies` of the position after it |
//!
//! The lichess-shaped answers of `kbn-tb serve` ([`StandardJson`], [`MainlineJson`]) are
//! described on their types.
//!
//! Statistics: `{"white": SIDE, "black": SIDE, "seed": {"ours": SEED, "published": SEED}}` with
//! SIDE = `{"won", "drawn", "illegal", "histogram": [mated, mate in 1, ...], "longest":
//! {"value", "fen"}}` and SEED = `{"checkmates", "mate_in_one", "longest", "entries"}`.

use std::{borrow::Cow, cmp::Reverse};

use chess_core::names::color_key;
use serde::Serialize;
use shakmaty::{Color, Role, san::SanPlus, uci::UciMove};

use crate::{
    position::{IllegalPosition, Kbnk},
    stats::{SeedCounts, SideStats, Stats},
    table::{Ending, MoveValue, Probe, uci_order},
    value::{Dtz, Value},
};

/// A JSON text being written into a buffer. Keys and punctuation come as fixed text, so the
/// callers write them with [`Out::raw`]; only the FEN, given by the user, needs escaping.
struct Out(Vec<u8>);

impl Out {
    /// A buffer of about a probe answer's size.
    fn new() -> Out {
        Out(Vec::with_capacity(4096))
    }

    /// Fixed text, already JSON.
    fn raw(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }

    /// A string, escaped.
    fn string(&mut self, text: &str) {
        // Writing into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut self.0, text);
    }

    fn int(&mut self, n: i32) {
        let mut digits = [0u8; 11];
        let mut at = digits.len();
        let mut rest = n.unsigned_abs();
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        if n < 0 {
            at -= 1;
            digits[at] = b'-';
        }
        self.0.extend_from_slice(&digits[at..]);
    }

    fn opt_int(&mut self, n: Option<i32>) {
        match n {
            Some(n) => self.int(n),
            None => self.raw("null"),
        }
    }

    fn bool(&mut self, b: bool) {
        self.raw(if b { "true" } else { "false" });
    }

    /// A move in UCI, quoted (ASCII letters and digits: nothing to escape).
    fn uci(&mut self, uci: UciMove) {
        self.0.push(b'"');
        uci.append_ascii_to(&mut self.0);
        self.0.push(b'"');
    }

    /// A move in SAN, quoted (`Kxc2`, `Bb7#`: nothing to escape).
    fn san(&mut self, san: SanPlus) {
        self.0.push(b'"');
        san.append_ascii_to(&mut self.0);
        self.0.push(b'"');
    }

    /// A value's text, quoted: `"mate in 12"`, `"mated"`, `"draw"`.
    fn value(&mut self, value: Value) {
        match value {
            Value::MateIn(n) => {
                self.raw("\"mate in ");
                self.int(i32::from(n));
                self.raw("\"");
            }
            Value::Mated => self.raw("\"mated\""),
            Value::Draw => self.raw("\"draw\""),
        }
    }

    /// A list: `[`, each item written by `item` with commas between, `]`.
    fn list<T>(&mut self, items: impl IntoIterator<Item = T>, mut item: impl FnMut(&mut Out, T)) {
        self.raw("[");
        for (i, x) in items.into_iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            item(self, x);
        }
        self.raw("]");
    }
}

/// A probed position: a line of `probe --json`, and the answer of `GET /api/probe`.
#[derive(Debug)]
pub struct ProbeJson<'a> {
    /// The position probed, as given.
    fen: Cow<'a, str>,
    /// The side to move.
    turn: Color,
    /// The probe, or why the placement cannot arise.
    answer: Result<&'a Probe, &'a IllegalPosition>,
}

impl<'a> ProbeJson<'a> {
    /// The wire form of a probe of the position `fen`.
    pub fn new(fen: impl Into<Cow<'a, str>>, probe: &'a Probe) -> ProbeJson<'a> {
        ProbeJson {
            fen: fen.into(),
            turn: probe.turn,
            answer: Ok(probe),
        }
    }

    /// The wire form of a KBNK placement that cannot arise (see
    /// [`IllegalPosition::is_unreachable_placement`]): value `illegal`, the reason, no moves.
    pub fn illegal(
        fen: impl Into<Cow<'a, str>>,
        turn: Color,
        reason: &'a IllegalPosition,
    ) -> ProbeJson<'a> {
        ProbeJson {
            fen: fen.into(),
            turn,
            answer: Err(reason),
        }
    }

    /// The JSON text, on one line.
    pub fn to_json(&self) -> Vec<u8> {
        let mut out = Out::new();
        out.raw("{\"fen\":");
        out.string(&self.fen);
        out.raw(",\"turn\":\"");
        out.raw(color_key(self.turn));
        match self.answer {
            Err(reason) => {
                out.raw("\",\"value\":\"illegal\",\"reason\":");
                out.string(&reason.to_string());
                out.raw(",\"mate_in\":null,\"plies\":null,\"moves\":[]}");
            }
            Ok(probe) => {
                out.raw("\",\"value\":");
                out.value(probe.value);
                out.raw(",\"mate_in\":");
                out.opt_int(probe.value.mate_in().map(i32::from));
                out.raw(",\"plies\":");
                out.opt_int(probe.value.plies(probe.turn).map(i32::from));
                out.raw(",\"moves\":");
                let after = probe.turn.other();
                out.list(&probe.moves, |out, mv| {
                    out.raw("{\"uci\":");
                    out.uci(mv.uci);
                    out.raw(",\"san\":");
                    out.san(mv.san);
                    out.raw(",\"value\":");
                    out.value(mv.value);
                    out.raw(",\"mate_in\":");
                    out.opt_int(mv.value.mate_in().map(i32::from));
                    out.raw(",\"plies\":");
                    out.opt_int(mv.value.plies(after).map(i32::from));
                    out.raw("}");
                });
                out.raw("}");
            }
        }
        out.0
    }
}

/// A position's category in the lichess tablebase API, from the side to move's point of view.
/// KBNK has no 50-move subtleties (every mate is shorter), so only three of lichess's ten
/// categories occur.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Category {
    Loss,
    Draw,
    Win,
}

impl Category {
    fn of(value: Value, turn: Color) -> Category {
        match (value, turn) {
            (Value::Draw, _) => Category::Draw,
            (_, Color::White) => Category::Win,
            (_, Color::Black) => Category::Loss,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Category::Loss => "loss",
            Category::Draw => "draw",
            Category::Win => "win",
        }
    }
}

/// Writes what lichess says of one position (the root, or the position after a move): the
/// fields the root and each move share, after a comma. lichess's `dtc` and `dtw` (other
/// tablebases) are always `null`, `variant_win` and `variant_loss` (other variants) `false`.
fn position_fields(out: &mut Out, value: Value, turn: Color, ending: Option<Ending>) {
    let Dtz(dtz) = value.dtz(turn);
    out.raw("\"dtz\":");
    out.int(dtz);
    out.raw(",\"precise_dtz\":");
    out.int(dtz);
    out.raw(",\"dtc\":null,\"dtm\":");
    out.opt_int(value.dtm(turn).map(|dtm| dtm.0));
    out.raw(",\"dtw\":null,\"checkmate\":");
    out.bool(ending == Some(Ending::Checkmate));
    out.raw(",\"stalemate\":");
    out.bool(ending == Some(Ending::Stalemate));
    out.raw(",\"variant_win\":false,\"variant_loss\":false,\"insufficient_material\":");
    out.bool(ending == Some(Ending::InsufficientMaterial));
    out.raw(",\"category\":\"");
    out.raw(Category::of(value, turn).key());
    out.raw("\"");
}

/// The answer of `GET /standard?fen=FEN`, in the shape of the lichess tablebase API
/// (`tablebase.lichess.ovh/standard`), so that its clients can be pointed at `kbn-tb serve`:
///
/// ```json
/// {"dtz": 6, "precise_dtz": 6, "dtc": null, "dtm": 7, "dtw": null, "checkmate": false,
///  "stalemate": false, "variant_win": false, "variant_loss": false,
///  "insufficient_material": false, "category": "win",
///  "moves": [{"uci": "e2a6", "san": "Ba6", "zeroing": false, "conversion": false,
///             "dtz": -5, "precise_dtz": -5, "dtc": null, "dtm": -6, ..., "category": "loss"}, ...]}
/// ```
///
/// | field | meaning (as lichess defines it) |
/// |---|---|
/// | `category` | `win`, `draw` or `loss` for the side to move; for a move, for the side to move after it (so White's winning moves are `loss`) |
/// | `dtz`, `precise_dtz` | distance to zeroing in plies, signed for the side to move ([`Value::dtz`]); exact here, so both are equal |
/// | `dtm` | depth to mate in plies, signed for the side to move, 0 for a draw, `null` when checkmated ([`Value::dtm`]) |
/// | `checkmate`, `stalemate`, `insufficient_material` | the game is over by rule (after a move: Black's king took a piece, insufficient material) |
/// | `zeroing`, `conversion` | the move takes a piece (the only zeroing move in KBNK) |
/// | `dtc`, `dtw`, `variant_win`, `variant_loss` | other tablebases and variants: `null`, `false` |
///
/// Moves come best first in lichess's order: moves that leave the opponent lost first (mates,
/// then the fastest), then draws (stalemates, then captures: the bishop before the knight),
/// then moves that leave the opponent winning (the longest resistance first); equal moves in
/// UCI order.
#[derive(Debug)]
pub struct StandardJson<'a> {
    pos: Kbnk,
    probe: &'a Probe,
}

impl<'a> StandardJson<'a> {
    /// The lichess-shaped answer for a probe of `pos`.
    pub fn new(pos: Kbnk, probe: &'a Probe) -> StandardJson<'a> {
        StandardJson { pos, probe }
    }

    /// The JSON text, on one line.
    pub fn to_json(&self) -> Vec<u8> {
        let mut out = Out::new();
        out.raw("{");
        position_fields(
            &mut out,
            self.probe.value,
            self.probe.turn,
            self.probe.ending(),
        );
        out.raw(",\"moves\":");
        let turn = self.probe.turn.other();
        let mut moves: Vec<(LichessOrder, &MoveValue)> = self
            .probe
            .moves
            .iter()
            .map(|mv| (lichess_order(mv, turn, self.pos), mv))
            .collect();
        moves.sort_unstable_by_key(|&(key, _)| key);
        out.list(moves, |out, (_, mv)| {
            out.raw("{\"uci\":");
            out.uci(mv.uci);
            out.raw(",\"san\":");
            out.san(mv.san);
            out.raw(",\"zeroing\":");
            out.bool(mv.is_capture());
            out.raw(",\"conversion\":");
            out.bool(mv.is_capture());
            out.raw(",");
            position_fields(out, mv.value, turn, mv.ending);
            out.raw("}");
        });
        out.raw("}");
        out.0
    }
}

/// lichess's move order as a sort key (its `MoveInfo::sort_key`, for the values KBNK has): the
/// category left to the opponent (loss first), mates first, then stalemates and captures, then
/// the depth to mate tightened (the opponent's fastest loss first, then its slowest win), then
/// zeroing moves first among draws and losses, then the captured piece (bishop first), then
/// UCI order for what lichess leaves unordered.
type LichessOrder = (
    Category,
    bool,
    (bool, bool),
    (Reverse<Option<i32>>, Option<Reverse<i32>>),
    (bool, Reverse<i32>),
    Reverse<Option<Role>>,
    (u8, u8, u8, u8),
);

fn lichess_order(mv: &MoveValue, turn: Color, pos: Kbnk) -> LichessOrder {
    let dtm = mv.value.dtm(turn).map(|dtm| dtm.0);
    let category = Category::of(mv.value, turn);
    let captured = match mv.uci {
        UciMove::Normal { to, .. } if mv.is_capture() && to == pos.bishop() => Some(Role::Bishop),
        _ if mv.is_capture() => Some(Role::Knight),
        _ => None,
    };
    (
        category,
        mv.ending != Some(Ending::Checkmate),
        (mv.ending != Some(Ending::Stalemate), !mv.is_capture()),
        (
            Reverse(dtm.filter(|&m| m < 0)),
            dtm.filter(|&m| m > 0).map(Reverse),
        ),
        (
            mv.is_capture() ^ (category != Category::Win),
            Reverse(mv.value.dtz(turn).0),
        ),
        Reverse(captured),
        uci_order(&mv.uci),
    )
}

/// The answer of `GET /standard/mainline?fen=FEN`, in the shape of lichess's
/// `/standard/mainline`: the root's `dtz` and `precise_dtz`, the optimal line (White mates
/// fastest, Black resists longest) with each position's DTZ after the move, and the `winner`
/// at its end (`"w"`, or `null` for a draw, whose line is empty).
///
/// ```json
/// {"dtz": 1, "precise_dtz": 1, "mainline": [{"uci": "e1c3", "san": "Bc3#", "dtz": -1,
///  "precise_dtz": -1}], "winner": "w"}
/// ```
#[derive(Debug)]
pub struct MainlineJson<'a> {
    value: Value,
    turn: Color,
    line: &'a [MoveValue],
}

impl<'a> MainlineJson<'a> {
    /// The lichess-shaped main line of a position of value `value` with `turn` to move, `line`
    /// being [`Table::mainline`](crate::Table::mainline)'s.
    pub fn new(value: Value, turn: Color, line: &'a [MoveValue]) -> MainlineJson<'a> {
        MainlineJson { value, turn, line }
    }

    /// The JSON text, on one line.
    pub fn to_json(&self) -> Vec<u8> {
        let mut out = Out::new();
        let Dtz(dtz) = self.value.dtz(self.turn);
        out.raw("{\"dtz\":");
        out.int(dtz);
        out.raw(",\"precise_dtz\":");
        out.int(dtz);
        out.raw(",\"mainline\":");
        let mut turn = self.turn;
        out.list(self.line, |out, mv| {
            turn = turn.other();
            let Dtz(dtz) = mv.value.dtz(turn);
            out.raw("{\"uci\":");
            out.uci(mv.uci);
            out.raw(",\"san\":");
            out.san(mv.san);
            out.raw(",\"dtz\":");
            out.int(dtz);
            out.raw(",\"precise_dtz\":");
            out.int(dtz);
            out.raw("}");
        });
        out.raw(if self.value == Value::Draw {
            ",\"winner\":null}"
        } else {
            ",\"winner\":\"w\"}"
        });
        out.0
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
