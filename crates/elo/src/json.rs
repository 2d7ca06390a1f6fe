//! `--json`: one compact JSON object per record, one per line (JSON Lines).
//!
//! ```json
//! {"line":1,"placement":"3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7",
//!  "board":["000r0000","Q0n00000",...],
//!  "white":{"name":"Garry Kasparov","rating":2800,"games":1855,"k":10,"expected":0.7597...,
//!           "if_white_wins":2802,"if_draw":2797,"if_white_loses":2792,
//!           "unrounded":{"if_white_wins":2802.40...,"if_draw":2797.40...,"if_white_loses":2792.40...}},
//!  "black":{...}}
//! ```
//!
//! `board` holds the 8 ranks from rank 8 to rank 1, one character per square, as the diagram
//! draws them (`0` or `·` for an empty square). With `--result`, the object also has `"result"`
//! (`"1-0"`, `"1/2-1/2"` or `"0-1"`) and each player `"after_result"`, the rounded rating after it.

use chess_core::render::Glyphs;
use serde::Serialize;
use shakmaty::{Color, File, Rank, Square};

use crate::{Answer, Outcome, Prediction, record::Player};

/// One record's answer on the wire.
#[derive(Debug, Serialize)]
struct AnswerJson<'a> {
    line: usize,
    placement: String,
    board: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    white: PlayerJson<'a>,
    black: PlayerJson<'a>,
}

/// One player's prediction on the wire.
#[derive(Debug, Serialize)]
struct PlayerJson<'a> {
    name: &'a str,
    rating: u16,
    games: u16,
    k: u8,
    expected: f64,
    if_white_wins: i64,
    if_draw: i64,
    if_white_loses: i64,
    unrounded: Unrounded,
    #[serde(skip_serializing_if = "Option::is_none")]
    after_result: Option<i64>,
}

/// The new ratings before rounding.
#[derive(Debug, Serialize)]
struct Unrounded {
    if_white_wins: f64,
    if_draw: f64,
    if_white_loses: f64,
}

impl<'a> PlayerJson<'a> {
    fn new(player: &'a Player, prediction: &Prediction, result: Option<Outcome>) -> Self {
        PlayerJson {
            name: &player.name,
            rating: player.rating.get(),
            games: player.games.get(),
            k: prediction.k.get(),
            expected: prediction.expected,
            if_white_wins: prediction.rounded(Outcome::WhiteWins),
            if_draw: prediction.rounded(Outcome::Draw),
            if_white_loses: prediction.rounded(Outcome::WhiteLoses),
            unrounded: Unrounded {
                if_white_wins: prediction.exact(Outcome::WhiteWins),
                if_draw: prediction.exact(Outcome::Draw),
                if_white_loses: prediction.exact(Outcome::WhiteLoses),
            },
            after_result: result.map(|outcome| prediction.rounded(outcome)),
        }
    }
}

/// The answer as one line of JSON, ending with `\n`.
///
/// # Examples
///
/// ```
/// use chess_core::render::Glyphs;
/// use elo::{Answer, json, records};
///
/// let input = "8/8/8/4k3/8/8/8/4K3\nName1 Surname1\n1600 60\nName2 Surname2\n1200 24\n";
/// let record = records(input).next().unwrap()?;
/// let line = json::to_line(&Answer::new(&record), Glyphs::Ascii, None);
/// assert!(line.starts_with(r#"{"line":1,"placement":"8/8/8/4k3/8/8/8/4K3","board":["00000000","#));
/// assert!(line.contains(r#""if_white_wins":1602,"if_draw":1592,"if_white_loses":1582,"#));
/// # Ok::<_, elo::RecordError>(())
/// ```
pub fn to_line(answer: &Answer<'_>, glyphs: Glyphs, result: Option<Outcome>) -> String {
    let record = answer.record;
    let board = Rank::ALL
        .into_iter()
        .rev()
        .map(|rank| {
            File::ALL
                .into_iter()
                .map(|file| glyphs.cell(record.board.piece_at(Square::from_coords(file, rank))))
                .collect()
        })
        .collect();
    let player = |color: Color| {
        PlayerJson::new(
            record.players.get(color),
            answer.predictions.get(color),
            result,
        )
    };
    let wire = AnswerJson {
        line: record.line,
        placement: record.board.board_fen().to_string(),
        board,
        result: result.map(Outcome::as_str),
        white: player(Color::White),
        black: player(Color::Black),
    };
    // Serialising plain structs of strings and finite numbers cannot fail.
    let mut line = serde_json::to_string(&wire).unwrap_or_default();
    line.push('\n');
    line
}
