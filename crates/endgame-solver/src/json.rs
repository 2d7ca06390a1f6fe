//! The `--json` output: serialize-only wire structs.

use serde::Serialize;

use crate::answer::{Answer, Case};

/// The whole report of one analysis.
#[derive(Debug, Serialize)]
pub struct JsonAnswer<'a> {
    /// The answer line, exactly as printed without `--json`.
    pub answer: String,
    /// The verdict alone (`1-0`, `0-1`, `1/2-1/2`, `H 1-0`, `H 0-1`, `0-0`).
    pub verdict: String,
    /// Which case of the spec gave it.
    pub case: &'static str,
    /// The list entries.
    pub entries: Vec<WireEntry<'a>>,
    /// The horizon N.
    pub plies: u32,
    /// The principal line, when `--explain` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<String>>,
}

/// One list entry.
#[derive(Debug, Serialize)]
pub struct WireEntry<'a> {
    /// The first move (Czech SAN).
    pub first: &'a str,
    /// The reply, absent when the list holds first moves only or the game or horizon ends.
    pub reply: Option<&'a str>,
}

/// The case's name in the JSON output.
pub fn case_name(case: Case) -> &'static str {
    match case {
        Case::Final => "final",
        Case::MateByMover => "mate-by-mover",
        Case::MateByOther => "mate-by-other",
        Case::BlackDraw => "black-draw",
        Case::HorizonByMover => "horizon-by-mover",
        Case::HorizonByOther => "horizon-by-other",
        Case::Undecided => "undecided",
    }
}

impl<'a> JsonAnswer<'a> {
    /// The report of `answer`.
    pub fn new(answer: &'a Answer, plies: u32, line: Option<Vec<String>>) -> Self {
        JsonAnswer {
            answer: answer.to_string(),
            verdict: answer.verdict.to_string(),
            case: case_name(answer.case),
            entries: answer
                .entries
                .iter()
                .map(|e| WireEntry {
                    first: &e.first,
                    reply: e.reply.as_deref(),
                })
                .collect(),
            plies,
            line,
        }
    }
}
