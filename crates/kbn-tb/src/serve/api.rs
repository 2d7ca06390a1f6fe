//! The JSON endpoints of `kbn-tb serve`: the page's probe, the lichess-shaped tablebase API, and
//! the practice deal.
//!
//! | request | status | body |
//! |---|---|---|
//! | `GET /api/probe?fen=FEN`, a legal KBNK position | 200 | a [`ProbeJson`]: `{"fen", "turn", "value": "mate in 12", "mate_in": 12, "plies": 23, "moves": [...]}`, exactly `probe --json`'s line |
//! | the same, a KBNK placement that cannot occur | 200 | a [`ProbeJson`] with `"value": "illegal"`, the `reason`, `mate_in` and `plies` `null`, no moves |
//! | `GET /standard?fen=FEN`, a legal KBNK position | 200 | a [`StandardJson`]: lichess's `/standard` answer |
//! | `GET /standard/mainline?fen=FEN` | 200 | a [`MainlineJson`]: lichess's `/standard/mainline` answer |
//! | `GET /api/practice?side=white&min=21&max=33[&seed=N]` | 200 | `{"fen", "mate_in"}`: a random position, `side` to move, White mating in `min` to `max` moves |
//! | no `fen`, a malformed FEN, no side to move, other material, castling or en passant rights, over [`MAX_FEN_BYTES`]; for `/standard`, also a placement that cannot occur; a bad practice query | 400 | `{"error": "..."}`, `kbn-tb probe`'s message |
//!
//! In a FEN, `_` stands for a space (`8/8/8/8/8/8/2K5/k1N1B3_w_-_-_0_1`), as on lichess and
//! syzygy-tables.info, so that a FEN fits in a URL unescaped. The FEN's move counters are read
//! and ignored: there is no 50-move rule in KBNK (every mate is shorter).
//!
//! Each answer is computed and serialized into one buffer by the functions below ([`probe`],
//! [`standard`], [`mainline`], [`practice`]), which the tests call directly.

use std::{borrow::Cow, error::Error, fmt, sync::Arc};

use axum::{
    extract::{Query, State},
    http::StatusCode,
    response::Response,
};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::{
    Kbnk, ProbeError, Table,
    json::{MainlineJson, ProbeJson, StandardJson},
    position::setup_from_fen,
};

/// The longest FEN the API reads, in bytes. A KBNK FEN is under 60.
pub const MAX_FEN_BYTES: usize = 100;

/// The longest mate in KBNK, in White moves: the practice bands end there.
pub const LONGEST_MATE: u8 = 33;

/// The query of the endpoints that take a position.
#[derive(Debug, Deserialize)]
pub(super) struct FenQuery {
    /// The position; missing is an error of its own.
    fen: Option<String>,
}

/// The query of `/api/practice`: each field as given, checked by [`PracticeRequest::parse`].
#[derive(Debug, Default, Deserialize)]
pub(super) struct PracticeQuery {
    side: Option<String>,
    min: Option<String>,
    max: Option<String>,
    seed: Option<String>,
}

/// An error answer: `{"error": "..."}`.
#[derive(Debug, Serialize)]
struct ErrorJson<'a> {
    error: &'a str,
}

/// A response with a JSON body already serialized.
pub(super) fn json(status: StatusCode, body: Vec<u8>) -> Response {
    super::response(status, "application/json", body)
}

/// An error response: `{"error": "..."}`.
pub(super) fn error(status: StatusCode, message: &str) -> Response {
    json(status, to_json(&ErrorJson { error: message }))
}

/// Serializes a small wire struct (an error, a practice deal).
fn to_json(value: &impl Serialize) -> Vec<u8> {
    // Writing into a Vec cannot fail, and these structs have only string keys.
    serde_json::to_vec(value).unwrap_or_default()
}

/// The answer of an endpoint: 200 with the body, or 400 with the reason.
fn answer(result: Result<Vec<u8>, BadRequest>) -> Response {
    match result {
        Ok(body) => json(StatusCode::OK, body),
        Err(err) => error(StatusCode::BAD_REQUEST, &err.to_string()),
    }
}

