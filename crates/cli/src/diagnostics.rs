//! Where errors and warnings go: one `error: ...` line each, and the worst [`Status`] seen.

use std::{fmt, io::Write};

use crate::status::{Report, Status};

/// Error and warning lines for the user, remembering the worst [`Status`] reported.
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
