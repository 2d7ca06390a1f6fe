//! The command-line plumbing every tool of the workspace shares, apart from any chess rules (as
//! ripgrep keeps `grep-cli` apart from its searchers).
//!
//! | module | concept |
//! |---|---|
//! | [`status`] | exit statuses, the [`Report`] trait of user-facing errors, [`AtLine`] |
//! | [`args`] | the command line by clap, its errors in one line |
//! | [`diagnostics`] | `error: ...` and `warning: ...` lines on stderr, the worst status seen |
//! | [`input`] | FILE or stdin as an [`Input`]; [`Lines`]: line by line, memory bounded by the line |
//! | [`output`] | [`run`]: buffered stdout, a quiet end on a broken pipe, the exit code; JSON lines |
//! | [`text`] | user text quoted in a message, cut when it is long |
//! | `fixtures` | (feature `fixture-harness`) the runner behind every tool's fixture test |
//!
//! The modules depend one way: `status` ← `diagnostics` ← `output`, `status` ← `input`,
//! `status` ← `args`.
//!
//! # Examples
//!
//! A tool's `main` parses its arguments with clap ([`args::parse`]), opens its input and hands
//! both to its library's `run`:
//!
//! ```no_run
//! use std::{io::Write, process::ExitCode};
//! use toolkit_cli::{Input, output};
//!
//! fn main() -> ExitCode {
//!     output::run(|out, diag| {
//!         let input = match Input::open(None) {
//!             Ok(input) => input,
//!             Err(err) => return Ok(diag.error(&err)),
//!         };
//!         let mut lines = input.lines();
//!         while let Some(line) = lines.next_line() {
//!             match line {
//!                 Ok(line) => writeln!(out, "{}: {} bytes", line.number, line.text.len())?,
//!                 Err(err) => diag.error(&err),
//!             }
//!         }
//!         Ok(())
//!     })
//! }
//! ```

#![warn(missing_docs)]

pub mod args;
pub mod diagnostics;
#[cfg(feature = "fixture-harness")]
pub mod fixtures;
pub mod input;
pub mod output;
pub mod status;
pub mod text;

pub use diagnostics::Diagnostics;
pub use input::{Input, Line, LineError, Lines, RawLine, ReadError, input_name};
pub use output::{Stdout, json_line, progress_wanted, run};
pub use status::{AtLine, Report, Status};
pub use text::Quoted;
