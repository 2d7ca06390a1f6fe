//! `GET /api/probe?fen=FEN`: what `kbn-tb probe` prints, as JSON.
//!
//! | case | status | body |
//! |---|---|---|
//! | a legal KBNK position | 200 | `{"value": "mate in 12", "side": "white", "moves": [...]}` |
//! | a KBNK placement that cannot occur | 200 | `{"value": "illegal", "reason": "...", "side": ..., "moves": []}` |
//! | no `fen`, a malformed FEN, no side to move, other material, castling or en passant rights, over [`MAX_FEN_BYTES`] | 400 | `{"error": "..."}`, `kbn-tb probe`'s message |
//!
//! `value` is `mate in N` (N White moves to mate), `mated` (Black is checkmated) or `draw`; each
//! move carries the value of the position it leads to, best first for the side to move. An
//! illegal position is still answered (200), so that the page can show the reason while the user
//! drags pieces through illegal squares.

use std::{error::Error, fmt, sync::Arc};

use axum::{
    Json,
    extract::{Query, State, rejection::QueryRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use chess_core::placement::{ParsedFen, parse_fen};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::{ProbeError, Table};

/// The longest FEN the API reads, in bytes. A KBNK FEN is under 60.
pub const MAX_FEN_BYTES: usize = 100;

/// The query string.
#[derive(Debug, Deserialize)]
pub(super) struct ProbeQuery {
    /// The position.
    fen: String,
}

/// The answer to a probe (serialize-only wire struct).
#[derive(Debug, Serialize)]
pub struct ProbeJson {
    /// `mate in N`, `mated`, `draw` or `illegal`.
    pub value: String,
    /// Why the position cannot occur (only with `illegal`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The side to move.
    pub side: SideJson,
    /// Every legal move, best first.
    pub moves: Vec<MoveJson>,
}

/// The side to move, as JSON's `"white"` / `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SideJson {
    /// White to move.
    White,
    /// Black to move.
    Black,
}

impl From<Color> for SideJson {
    fn from(color: Color) -> Self {
        match color {
            Color::White => SideJson::White,
            Color::Black => SideJson::Black,
        }
    }
}

/// One move and the value it leads to.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// The move in UCI (`e2e4`).
    pub uci: String,
    /// The move in SAN (`Be4#`).
    pub san: String,
    /// The value of the position after the move.
    pub value: String,
}

/// An error answer: `{"error": "..."}`.
#[derive(Debug, Serialize)]
struct ErrorJson<'a> {
    error: &'a str,
}

/// An error response with a JSON body.
pub(super) fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(ErrorJson { error: message })).into_response()
}

/// The handler of `GET /api/probe`.
pub(super) async fn probe(
    State(table): State<Arc<Table>>,
    query: Result<Query<ProbeQuery>, QueryRejection>,
) -> Response {
    let Ok(Query(ProbeQuery { fen })) = query else {
        return error(StatusCode::BAD_REQUEST, "expected the query fen=FEN");
    };
    match probe_fen(&table, &fen) {
        Ok(answer) => Json(answer).into_response(),
        Err(err) => error(StatusCode::BAD_REQUEST, &err.to_string()),
    }
}

/// The answer for one FEN.
///
/// # Errors
///
/// [`BadRequest`] for what is not a KBNK position at all (HTTP 400); a KBNK placement that
/// cannot occur is an answer, with `value` `illegal`.
pub fn probe_fen(table: &Table, fen: &str) -> Result<ProbeJson, BadRequest> {
    if fen.len() > MAX_FEN_BYTES {
        return Err(BadRequest::TooLong(fen.len()));
    }
    let setup = match parse_fen(fen).map_err(|err| BadRequest::Probe(ProbeError::Fen(err)))? {
        ParsedFen::Full(setup) => setup,
        ParsedFen::Placement(_) => return Err(BadRequest::Probe(ProbeError::NoTurn)),
    };
    let side = SideJson::from(setup.turn);
    match table.probe(&setup) {
        Ok(probe) => Ok(ProbeJson {
            value: probe.value.to_string(),
            reason: None,
            side,
            moves: probe
                .moves
                .iter()
                .map(|mv| MoveJson {
                    uci: mv.uci.to_string(),
                    san: mv.san.to_string(),
                    value: mv.value.to_string(),
                })
                .collect(),
        }),
        Err(ProbeError::Illegal(reason)) if reason.is_unreachable_placement() => Ok(ProbeJson {
            value: "illegal".to_owned(),
            reason: Some(reason.to_string()),
            side,
            moves: Vec::new(),
        }),
        Err(other) => Err(BadRequest::Probe(other)),
    }
}

/// Why a probe request gets HTTP 400.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadRequest {
    /// The FEN is longer than [`MAX_FEN_BYTES`] (its length).
    TooLong(usize),
    /// Not a FEN, no side to move, other material than KBNvK, castling or en passant rights.
    Probe(ProbeError),
}

impl fmt::Display for BadRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadRequest::TooLong(len) => {
                write!(f, "FEN has {len} bytes, expected at most {MAX_FEN_BYTES}")
            }
            BadRequest::Probe(err) => err.fmt(f),
        }
    }
}

impl Error for BadRequest {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            BadRequest::TooLong(_) => None,
            BadRequest::Probe(err) => Some(err),
        }
    }
}
