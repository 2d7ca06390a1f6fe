//! The plumbing every tool's `main` shares: input from FILE or stdin, `error: ...` lines on stderr,
//! exit codes, and a quiet end on a broken pipe.
//!
//! | exit | meaning |
//! |---|---|
//! | 0 | success |
//! | 2 | invalid input or usage |
//! | 1 | anything else (I/O failure, corrupt data file) |
//!
//! A tool's `main` parses its arguments with clap and hands one closure to [`run`]:
//!
//! ```no_run
//! use std::{io::Write, process::ExitCode};
//! use chess_core::cli;
//!
//! fn main() -> ExitCode {
//!     cli::run(|out, diag| {
//!         match cli::read_input(None) {
//!             Ok(text) => write!(out, "{}", text.len())?,
//!             Err(err) => diag.error(&err),
//!         }
//!         Ok(())
//!     })
//! }
//! ```

use std::{
    fmt,
    io::{self, BufWriter, IsTerminal, Read, StdoutLock, Write},
    path::{Path, PathBuf},
    process::ExitCode,
};

/// How a run ended. Ordered by severity: a batch ends with the worst status any record had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Status {
    /// Exit 0.
    #[default]
    Success,
    /// Exit 2: the input or the command line is invalid.
    Invalid,
    /// Exit 1: anything else (I/O failure, a corrupt data file).
    Failure,
}

impl Status {
    /// The process exit code.
    pub const fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Invalid => 2,
            Status::Failure => 1,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status.code())
    }
}

/// An error a tool reports to the user: its `Display` is the one-line message (without the
/// `error: ` prefix), [`Report::status`] says whether it is the user's input (the default) or
/// something else.
pub trait Report: fmt::Display {
    /// The exit status this error leads to.
    fn status(&self) -> Status {
        Status::Invalid
    }
}

/// An error in a record of a batch input, with the line it came from (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtLine<E> {
    /// The line number, counting from 1.
    pub line: usize,
    /// What is wrong there.
    pub error: E,
}

impl<E: fmt::Display> fmt::Display for AtLine<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for AtLine<E> {}

impl<E: Report> Report for AtLine<E> {
    fn status(&self) -> Status {
        self.error.status()
    }
}

/// Input that could not be read.
#[derive(Debug)]
pub struct ReadError {
    /// The file, or `None` for stdin.
    pub path: Option<PathBuf>,
    /// The underlying failure.
    pub source: io::Error,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.path {
            Some(path) => format!("{:?}", path.display().to_string()),
            None => "standard input".to_owned(),
        };
        if self.source.kind() == io::ErrorKind::InvalidData {
            write!(f, "{what} is not UTF-8 text")
        } else {
            write!(f, "cannot read {what}: {}", self.source)
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl Report for ReadError {
    fn status(&self) -> Status {
        if self.source.kind() == io::ErrorKind::InvalidData {
            Status::Invalid
        } else {
            Status::Failure
        }
    }
}

/// Reads the whole input: the file at `path`, or stdin when `path` is `None` or `-`. A leading
/// UTF-8 byte-order mark (which some Windows editors write) is dropped.
///
/// # Errors
///
/// [`ReadError`] when the file cannot be read or is not UTF-8 text.
pub fn read_input(path: Option<&Path>) -> Result<String, ReadError> {
    let path = path.filter(|p| *p != Path::new("-"));
    let mut text = String::new();
    let result = match path {
        Some(p) => std::fs::File::open(p).and_then(|mut f| f.read_to_string(&mut text)),
        None => io::stdin().lock().read_to_string(&mut text),
    };
    result.map_err(|source| ReadError {
        path: path.map(Path::to_path_buf),
        source,
    })?;
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        text = rest.to_owned();
    }
    Ok(text)
}

/// Where errors and warnings go, remembering the worst [`Status`] reported.
#[derive(Debug)]
pub struct Diagnostics<W: Write> {
    sink: W,
    status: Status,
}

impl<W: Write> Diagnostics<W> {
    /// Diagnostics written to `sink` (stderr in a tool, a `Vec<u8>` in a test).
    pub fn new(sink: W) -> Self {
        Diagnostics {
            sink,
            status: Status::Success,
        }
    }