/// The FEN of a query, or why there is none.
fn fen_of(query: Result<Query<FenQuery>, impl Sized>) -> Result<String, BadRequest> {
    match query {
        Ok(Query(FenQuery { fen: Some(fen) })) => Ok(fen),
        _ => Err(BadRequest::NoFen),
    }
}

/// A FEN with `_` read as a space.
fn spaced(fen: &str) -> Cow<'_, str> {
    if fen.contains('_') {
        Cow::Owned(fen.replace('_', " "))
    } else {
        Cow::Borrowed(fen)
    }
}

/// The handler of `GET /api/probe`.
pub(super) async fn probe_handler(
    State(table): State<Arc<Table>>,
    query: Result<Query<FenQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    answer(fen_of(query).and_then(|fen| probe(&table, &fen)))
}

/// The handler of `GET /standard`.
pub(super) async fn standard_handler(
    State(table): State<Arc<Table>>,
    query: Result<Query<FenQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    answer(fen_of(query).and_then(|fen| standard(&table, &fen)))
}

/// The handler of `GET /standard/mainline`.
pub(super) async fn mainline_handler(
    State(table): State<Arc<Table>>,
    query: Result<Query<FenQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    answer(fen_of(query).and_then(|fen| mainline(&table, &fen)))
}

/// The handler of `GET /api/practice`.
pub(super) async fn practice_handler(
    State(table): State<Arc<Table>>,
    query: Result<Query<PracticeQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let query = query.map(|Query(q)| q).unwrap_or_default();
    answer(PracticeRequest::parse(&query).and_then(|request| practice(&table, &request)))
}

/// The answer of `/api/probe` for one FEN (`_` for spaces allowed).
///
/// # Errors
///
/// [`BadRequest`] for what is not a KBNK position at all (HTTP 400); a KBNK placement that
/// cannot occur is an answer, with `value` `illegal`.
pub fn probe(table: &Table, fen: &str) -> Result<Vec<u8>, BadRequest> {
    if fen.len() > MAX_FEN_BYTES {
        return Err(BadRequest::TooLong(fen.len()));
    }
    let fen = spaced(fen);
    let setup = setup_from_fen(&fen).map_err(BadRequest::Probe)?;
    let fen = fen.trim();
    match Kbnk::from_setup(&setup) {
        Ok(pos) => Ok(ProbeJson::new(fen, &table.probe_position(pos)).to_json()),
        Err(reason) if reason.is_unreachable_placement() => {
            Ok(ProbeJson::illegal(fen, setup.turn, &reason).to_json())
        }
        Err(other) => Err(BadRequest::Probe(ProbeError::Illegal(other))),
    }
}

/// A legal KBNK position from a FEN of the lichess-shaped endpoints.
fn position(fen: &str) -> Result<Kbnk, BadRequest> {
    if fen.len() > MAX_FEN_BYTES {
        return Err(BadRequest::TooLong(fen.len()));
    }
    Kbnk::from_fen(&spaced(fen)).map_err(BadRequest::Probe)
}

/// The answer of `/standard` for one FEN (`_` for spaces allowed): lichess's shape.
///
/// # Errors
///
/// [`BadRequest`] for anything but a legal KBNK position.
pub fn standard(table: &Table, fen: &str) -> Result<Vec<u8>, BadRequest> {
    let pos = position(fen)?;
    Ok(StandardJson::new(pos, &table.probe_position(pos)).to_json())
}

/// The answer of `/standard/mainline` for one FEN (`_` for spaces allowed): lichess's shape.
///
/// # Errors
///
/// [`BadRequest`] for anything but a legal KBNK position.
pub fn mainline(table: &Table, fen: &str) -> Result<Vec<u8>, BadRequest> {
    let pos = position(fen)?;
    let line = table.mainline(pos);
    Ok(MainlineJson::new(table.value(pos), pos.turn(), &line).to_json())
}

