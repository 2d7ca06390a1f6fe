//! The output side of a tool's `main`: buffered stdout, JSON lines, a quiet end on a broken pipe,
//! and the exit code.

use std::{
    fmt,
    io::{self, BufWriter, IsTerminal, StdoutLock, Write},
    process::ExitCode,
};

use serde::Serialize;

use crate::{
    diagnostics::Diagnostics,
    status::{Report, Status},
};

/// Buffered, locked standard output, as [`run`] hands it to a tool.
pub type Stdout = BufWriter<StdoutLock<'static>>;

/// Runs a tool's body with buffered stdout and stderr diagnostics and turns the outcome into the
/// process exit code: the worst status reported. A broken pipe (`tool | head`) ends the run
/// quietly, with the status reported so far; any other output failure is reported and exits 1.
pub fn run<F>(body: F) -> ExitCode
where
    F: FnOnce(&mut Stdout, &mut Diagnostics<io::Stderr>) -> io::Result<()>,
{
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diag = Diagnostics::new(io::stderr());
    match body(&mut out, &mut diag).and_then(|()| out.flush()) {
        Ok(()) => diag.status().into(),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => diag.status().into(),
        Err(err) => {
            diag.error(&WriteError(err));
            Status::Failure.into()
        }
    }
}

/// Writes `value` as one line of compact JSON (JSON Lines).
///
/// # Errors
///
/// When writing fails.
pub fn json_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

struct WriteError(io::Error);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write output: {}", self.0)
    }
}

impl Report for WriteError {
    fn status(&self) -> Status {
        Status::Failure
    }
}

/// Whether progress should be shown: only when stderr is a terminal, never when piped.
pub fn progress_wanted() -> bool {
    io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_are_compact_and_end_with_a_newline() {
        let mut out = Vec::new();
        json_line(&mut out, &serde_json::json!({"a": [1, 2], "b": "x"})).unwrap();
        json_line(&mut out, &3).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"a\":[1,2],\"b\":\"x\"}\n3\n"
        );
    }
}