    /// Prints `error: <message>` and records the error's status.
    pub fn error(&mut self, error: &dyn Report) {
        self.status = self.status.max(error.status());
        // Nothing sensible remains to be done when stderr itself is gone.
        let _ = writeln!(self.sink, "error: {error}");
    }

    /// Prints `warning: <message>`; the status is unchanged.
    pub fn warning(&mut self, message: &dyn fmt::Display) {
        let _ = writeln!(self.sink, "warning: {message}");
    }

    /// Prints a note (progress, "generating the table ...") without a prefix.
    pub fn note(&mut self, message: &dyn fmt::Display) {
        let _ = writeln!(self.sink, "{message}");
    }

    /// The worst status reported so far.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Consumes the diagnostics and returns the sink.
    pub fn into_inner(self) -> W {
        self.sink
    }
}

/// Buffered, locked standard output, as [`run`] hands it to a tool.
pub type Stdout = BufWriter<StdoutLock<'static>>;

/// Runs a tool's body with buffered stdout and stderr diagnostics and turns the outcome into the
/// process exit code. A broken pipe (`tool | head`) ends the run quietly with success; any other
/// output failure is reported and exits 1.
pub fn run<F>(body: F) -> ExitCode
where
    F: FnOnce(&mut Stdout, &mut Diagnostics<io::Stderr>) -> io::Result<()>,
{
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diag = Diagnostics::new(io::stderr());
    match body(&mut out, &mut diag).and_then(|()| out.flush()) {
        Ok(()) => diag.status().into(),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            diag.error(&WriteError(err));
            Status::Failure.into()
        }
    }
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

/// Whether progress messages should be shown: only when stderr is a terminal, never when piped.
pub fn progress_wanted() -> bool {
    io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Bad(&'static str, Status);
    impl fmt::Display for Bad {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
    }
    impl Report for Bad {
        fn status(&self) -> Status {
            self.1
        }
    }

    #[test]
    fn diagnostics_keep_the_worst_status() {
        let mut diag = Diagnostics::new(Vec::new());
        assert_eq!(diag.status(), Status::Success);
        diag.error(&AtLine {
            line: 3,
            error: Bad("rating \"9x\" is not a number", Status::Invalid),
        });
        diag.warning(&"could not check the move");
        assert_eq!(diag.status(), Status::Invalid);
        diag.error(&Bad("table file is corrupt", Status::Failure));
        diag.error(&Bad("again", Status::Invalid));
        assert_eq!(diag.status(), Status::Failure);
        assert_eq!(
            String::from_utf8(diag.into_inner()).unwrap(),
            "error: line 3: rating \"9x\" is not a number\n\
             warning: could not check the move\n\
             error: table file is corrupt\n\
             error: again\n"
        );
    }

    #[test]
    fn exit_codes() {
        assert_eq!(Status::Success.code(), 0);
        assert_eq!(Status::Invalid.code(), 2);
        assert_eq!(Status::Failure.code(), 1);
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let path = std::env::temp_dir().join(format!("chess-core-bom-{}.txt", std::process::id()));
        std::fs::write(&path, "\u{feff}8/8/8/8/8/8/8/8\n").unwrap();
        let text = read_input(Some(&path));
        let _ = std::fs::remove_file(&path);
        assert_eq!(text.unwrap(), "8/8/8/8/8/8/8/8\n");
    }

    #[test]
    fn missing_file_is_a_failure_that_names_it() {
        let err = read_input(Some(Path::new("/nonexistent/x.in"))).unwrap_err();
        assert_eq!(err.status(), Status::Failure);
        assert!(
            err.to_string()
                .starts_with("cannot read \"/nonexistent/x.in\": "),
            "{err}"
        );
    }
}
