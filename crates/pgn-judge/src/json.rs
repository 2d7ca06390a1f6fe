//! `--json`: one JSON object per game and line (serialize-only wire structs).
//!
//! Judge format: `{"game":1,"verdict":"Illegal Move","fault":{"ply":3,"move":"Ke3"}}`
//! (`fault` is `null` for a game played to its end).
//!
//! PGN: `{"game":1,"white":"A","black":"B","verdict":"White Win","fault":null,"result":"1-0",
//! "result_agrees":true,"error":null}`; `result` is `null` without a `Result` tag, `result_agrees`
//! is `null` without a tag or for a broken game, whose `verdict` is `null` and `error` the reason.

use serde::Serialize;

use crate::{
    judge::Judgement,
    pgn::{Agreement, PgnGame},
};

/// A game of the judge format.
#[derive(Debug, Serialize)]
pub struct JudgedGame<'a> {
    game: usize,
    verdict: &'static str,
    fault: Option<Fault<'a>>,
}

/// The move that decided a faulty verdict.
#[derive(Debug, Serialize)]
pub struct Fault<'a> {
    ply: u32,
    #[serde(rename = "move")]
    token: &'a str,
}

impl<'a> JudgedGame<'a> {
    /// The wire form of the judge format's game `number`.
    pub fn new(number: usize, judgement: &Judgement, fault: Option<&'a str>) -> JudgedGame<'a> {
        JudgedGame {
            game: number,
            verdict: judgement.verdict.as_str(),
            fault: fault_of(judgement, fault),
        }
    }
}

fn fault_of<'a>(judgement: &Judgement, token: Option<&'a str>) -> Option<Fault<'a>> {
    Some(Fault {
        ply: judgement.fault_ply?,
        token: token?,
    })
}

/// A game of a PGN file.
#[derive(Debug, Serialize)]
pub struct PgnGameJson<'a> {
    game: usize,
    white: &'a str,
    black: &'a str,
    verdict: Option<&'static str>,
    fault: Option<Fault<'a>>,
    result: Option<&'a str>,
    result_agrees: Option<bool>,
    error: Option<String>,
}

impl<'a> From<&'a PgnGame> for PgnGameJson<'a> {
    fn from(game: &'a PgnGame) -> PgnGameJson<'a> {
        let judged = game.outcome.as_ref().ok();
        PgnGameJson {
            game: game.number,
            white: &game.white,
            black: &game.black,
            verdict: judged.map(|j| j.judgement.verdict.as_str()),
            fault: judged.and_then(|j| fault_of(&j.judgement, j.fault_san.as_deref())),
            result: game.result.as_deref(),
            result_agrees: match game.agreement() {
                Some(Agreement::Agrees) => Some(true),
                Some(Agreement::Disagrees) => Some(false),
                Some(Agreement::NoTag) | None => None,
            },
            error: game.outcome.as_ref().err().map(ToString::to_string),
        }
    }
}