/// A checked practice request: a random position with `side` to move, White mating in `min`
/// to `max` moves (each depth in the band equally likely, then each position of that depth),
/// from `seed` when given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PracticeRequest {
    /// The side to move, the learner's.
    pub side: Color,
    /// The shortest mate of the band, in White moves (at least 1).
    pub min: u8,
    /// The longest, at most [`LONGEST_MATE`].
    pub max: u8,
    /// The seed of the deal, for a reproducible position; a fresh one when `None`.
    pub seed: Option<u64>,
}

impl PracticeRequest {
    /// Checks the query's fields: `side` is `white` or `black`, `1 <= min <= max <= 33`, `seed`
    /// (optional) a number.
    fn parse(query: &PracticeQuery) -> Result<PracticeRequest, BadRequest> {
        fn bad<T>(what: String) -> Result<T, BadRequest> {
            Err(BadRequest::Practice(what))
        }
        let side = match query.side.as_deref() {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => return bad(format!("side {other:?}: expected white or black")),
            None => return bad("expected side=white or side=black".to_owned()),
        };
        let depth = |name: &str, text: Option<&str>| match text.map(str::parse::<u8>) {
            Some(Ok(n)) if (1..=LONGEST_MATE).contains(&n) => Ok(n),
            Some(_) => bad(format!(
                "{name} {:?}: expected a number of moves from 1 to {LONGEST_MATE}",
                text.unwrap_or_default()
            )),
            None => bad(format!(
                "expected {name}=N (moves to mate, 1 to {LONGEST_MATE})"
            )),
        };
        let min = depth("min", query.min.as_deref())?;
        let max = depth("max", query.max.as_deref())?;
        if min > max {
            return bad(format!("min {min} is over max {max}"));
        }
        let seed = match query.seed.as_deref().map(str::parse::<u64>) {
            None => None,
            Some(Ok(seed)) => Some(seed),
            Some(Err(_)) => return bad("seed: expected a whole number".to_owned()),
        };
        Ok(PracticeRequest {
            side,
            min,
            max,
            seed,
        })
    }
}

/// A dealt practice position: `{"fen", "mate_in"}`.
#[derive(Debug, Serialize)]
struct PracticeJson {
    fen: String,
    mate_in: u8,
}

/// The answer of `/api/practice`: a random position of the band.
///
/// # Errors
///
/// [`BadRequest::Practice`] when the table holds no position of the band (not for a band
/// within 1 to 33 moves: every depth occurs for both sides to move).
pub fn practice(table: &Table, request: &PracticeRequest) -> Result<Vec<u8>, BadRequest> {
    let mut rng = match request.seed {
        Some(seed) => fastrand::Rng::with_seed(seed),
        None => fastrand::Rng::new(),
    };
    let mate_in = rng.u8(request.min..=request.max);
    let pos = table
        .deal(request.side, mate_in, &mut rng)
        .ok_or_else(|| BadRequest::Practice(format!("no position is a mate in {mate_in}")))?;
    Ok(to_json(&PracticeJson {
        fen: pos.to_string(),
        mate_in,
    }))
}

/// Why a request gets HTTP 400.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadRequest {
    /// The query has no `fen`.
    NoFen,
    /// The FEN is longer than [`MAX_FEN_BYTES`] (its length).
    TooLong(usize),
    /// Not a FEN, no side to move, other material than KBNvK, castling or en passant rights;
    /// for the lichess-shaped endpoints, also a placement that cannot occur.
    Probe(ProbeError),
    /// A practice query that asks for no position (what is wrong with it).
    Practice(String),
}

impl fmt::Display for BadRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadRequest::NoFen => f.write_str("expected the query fen=FEN"),
            BadRequest::TooLong(len) => {
                write!(f, "FEN has {len} bytes, expected at most {MAX_FEN_BYTES}")
            }
            BadRequest::Probe(err) => err.fmt(f),
            BadRequest::Practice(what) => write!(f, "practice: {what}"),
        }
    }
}

impl Error for BadRequest {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            BadRequest::Probe(err) => Some(err),
            _ => None,
        }
    }
}
