//! A tool's input: a FILE or stdin ([`Input`]), read line by line ([`Lines`]) with memory
//! bounded by the longest line, whatever the size of the input.
//!
//! Every line is decoded on its own, so one line that is not UTF-8 text, or one far too long,
//! is an error for that line alone ([`LineError`]) and the lines after it are still read: a batch
//! answers every good record. A leading UTF-8 byte-order mark (which some Windows editors write)
//! is dropped; a line ends at `\n`, and a `\r` before it is dropped too.

use std::{
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, Cursor},
    path::{Path, PathBuf},
};

use crate::status::{Report, Status};

/// The longest line [`Lines`] reads: 1 MiB. A longer line is a [`LineError::TooLong`] and is
/// skipped without being held in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The read buffer for files and stdin.
const BUFFER_BYTES: usize = 1 << 16;

const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Input that could not be read.
#[derive(Debug)]
pub struct ReadError {
    /// The file, or `None` for stdin.
    pub path: Option<PathBuf>,
    /// The underlying failure.
    pub source: io::Error,
}

/// How an input is named in messages: its path quoted (whole: a path is no free text to cut),
/// or `standard input`.
pub fn input_name(path: Option<&Path>) -> String {
    match path {
        Some(path) => format!("{:?}", path.display().to_string()),
        None => "standard input".to_owned(),
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read {}: {}",
            input_name(self.path.as_deref()),
            self.source
        )
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl Report for ReadError {
    fn status(&self) -> Status {
        Status::Failure
    }
}

/// A tool's input: the file it names, or stdin, buffered.
pub struct Input {
    path: Option<PathBuf>,
    reader: Box<dyn BufRead + Send>,
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Input")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl Input {
    /// The file at `path`, or stdin when `path` is `None` or `-`.
    ///
    /// # Errors
    ///
    /// [`ReadError`] when the file cannot be opened.
    pub fn open(path: Option<&Path>) -> Result<Input, ReadError> {
        match path.filter(|p| *p != Path::new("-")) {
            None => Ok(Input::from_reader(BufReader::with_capacity(
                BUFFER_BYTES,
                io::stdin(),
            ))),
            Some(path) => match File::open(path) {
                Ok(file) => Ok(Input {
                    path: Some(path.to_path_buf()),
                    reader: Box::new(BufReader::with_capacity(BUFFER_BYTES, file)),
                }),
                Err(source) => Err(ReadError {
                    path: Some(path.to_path_buf()),
                    source,
                }),
            },
        }
    }

    /// Input from any reader, named "standard input" in messages.
    pub fn from_reader(reader: impl BufRead + Send + 'static) -> Input {
        Input {
            path: None,
            reader: Box::new(reader),
        }
    }

    /// Input from bytes in memory (tests), named "standard input" in messages.
    pub fn from_bytes(bytes: impl Into<Vec<u8>>) -> Input {
        Input::from_reader(Cursor::new(bytes.into()))
    }

    /// The file, or `None` for stdin.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// A failure while reading this input, naming it.
    pub fn read_error(&self, source: io::Error) -> ReadError {
        ReadError {
            path: self.path.clone(),
            source,
        }
    }

    /// The buffered bytes, for tools that read a format of their own (compressed archives).
    pub fn into_reader(self) -> Box<dyn BufRead + Send> {
        self.reader
    }

    /// The input line by line.
    pub fn lines(self) -> Lines<Box<dyn BufRead + Send>> {
        let mut lines = Lines::new(self.reader);
        lines.path = self.path;
        lines
    }
}

/// One line of the input, without its line end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line number, counting from 1.
    pub number: usize,
    /// The text.
    pub text: &'a str,
}

/// A line that could not be read.
#[derive(Debug)]
pub enum LineError {
    /// The line is not UTF-8 text: its first bad byte and that byte's column (counting
    /// characters from 1).
    NotUtf8 {
        /// The line number.
        line: usize,
        /// The first byte that is not part of UTF-8 text.
        byte: u8,
        /// Its column.
        column: usize,
    },
    /// The line is longer than the limit, in bytes.
    TooLong {
        /// The line number.
        line: usize,
        /// The limit.
        max: usize,
    },
    /// The input itself failed; nothing after it is read.
    Read(ReadError),
}

