//! The command line as a library: where the cases come from ([`Source`]), what to print for each
//! ([`Options`], [`Format`]), and [`run`], which answers them in order, so that every mode,
//! batches included, is testable in-process. `main.rs` only parses the arguments.
//!
//! # A case or a file?
//!
//! Two or more arguments are a case (`PLACEMENT MOVE`, or a full FEN's fields and the move). A
//! single argument is a file, or `-` for stdin, unless no such file exists and the argument holds
//! a separator (whitespace or a comma): then it is a whole case in quotes. The decision looks only
//! at the file system and the separator, never at whether the case is valid, so a malformed case
//! gets its own error (with a note that no file of that name exists either), not "cannot read".

use std::{
    fmt,
    io::{self, Write},
    path::Path,
};

use chess_core::{
    placement::{write_fen, write_placement},
    render::{Glyphs, diagram},
};
use toolkit_cli::{AtLine, Diagnostics, Input, Quoted, ReadError, Report};

use crate::{
    case::{Case, is_separator},
    explain, json,
    solve::{CaseError, Checking, Solution, solve},
};

/// How each answer is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The resulting position, one line; then, when asked, what the move removed and why
    /// (`--explain`, [`explain`]) and the board's diagram (`--board`).
    Text {
        /// List what was captured, what exploded and why.
        explain: bool,
        /// Draw the resulting board.
        board: bool,
    },
    /// One JSON object per case, one per line (`--json`, [`json`]).
    Json,
}

impl Default for Format {
    fn default() -> Format {
        Format::Text {
            explain: false,
            board: false,
        }
    }
}

/// What to do with each case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Judge legality (the default) or only apply the rules (`--no-check`).
    pub checking: Checking,
    /// How to print the answer.
    pub format: Format,
}

/// Where the cases come from.
#[derive(Debug)]
pub enum Source {
    /// A case on the command line: the arguments joined by spaces.
    Case(String),
    /// A single argument that names no file but holds a separator, read as a case; when it is
    /// malformed, its error adds that no file of that name exists either.
    CaseOrMissingFile(String),
    /// A file or stdin, one case per line.
    Lines(Input),
}

impl Source {
    /// The source the command line's arguments name (see the module docs).
    ///
    /// # Errors
    ///
    /// [`ReadError`] when the file cannot be opened.
    pub fn from_args(args: &[String]) -> Result<Source, ReadError> {
        match args {
            [] => Ok(Source::Lines(Input::open(None)?)),
            [arg] if arg != "-" && !Path::new(arg).exists() && arg.contains(is_separator) => {
                Ok(Source::CaseOrMissingFile(arg.clone()))
            }
            [arg] => Ok(Source::Lines(Input::open(Some(Path::new(arg)))?)),
            _ => Ok(Source::Case(args.join(" "))),
        }
    }
}

/// Answers every case of `source` on `out`, in order. A bad case's error (with its line number,
/// in a file) and any warning go to `diag`; the other cases are still answered, and `diag`'s
/// status tells the exit code.
///
/// # Errors
///
/// Only when `out` cannot be written; bad input is reported on `diag`.
///
/// # Examples
///
/// ```
/// use atomic::{Options, Source, run};
/// use toolkit_cli::{Diagnostics, Input, Status};
///
/// let input = Input::from_bytes("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR, g1f3\nx e2e4\n");
/// let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
/// run(Source::Lines(input), &Options::default(), &mut out, &mut diag)?;
/// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R\n");
/// assert_eq!(diag.status(), Status::Invalid);
/// assert_eq!(diag.into_inner(), b"error: line 2: FEN has 1 rank, expected 8\n");
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run<W: Write, E: Write>(
    source: Source,
    options: &Options,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> io::Result<()> {
    let mut buffer = Vec::with_capacity(256);
    match source {
        Source::Case(text) => match answer(&text, options, &mut buffer, diag, None) {
            Ok(()) => out.write_all(&buffer)?,
            Err(error) => diag.error(&error),
        },
        Source::CaseOrMissingFile(text) => match answer(&text, options, &mut buffer, diag, None) {
            Ok(()) => out.write_all(&buffer)?,
            Err(error @ CaseError::Parse(_)) => diag.error(&NoSuchFile { error, path: &text }),
            Err(error) => diag.error(&error),
        },
        Source::Lines(input) => {
            let mut lines = input.lines();
            while let Some(line) = lines.next_line() {
                match line {
                    Ok(line) if line.text.trim().is_empty() => {}
                    Ok(line) => {
                        match answer(line.text, options, &mut buffer, diag, Some(line.number)) {
                            Ok(()) => out.write_all(&buffer)?,
                            Err(error) => diag.error(&AtLine {
                                line: line.number,
                                error,
                            }),
                        }
                    }
                    Err(error) => diag.error(&error),
                }
            }
        }
    }
    Ok(())
}

/// A malformed case from a single argument that also names no file.
struct NoSuchFile<'a> {
    error: CaseError,
    path: &'a str,
}

impl fmt::Display for NoSuchFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (and no file is named {})",
            self.error,
            Quoted(self.path)
        )
    }
}

impl Report for NoSuchFile<'_> {}

/// Solves one case into `buffer` (cleared first); warnings go to `diag`.
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
        Some(setup) => write_fen(setup, buffer),
        None => write_placement(&solution.after, buffer),
    }
    match options.format {
        Format::Json => {
            let fen = String::from_utf8_lossy(buffer).into_owned();
            buffer.clear();
            let checked = options.checking == Checking::Check && solution.unchecked.is_none();
            let wire = json::CaseJson::new(solution, fen, checked);
            // Serializing plain strings, options and vectors into memory cannot fail.
            let _ = serde_json::to_writer(&mut *buffer, &wire);
            buffer.push(b'\n');
        }
        Format::Text { explain, board } => {
            buffer.push(b'\n');
            if explain {
                buffer.extend_from_slice(explain::explain(solution).as_bytes());
            }
            if board {
                buffer.extend_from_slice(diagram(&solution.after, Glyphs::Ascii).as_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(args: &[&str]) -> Source {
        let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        Source::from_args(&args).unwrap()
    }

    /// Issue 16, defect 6: a quoted case with a rank missing is a case, whatever its validity.
    #[test]
    fn atomic_quoted_case_with_a_rank_missing_is_a_case() {
        let text = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR g1f3";
        assert!(matches!(source(&[text]), Source::CaseOrMissingFile(t) if t == text));
        assert!(matches!(source(&["x,", "e2e4"]), Source::Case(t) if t == "x, e2e4"));
        let missing = Source::from_args(&["/nonexistent/cases.txt".to_owned()]).unwrap_err();
        assert!(missing.to_string().starts_with("cannot read"), "{missing}");
        assert!(matches!(source(&["-"]), Source::Lines(_)));
        assert!(matches!(source(&[]), Source::Lines(_)));
    }
}
