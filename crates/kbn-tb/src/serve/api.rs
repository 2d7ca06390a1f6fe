//! `GET /api/probe?fen=FEN`: what `kbn-tb probe --json` prints, as the answer of a web API.
//!
//! | case | status | body |
//! |---|---|---|
//! | a legal KBNK position | 200 | a [`ProbeJson`]: `{"fen", "turn", "value": "mate in 12", "mate_in": 12, "plies": 23, "moves": [...]}`, exactly `probe --json`'s line |
//! | a KBNK placement that cannot occur | 200 | a [`ProbeJson`] with `"value": "illegal"`, the `reason`, `mate_in` and `plies` `null`, no moves |
//! | no `fen`, a malformed FEN, no side to move, other material, castling or en passant rights, over [`MAX_FEN_BYTES`] | 400 | `{"error": "..."}`, `kbn-tb probe`'s message |
//!
//! The fields are described in [`crate::json`]: `value` is the text to show, `mate_in` and
//! `plies` the distance as numbers, each move carries the value of the position it leads to,
//! best first for the side to move. An illegal placement is still answered (200), so that the
//! page can show the reason while the user drags pieces through illegal squares.

use std::{error::Error, fmt, sync::Arc};

use axum::{
    Json,
    extract::{Query, State, rejection::QueryRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};

use crate::{ProbeError, Table, json::ProbeJson, position::setup_from_fen};

/// The longest FEN the API reads, in bytes. A KBNK FEN is under 60.
pub const MAX_FEN_BYTES: usize = 100;

/// The query string.
#[derive(Debug, Deserialize)]
pub(super) struct ProbeQuery {
    /// The position.
    fen: String,
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
    let setup = setup_from_fen(fen).map_err(BadRequest::Probe)?;
    let fen = fen.trim().to_owned();
    match table.probe(&setup) {
        Ok(probe) => Ok(ProbeJson::new(fen, &probe)),
        Err(ProbeError::Illegal(reason)) if reason.is_unreachable_placement() => {
            Ok(ProbeJson::illegal(fen, setup.turn, &reason))
        }
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
