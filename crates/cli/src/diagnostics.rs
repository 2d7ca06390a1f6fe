//! Where errors and warnings go: one `error: ...` line each, and the worst [`Status`] seen.

use std::{
    fmt::{self, Write as _},
    io::Write,
};

use crate::status::{Report, Status};

/// Error and warning lines for the user, remembering the worst [`Status`] reported. Each line is
/// formatted first and written whole, in one write: stderr is unbuffered, and a batch of a
/// million bad lines would otherwise cost several system calls a line.
#[derive(Debug)]
pub struct Diagnostics<W: Write> {
    sink: W,
    status: Status,
    /// The line being written, reused.
    line: String,
}

impl<W: Write> Diagnostics<W> {
    /// Diagnostics written to `sink` (stderr in a tool, a `Vec<u8>` in a test).
    pub fn new(sink: W) -> Self {
        Diagnostics {
            sink,
            status: Status::Success,
            line: String::new(),
        }
    }

    /// Writes `prefix`, the message and a line break in one write. Nothing sensible remains to
    /// be done when stderr itself is gone, so a failure is ignored.
    fn emit(&mut self, prefix: &str, message: &dyn fmt::Display) {
        self.line.clear();
        let _ = writeln!(self.line, "{prefix}{message}");
        let _ = self.sink.write_all(self.line.as_bytes());
    }

    /// Prints `error: <message>` and records the error's status.
    pub fn error(&mut self, error: &dyn Report) {
        self.status = self.status.max(error.status());
        self.emit("error: ", error);
    }

    /// Prints `warning: <message>`; the status is unchanged.
    pub fn warning(&mut self, message: &dyn fmt::Display) {
        self.emit("warning: ", message);
    }

    /// Prints a note (progress, "generating the table ...") without a prefix.
    pub fn note(&mut self, message: &dyn fmt::Display) {
        self.emit("", message);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::AtLine;

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
}