impl LineError {
    /// The line the error is on; `None` for a read failure.
    pub fn line(&self) -> Option<usize> {
        match self {
            LineError::NotUtf8 { line, .. } | LineError::TooLong { line, .. } => Some(*line),
            LineError::Read(_) => None,
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NotUtf8 { line, byte, column } => write!(
                f,
                "line {line}: not UTF-8 text (byte 0x{byte:02X} at column {column})"
            ),
            LineError::TooLong { line, max } if max % (1 << 20) == 0 => {
                write!(f, "line {line}: longer than {} MiB", max >> 20)
            }
            LineError::TooLong { line, max } => write!(f, "line {line}: longer than {max} bytes"),
            LineError::Read(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for LineError {}

impl Report for LineError {
    fn status(&self) -> Status {
        match self {
            LineError::Read(err) => err.status(),
            LineError::NotUtf8 { .. } | LineError::TooLong { .. } => Status::Invalid,
        }
    }
}

/// Reads lines one at a time into one reused buffer: memory is bounded by the longest line
/// (at most [`MAX_LINE_BYTES`] by default), not by the input.
///
/// # Examples
///
/// ```
/// use toolkit_cli::{Lines, LineError};
///
/// let mut lines = Lines::new(&b"\xef\xbb\xbfe4\r\nG\xe9rry\nlast"[..]);
/// assert_eq!(lines.next_line().unwrap().unwrap().text, "e4");
/// let err = lines.next_line().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "line 2: not UTF-8 text (byte 0xE9 at column 2)");
/// assert_eq!(lines.next_line().unwrap().unwrap().text, "last");
/// assert!(lines.next_line().is_none());
/// ```
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    path: Option<PathBuf>,
    buf: Vec<u8>,
    number: usize,
    max: usize,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, named "standard input" in messages.
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            path: None,
            buf: Vec::new(),
            number: 0,
            max: MAX_LINE_BYTES,
            done: false,
        }
    }

    /// The same, with another limit on a line's length in bytes.
    pub fn with_max_len(mut self, max: usize) -> Lines<R> {
        self.max = max;
        self
    }

    /// The number of the last line returned (0 before the first).
    pub fn number(&self) -> usize {
        self.number
    }

    /// The next line, `None` at the end of the input. After a [`LineError::Read`] the input
    /// ends.
    // A lending iterator (the line borrows the reused buffer), hence not `Iterator`.
    #[allow(clippy::should_implement_trait)]
    pub fn next_line(&mut self) -> Option<Result<Line<'_>, LineError>> {
        Some(self.next_raw()?.and_then(|raw| raw.text()))
    }

    /// The next line as bytes, not yet decoded (the byte-order mark and the `\r` are dropped as
    /// for [`Lines::next_line`]): for formats whose records span lines, which must still find
    /// where a record ends when one of its lines is not text. `None` at the end of the input.
    pub fn next_raw(&mut self) -> Option<Result<RawLine<'_>, LineError>> {
        if self.done {
            return None;
        }
        self.buf.clear();
        // The limit is the line's own: room for the `\r` and, on the first line, the byte-order
        // mark, both dropped below.
        let first = self.number == 0;
        let room = self.max + 1 + if first { BYTE_ORDER_MARK.len() } else { 0 };
        let mut too_long = false;
        let mut seen_any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(source) => {
                    self.done = true;
                    return Some(Err(LineError::Read(ReadError {
                        path: self.path.clone(),
                        source,
                    })));
                }
            };
            if available.is_empty() {
                self.done = true;
                if !seen_any {
                    return None;
                }
                break;
            }
            seen_any = true;
            let (taken, end) = match memchr::memchr(b'\n', available) {
                Some(i) => (i, i + 1),
                None => (available.len(), available.len()),
            };
            if !too_long {
                if self.buf.len() + taken > room {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(&available[..taken]);
                }
            }
            self.reader.consume(end);
            if end > taken {
                break;
            }
        }
        self.number += 1;
        let line = self.number;
        let mut bytes = &self.buf[..];
        if first {
            bytes = bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(bytes);
        }
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if too_long || bytes.len() > self.max {
            return Some(Err(LineError::TooLong {
                line,
                max: self.max,
            }));
        }
        Some(Ok(RawLine {
            number: line,
            bytes,
        }))
    }
}

/// One line of the input as bytes, without its line end, from [`Lines::next_raw`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawLine<'a> {
    /// The line number, counting from 1.
    pub number: usize,
    /// The bytes.
    pub bytes: &'a [u8],
}

