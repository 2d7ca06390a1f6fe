//! Exit statuses and the errors a tool reports to its user.
//!
//! | exit | [`Status`] | meaning |
//! |---|---|---|
//! | 0 | `Success` | success |
//! | 2 | `Invalid` | invalid input or usage |
//! | 1 | `Failure` | anything else (I/O failure, a corrupt data file) |

use std::{fmt, process::ExitCode};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes() {
        assert_eq!(Status::Success.code(), 0);
        assert_eq!(Status::Invalid.code(), 2);
        assert_eq!(Status::Failure.code(), 1);
        assert!(Status::Success < Status::Invalid && Status::Invalid < Status::Failure);
    }
}
