//! The command line as a library: what to print ([`Options`], [`Format`]) and [`run`], which
//! answers every record of the input in order, so that every mode, batches included, is testable
//! in-process. `main.rs` only parses the arguments.

use std::io::{self, Write};

use chess_core::render::Glyphs;
use toolkit_cli::{Diagnostics, Input};

use crate::{Answer, Outcome, json, record::Records, render};

/// How each answer is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The seed's 12 lines ([`render`]); answers are separated by one blank line.
    #[default]
    Text,
    /// One JSON object per record, one per line ([`json`]).
    Json,
}

/// What to print for each record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Text or JSON.
    pub format: Format,
    /// How the diagram draws pieces and empty squares (`--unicode`).
    pub glyphs: Glyphs,
    /// Only the ratings after this result (`--result`), or after all three.
    pub result: Option<Outcome>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            format: Format::Text,
            glyphs: Glyphs::Ascii,
            result: None,
        }
    }
}

/// Answers every record of `input` on `out`, in order; a bad record's error goes to `diag` (and
/// the answers before it are flushed first, so that a terminal shows both in input order). Memory
/// is bounded by the record, not by the input.
///
/// # Errors
///
/// Only when `out` cannot be written; bad input is reported on `diag`.
///
/// # Examples
///
/// ```
/// use elo::{Options, run};
/// use toolkit_cli::{Diagnostics, Input, Status};
///
/// let input = Input::from_bytes("8/8/8/4k3/8/8/8/4K3\nAnna\n1600 60\nBen\n1200 24\n");
/// let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
/// run(input, &Options::default(), &mut out, &mut diag)?;
/// assert!(out.ends_with(b"W: Anna(1600) 1602 1592 1582\nB: Ben(1200) 1196 1216 1236\n"));
/// assert_eq!(diag.status(), Status::Success);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run<W: Write, E: Write>(
    input: Input,
    options: &Options,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> io::Result<()> {
    let mut answered = 0;
    for record in Records::new(input.lines()) {
        match record {
            Ok(record) => {
                let answer = Answer::new(&record);
                match options.format {
                    Format::Json => {
                        out.write_all(
                            json::to_line(&answer, options.glyphs, options.result).as_bytes(),
                        )?;
                    }
                    Format::Text => {
                        if answered > 0 {
                            out.write_all(b"\n")?;
                        }
                        out.write_all(
                            render::text(&answer, options.glyphs, options.result).as_bytes(),
                        )?;
                    }
                }
                answered += 1;
            }
            Err(err) => {
                out.flush()?;
                diag.error(&err);
            }
        }
    }
    Ok(())
}
