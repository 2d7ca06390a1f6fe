//! One move of atomic chess: the position after the move and its explosion, checked for legality
//! by shakmaty's atomic rules, explained on request, and fast enough for millions of cases.
//!
//! | module | concept |
//! |---|---|
//! | [`case`] | a line: placement (or full FEN) and move |
//! | [`explosion`] | the rules: what a move is and what it removes |
//! | [`legality`] | the inferred context, shakmaty's judgement of the position, why a move is illegal |
//! | [`solve`] | one case from start to end |
//! | [`render`] | placement and FEN output |
//! | [`explain`] | `--explain` |
//! | [`json`] | `--json` |
//!
//! # Examples
//!
//! ```
//! use atomic::{Options, run_case};
//! use toolkit_cli::Diagnostics;
//!
//! let mut out = Vec::new();
//! let mut diag = Diagnostics::new(Vec::new());
//! run_case(
//!     "rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R, f3b7",
//!     &Options::default(),
//!     &mut out,
//!     &mut diag,
//! )?;
//! assert_eq!(out, b"3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R\n");
//! # Ok::<_, std::io::Error>(())
//! ```

#![warn(missing_docs)]

pub mod case;
pub mod explain;
pub mod explosion;
pub mod json;
pub mod legality;
pub mod render;
pub mod solve;

use std::io::{self, BufRead, Write};

use chess_core::render::{Glyphs, diagram};
use toolkit_cli::{AtLine, Diagnostics};

use crate::{
    case::Case,
    solve::{CaseError, Checking, Solution, solve},
};

/// What to print for each case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Judge legality (the default) or only apply the rules.
    pub checking: Checking,
    /// After the position, list what was removed and why.
    pub explain: bool,
    /// After the position, draw the board.
    pub board: bool,
    /// One JSON object per case instead of text.
    pub json: bool,
}

/// Answers every case of `input`, one per non-blank line, in order. A bad line's error goes to
/// `diag` with its line number; the other lines are still answered.
///
/// # Errors
///
/// [`BatchError`] when `input` cannot be read or `out` cannot be written; bad cases are not
/// errors of the batch.
pub fn run_batch<R: BufRead, W: Write, E: Write>(
    mut input: R,
    options: &Options,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> Result<(), BatchError> {
    let mut line = Vec::with_capacity(128);
    let mut buffer = Vec::with_capacity(256);
    let mut number = 0;
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .map_err(BatchError::Read)?
            == 0
        {
            return Ok(());
        }
        number += 1;
        let result = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text, options, &mut buffer, diag, Some(number)),
            Err(_) => Err(CaseError::NotUtf8),
        };
        match result {
            Ok(()) => out.write_all(&buffer).map_err(BatchError::Write)?,
            Err(error) => diag.error(&AtLine {
                line: number,
                error,
            }),
        }
    }
}

/// A batch that could not go on.
#[derive(Debug)]
pub enum BatchError {
    /// The input could not be read.
    Read(io::Error),
    /// The output could not be written.
    Write(io::Error),
}

/// Answers one case given as one line of text (the arguments `PLACEMENT MOVE`, joined); its
/// error or warning has no line number.
///
/// # Errors
///
/// Only write errors on `out`; a bad case is reported on `diag`.
pub fn run_case<W: Write, E: Write>(
    line: &str,
    options: &Options,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> io::Result<()> {
    let mut buffer = Vec::new();
    match answer(line, options, &mut buffer, diag, None) {
        Ok(()) => out.write_all(&buffer),
        Err(error) => {
            diag.error(&error);
            Ok(())
        }
    }
}

/// Solves one line into `buffer` (cleared first); warnings go to `diag`.
fn answer<E: Write>(
    line: &str,
    options: &Options,
    buffer: &mut Vec<u8>,
    diag: &mut Diagnostics<E>,
    line_number: Option<usize>,
) -> Result<(), CaseError> {
    buffer.clear();
    let case = Case::from_line(line)?;
    let solution = solve(&case, options.checking)?;
    if let Some(why) = &solution.unchecked {
        match line_number {
            Some(line) => diag.warning(&AtLine {
                line,
                error: why.clone(),
            }),
            None => diag.warning(why),
        }
    }
    write_solution(&solution, options, buffer);
    Ok(())
}

fn write_solution(solution: &Solution, options: &Options, buffer: &mut Vec<u8>) {
    match &solution.setup {
        Some(setup) => render::write_fen(setup, buffer),
        None => render::write_placement(&solution.after, buffer),
    }
    if options.json {
        let fen = String::from_utf8_lossy(buffer).into_owned();
        buffer.clear();
        let checked = options.checking == Checking::Check && solution.unchecked.is_none();
        let wire = json::CaseJson::new(solution, fen, checked);
        // Serializing plain strings, options and vectors into memory cannot fail.
        let _ = serde_json::to_writer(&mut *buffer, &wire);
        buffer.push(b'\n');
        return;
    }
    buffer.push(b'\n');
    if options.explain {
        buffer.extend_from_slice(explain::explain(solution).as_bytes());
    }
    if options.board {
        buffer.extend_from_slice(diagram(&solution.after, Glyphs::Ascii).as_bytes());
    }
}