impl<'a> RawLine<'a> {
    /// The line as text.
    ///
    /// # Errors
    ///
    /// [`LineError::NotUtf8`], naming the first bad byte and its column.
    pub fn text(self) -> Result<Line<'a>, LineError> {
        let RawLine { number, bytes } = self;
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Line { number, text }),
            Err(err) => {
                let valid = err.valid_up_to();
                // `valid` ends on a character boundary of text already checked.
                let before = std::str::from_utf8(&bytes[..valid]).map_or(0, |s| s.chars().count());
                Err(LineError::NotUtf8 {
                    line: number,
                    byte: bytes[valid],
                    column: before + 1,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8], max: usize) -> Vec<Result<String, String>> {
        let mut lines = Lines::new(bytes).with_max_len(max);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line() {
            out.push(line.map(|l| l.text.to_owned()).map_err(|e| e.to_string()));
        }
        out
    }

    #[test]
    fn lines_end_at_newlines_and_the_end() {
        assert_eq!(all(b"", 10), Vec::<Result<_, _>>::new());
        assert_eq!(all(b"\n", 10), vec![Ok(String::new())]);
        assert_eq!(
            all(b"a\r\nb\n\nc", 10),
            ["a", "b", "", "c"].map(|s| Ok(s.to_owned()))
        );
        assert_eq!(all(b"a\n", 10), vec![Ok("a".to_owned())]);
    }

    #[test]
    fn a_bad_line_spoils_only_itself() {
        assert_eq!(
            all(b"ok\n\xff\xfe\ntoo long line\nfine", 8),
            vec![
                Ok("ok".to_owned()),
                Err("line 2: not UTF-8 text (byte 0xFF at column 1)".to_owned()),
                Err("line 3: longer than 8 bytes".to_owned()),
                Ok("fine".to_owned()),
            ]
        );
        assert_eq!(
            all("é\u{1F600}\u{ed}".as_bytes(), 99),
            vec![Ok("é\u{1F600}\u{ed}".to_owned())]
        );
        assert_eq!(
            all(b"\xc3\xa9x\xc3", 99),
            vec![Err(
                "line 1: not UTF-8 text (byte 0xC3 at column 3)".to_owned()
            )]
        );
    }

    #[test]
    fn the_length_limit_counts_the_line_not_its_end_or_byte_order_mark() {
        let fits = || Ok("abcd".to_owned());
        let long = |n: usize| Err(format!("line {n}: longer than 4 bytes"));
        assert_eq!(all(b"abcd\nabcd\r\n", 4), vec![fits(), fits()]);
        assert_eq!(all(b"\xef\xbb\xbfabcd\r\n", 4), vec![fits()]);
        assert_eq!(
            all(b"abcde\nabcde\r\nabcd\r\r\n\xef\xbb\xbfa", 4),
            vec![long(1), long(2), long(3), Ok("\u{feff}a".to_owned())]
        );
    }

    #[test]
    fn raw_lines_keep_the_bytes_of_a_line_that_is_not_text() {
        let mut lines = Lines::new(&b"\xef\xbb\xbf1\r\ne\xff4 d4\r\n"[..]);
        let first = lines.next_raw().unwrap().unwrap();
        assert_eq!((first.number, first.bytes), (1, &b"1"[..]));
        let second = lines.next_raw().unwrap().unwrap();
        assert_eq!(second.bytes, b"e\xff4 d4");
        assert_eq!(
            second.text().unwrap_err().to_string(),
            "line 2: not UTF-8 text (byte 0xFF at column 2)"
        );
        assert!(lines.next_raw().is_none());
    }

    #[test]
    fn a_byte_order_mark_is_dropped_from_the_first_line_only() {
        assert_eq!(
            all(b"\xef\xbb\xbfa\n\xef\xbb\xbfb", 10),
            vec![Ok("a".to_owned()), Ok("\u{feff}b".to_owned())]
        );
    }

    #[test]
    fn long_lines_are_not_held_in_memory() {
        // A reader that hands out 4 KiB at a time of a 10 MiB line, then a short one.
        let mut big = vec![b'x'; 10 << 20];
        big.extend_from_slice(b"\nshort\n");
        let reader = BufReader::with_capacity(4096, &big[..]);
        let mut lines = Lines::new(reader).with_max_len(1 << 20);
        let err = lines.next_line().unwrap().unwrap_err();
        assert_eq!(err.to_string(), "line 1: longer than 1 MiB");
        assert!(lines.buf.capacity() <= 1 << 20);
        assert_eq!(lines.next_line().unwrap().unwrap().text, "short");
        assert!(lines.next_line().is_none());
    }

    #[test]
    fn a_missing_file_is_a_failure_that_names_it() {
        let err = Input::open(Some(Path::new("/nonexistent/x.in"))).unwrap_err();
        assert_eq!(err.status(), Status::Failure);
        assert!(
            err.to_string()
                .starts_with("cannot read \"/nonexistent/x.in\": "),
            "{err}"
        );
    }

    #[test]
    fn a_long_path_is_named_whole() {
        let path = format!("/nonexistent/{}/x.in", "d".repeat(100));
        let err = Input::open(Some(Path::new(&path))).unwrap_err();
        assert!(
            err.to_string()
                .starts_with(&format!("cannot read {path:?}: ")),
            "{err}"
        );
    }

    #[test]
    fn a_read_failure_ends_the_lines() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut lines = Input::from_reader(BufReader::new(Failing)).lines();
        let err = lines.next_line().unwrap().unwrap_err();
        assert_eq!(err.status(), Status::Failure);
        assert_eq!(err.to_string(), "cannot read standard input: disk on fire");
        assert!(lines.next_line().is_none());
    }
}
