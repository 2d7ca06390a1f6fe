//! `--json`: one JSON object per game and line (serialize-only wire structs).
//!
//! Judge format: `{"game":1,"verdict":"Illegal Move","fault":{"ply":3,"move":"Ke3"}}`
//! (`fault` is `null` for a game played to its end).
//!
//! PGN: `{"game":1,"white":"A","black":"B","verdict":"White Win","fault":null,"result":"1-0",
//! "result_agrees":true,"error":null}`; `result` is `null` without a `Result` tag, `result_agrees`
//! is `null` without a tag or for a broken game, whose `verdict` is `null` and `error` the reason.
//!
//! `--summary` adds a last line: `{"summary":{"games":2,"moves":40,"verdicts":{"White Win":1,...},
//! "broken":0,"results":{"agrees":1,"disagrees":0,"missing":1},"errors":0}}` (`broken` and
//! `results` are `null` for the judge format).

use serde::Serialize;

use crate::{
    judge::Judgement,
    pgn::{Agreement, PgnGame},
    summary::Tally,
};

/// A game of the judge format.
#[derive(Debug, Serialize)]
pub struct JudgedGame<'a> {
    game: u64,
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
    pub fn new(number: u64, judgement: &Judgement, fault: Option<&'a str>) -> JudgedGame<'a> {
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
    game: u64,
    white: &'a str,
    black: &'a str,
    verdict: Option<&'static str>,
    fault: Option<Fault<'a>>,
    result: Option<&'a str>,
    result_agrees: Option<bool>,
    error: Option<String>,
}

impl<'a> From<&'a PgnGame<'_>> for PgnGameJson<'a> {
    fn from(game: &'a PgnGame<'_>) -> PgnGameJson<'a> {
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

/// The `--summary` line.
#[derive(Debug, Serialize)]
pub struct SummaryJson {
    summary: SummaryFields,
}

#[derive(Debug, Serialize)]
struct SummaryFields {
    games: u64,
    moves: u64,
    verdicts: VerdictCounts,
    broken: Option<u64>,
    results: Option<ResultCounts>,
    errors: u64,
}

/// Games per verdict, in the statement's order.
#[derive(Debug, Serialize)]
struct VerdictCounts {
    #[serde(rename = "White Win")]
    white_win: u64,
    #[serde(rename = "Black Win")]
    black_win: u64,
    #[serde(rename = "Stalemate")]
    stalemate: u64,
    #[serde(rename = "Draw")]
    draw: u64,
    #[serde(rename = "Dead Moves")]
    dead_moves: u64,
    #[serde(rename = "Puzzle Move")]
    puzzle_move: u64,
    #[serde(rename = "Illegal Move")]
    illegal_move: u64,
}

#[derive(Debug, Serialize)]
struct ResultCounts {
    agrees: u64,
    disagrees: u64,
    missing: u64,
}

impl SummaryJson {
    /// The wire form of a run's counts; `pgn` adds the PGN counts.
    pub fn new(tally: &Tally, pgn: bool) -> SummaryJson {
        let [
            white_win,
            black_win,
            stalemate,
            draw,
            dead_moves,
            puzzle_move,
            illegal_move,
        ] = tally.verdicts;
        let verdicts = VerdictCounts {
            white_win,
            black_win,
            stalemate,
            draw,
            dead_moves,
            puzzle_move,
            illegal_move,
        };
        SummaryJson {
            summary: SummaryFields {
                games: tally.games,
                moves: tally.moves,
                verdicts,
                broken: pgn.then_some(tally.broken),
                results: pgn.then_some(ResultCounts {
                    agrees: tally.agrees,
                    disagrees: tally.disagrees,
                    missing: tally.no_tag,
                }),
                errors: tally.errors,
            },
        }
    }
}
