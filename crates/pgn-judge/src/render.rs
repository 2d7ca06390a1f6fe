//! The text output: one line per game.
//!
//! | mode | line |
//! |---|---|
//! | judge format | `White Win` (with `--first-error`: `Illegal Move at ply 3: Ke3`) |
//! | `--pgn` | `1. Anderssen - Kieseritzky: White Win; Result 1-0 agrees` |
//! | `--pgn`, faulty game, `--first-error` | `2. A - B: Illegal Move at ply 3: Ke3; Result * agrees` |
//! | `--pgn`, broken game | `3. ? - ?: broken PGN` (the reason goes to stderr) |
//!
//! Text from the file (names, the Result tag, a faulty move) is shown with its control
//! characters escaped ([`text::bare`]): an escape sequence in a tag cannot reach the terminal.

use std::fmt::Write as _;

use toolkit_cli::text;

use crate::{
    judge::Judgement,
    pgn::{Agreement, PgnGame},
};

/// The judge format's line: the verdict, and with `first_error` the move that decided it.
pub fn verdict_line(judgement: &Judgement, fault: Option<&str>, first_error: bool) -> String {
    let mut line = judgement.verdict.to_string();
    if first_error {
        push_fault(&mut line, judgement, fault);
    }
    line
}

/// A PGN game's line: number, players, verdict (and the faulty move with `first_error`), and
/// whether the `Result` tag agrees.
pub fn pgn_line(game: &PgnGame<'_>, first_error: bool) -> String {
    let mut line = String::with_capacity(80);
    push_pgn_line(&mut line, game, first_error);
    line
}

/// Appends [`pgn_line`] to `line`.
pub fn push_pgn_line(line: &mut String, game: &PgnGame<'_>, first_error: bool) {
    let _ = write!(line, "{}. ", game.number);
    line.push_str(&text::bare(&game.white));
    line.push_str(" - ");
    line.push_str(&text::bare(&game.black));
    line.push_str(": ");
    let judged = match &game.outcome {
        Ok(judged) => judged,
        Err(_) => {
            line.push_str("broken PGN");
            return;
        }
    };
    line.push_str(judged.judgement.verdict.as_str());
    if first_error {
        push_fault(line, &judged.judgement, judged.fault_san.as_deref());
    }
    let result = game.result.as_deref().unwrap_or_default();
    let agreement = match game.agreement() {
        Some(Agreement::Agrees) => " agrees",
        Some(Agreement::Disagrees) => " disagrees",
        Some(Agreement::NoTag) | None => return line.push_str("; no Result tag"),
    };
    line.push_str("; Result ");
    line.push_str(&text::bare(result));
    line.push_str(agreement);
}

fn push_fault(line: &mut String, judgement: &Judgement, fault: Option<&str>) {
    if let (Some(ply), Some(fault)) = (judgement.fault_ply, fault) {
        let _ = write!(line, " at ply {ply}: {fault}");
    }
}
