//! Where the PGN text comes from: a plain file or stream, or a compressed one recognised by its
//! first bytes, decompressed as it is read.
//!
//! | first bytes | format | read from |
//! |---|---|---|
//! | `28 B5 2F FD`, or a skippable frame `5x 2A 4D 18` (lichess's files open with one) | zstd, every frame | a file or stdin |
//! | `1F 8B` | gzip, every member | a file or stdin |
//! | `BZh` and a digit | bzip2, every stream | a file or stdin |
//! | `PK 03 04` | zip: every member whose name ends in `.pgn`, in archive order, as one text per member | a file (its directory is at its end) |
//! | anything else | plain PGN text | a file or stdin |
//!
//! Formats that cannot be PGN text and that pgn-judge does not read (xz, 7z, rar, UTF-16 text)
//! are refused by name. A compressed stream that ends early or is corrupt is a [`SourceError`]
//! naming the byte of the compressed input where it was found. A compressed input is
//! decompressed ahead on a thread of its own (the crate's `ahead` module).

use std::{
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, Read, Seek, SeekFrom},
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

use toolkit_cli::{Input, Quoted, Report, Status, input_name};

use crate::ahead::ReadAhead;

/// A compressed format, by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Plain text.
    Plain,
    /// zstd.
    Zstd,
    /// gzip.
    Gzip,
    /// bzip2.
    Bzip2,
    /// A zip archive.
    Zip,
}

impl Format {
    /// The format that starts with `head` (the first bytes of the input, at least 4 when the
    /// input has them), or the name of a format that is not PGN and is not read.
    pub fn sniff(head: &[u8]) -> Result<Format, &'static str> {
        Ok(match head {
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Format::Zstd,
            [0x50..=0x5F, 0x2A, 0x4D, 0x18, ..] => Format::Zstd,
            [0x1F, 0x8B, ..] => Format::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Format::Bzip2,
            [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => Format::Zip,
            [0xFD, b'7', b'z', b'X', b'Z', 0, ..] => return Err("an xz archive"),
            [b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C, ..] => return Err("a 7z archive"),
            [b'R', b'a', b'r', b'!', 0x1A, 0x07, ..] => return Err("a rar archive"),
            [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => return Err("UTF-16 text"),
            _ => Format::Plain,
        })
    }

    /// The format's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Plain => "PGN text",
            Format::Zstd => "zstd",
            Format::Gzip => "gzip",
            Format::Bzip2 => "bzip2",
            Format::Zip => "zip",
        }
    }
}

/// Why the input cannot be read (on).
#[derive(Debug)]
pub enum SourceError {
    /// A format that is not read (`an xz archive`).
    Unsupported {
        /// The file, `None` for stdin.
        path: Option<PathBuf>,
        /// The format.
        what: &'static str,
    },
    /// A zip archive on stdin.
    ZipOnStdin,
    /// A zip archive without a `.pgn` member.
    NoPgnMember {
        /// The archive.
        path: PathBuf,
    },
    /// A zip member stored with a method that is not read (the other members are).
    ZipMethod {
        /// The archive.
        path: PathBuf,
        /// The member's name.
        member: String,
        /// The method.
        method: String,
    },
    /// A compressed stream that ends early (`truncated`) or cannot be decoded, found at a byte
    /// of the compressed input.
    Damaged {
        /// The file, `None` for stdin.
        path: Option<PathBuf>,
        /// The zip member, if any.
        member: Option<String>,
        /// The format.
        format: Format,
        /// Whether the stream ends early (else its data is corrupt).
        truncated: bool,
        /// Whether the damage was found at the end of the text, once all of it was read (a zip
        /// member's CRC-32).
        at_end: bool,
        /// The end of the compressed input (of the member, in a zip) the decoder had read when
        /// it found it.
        offset: u64,
        /// The decoder's words.
        reason: String,
    },
    /// A zstd frame made for a window larger than the decoder's limit (`zstd --long=31`): sound
    /// data that is not read.
    ZstdWindow {
        /// The file, `None` for stdin.
        path: Option<PathBuf>,
    },
    /// A zip archive whose directory cannot be read.
    BadZip {
        /// The archive.
        path: PathBuf,
        /// The zip reader's words.
        reason: String,
    },
    /// The input cannot be read: an I/O failure.
    Read {
        /// The file, `None` for stdin.
        path: Option<PathBuf>,
        /// The failure.
        source: io::Error,
    },
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SourceError::Unsupported { path, what } => write!(
                f,
                "{} is {what}, not PGN text (pgn-judge reads plain, .zst, .gz, .bz2 and .zip)",
                input_name(path.as_deref())
            ),
            SourceError::ZipOnStdin => write!(
                f,
                "standard input is a zip archive: pass its path instead (a zip's directory is at its end)"
            ),
            SourceError::NoPgnMember { path } => {
                write!(f, "{} holds no .pgn member", input_name(Some(path)))
            }
            SourceError::ZstdWindow { path } => write!(
                f,
                "{}: a zstd frame needs a window larger than the 128 MiB \
                 pgn-judge decodes with (made with `zstd --long`?); the games after it are not \
                 read (recompress with `zstd --long=27` or less)",
                input_name(path.as_deref())
            ),
            SourceError::ZipMethod {
                path,
                member,
                method,
            } => write!(
                f,
                "{}, member {}: compression method {method} is not read (stored and deflate \
                 are); the other members are read",
                input_name(Some(path)),
                Quoted(member)
            ),
            SourceError::Damaged {
                path,
                member,
                format,
                truncated,
                at_end,
                offset,
                reason,
            } => {
                write!(f, "{}", input_name(path.as_deref()))?;
                if let Some(member) = member {
                    write!(f, ", member {}", Quoted(member))?;
                }
                let format = format.name();
                if member.is_some() {
                    // The next members are read: each is found through the directory.
                    let what = if *truncated {
                        "ends early"
                    } else {
                        "is corrupt"
                    };
                    let rest = if *at_end {
                        "all its games were judged, but their verdicts may come from the damaged \
                         data"
                    } else {
                        "its games after it are not read, and the verdicts printed before it may \
                         come from the damaged data"
                    };
                    write!(
                        f,
                        ": the {format} data {what} (found at byte {offset}: {reason}); {rest}; \
                         the other members are read"
                    )
                } else if *truncated {
                    write!(
                        f,
                        ": the {format} data ends early at byte {offset} ({reason}); the games \
                         after it are not read"
                    )
                } else {
                    // The check that finds the damage comes at the end of a member, block or
                    // frame: the text decoded before it is not to be trusted.
                    write!(
                        f,
                        ": the {format} data is corrupt (found at byte {offset}: {reason}); the \
                         games after it are not read, and the verdicts printed before it may \
                         come from the damaged data"
                    )
                }
            }
            SourceError::BadZip { path, reason } => {
                write!(
                    f,
                    "{} is not a readable zip archive: {reason}",
                    input_name(Some(path))
                )
            }
            SourceError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", input_name(path.as_deref()))
            }
        }
    }
}

impl std::error::Error for SourceError {}

impl Report for SourceError {
    fn status(&self) -> Status {
        match self {
            SourceError::Read { .. } => Status::Failure,
            _ => Status::Invalid,
        }
    }
}

/// Counts the bytes read through it, shared with whoever watches (the progress bar, the
/// error that names where a stream broke).
#[derive(Clone, Debug, Default)]
pub struct Counter(Arc<AtomicU64>);

impl Counter {
    /// The bytes counted so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    fn add(&self, n: usize) {
        self.0.fetch_add(n as u64, Ordering::Relaxed);
    }

    fn set(&self, n: u64) {
        self.0.store(n, Ordering::Relaxed);
    }

    fn raise(&self, n: u64) {
        self.0.fetch_max(n, Ordering::Relaxed);
    }
}

/// A buffered reader that counts what it hands out, and marks its own failures so that they are
/// told apart from a decoder's complaints about the data.
struct Counting<R> {
    inner: R,
    /// The bytes taken (read or consumed).
    counter: Counter,
    /// The end of the bytes handed out, taken or only looked at: where a decoder that fails
    /// had read to (it fails before it takes the bytes it was looking at).
    reached: Counter,
}

/// A failure of the input itself (not of the data in it), passed through a decoder.
#[derive(Debug)]
struct InputFailure(io::Error);

impl fmt::Display for InputFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for InputFailure {}

fn input_failure(err: io::Error) -> io::Error {
    io::Error::new(err.kind(), InputFailure(err))
}

impl<R: BufRead> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf).map_err(input_failure)?;
        self.counter.add(n);
        self.reached.raise(self.counter.get());
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let buf = self.inner.fill_buf().map_err(input_failure)?;
        self.reached.raise(self.counter.get() + buf.len() as u64);
        Ok(buf)
    }

    fn consume(&mut self, n: usize) {
        self.counter.add(n);
        self.inner.consume(n);
    }
}

/// One text of the input: the whole of a plain or compressed stream, or one zip member.
pub struct Part {
    /// The text.
    pub reader: Box<dyn Read + Send>,
    /// Turns a failure of `reader` into the error to report, naming where it happened.
    pub describe: Box<dyn Fn(io::Error) -> SourceError + Send>,
}

impl fmt::Debug for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Part").finish_non_exhaustive()
    }
}

/// The input opened: its format, its size when known (for the progress bar), the counter of
/// its bytes read, and its texts.
pub struct Source {
    /// The format.
    pub format: Format,
    /// The input's size in bytes, for a regular file.
    pub size: Option<u64>,
    /// The bytes of the input read so far (compressed bytes for a compressed input).
    pub read: Counter,
    /// The texts, in order (one but for zip archives).
    pub parts: Box<dyn Iterator<Item = Result<Part, SourceError>> + Send>,
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source")
            .field("format", &self.format)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl Source {
    /// Opens an input, recognising its format by its first bytes.
    ///
    /// # Errors
    ///
    /// [`SourceError`] for a format that is not read, a zip archive on stdin or without a
    /// `.pgn` member, or an input that cannot be read.
    pub fn open(input: Input) -> Result<Source, SourceError> {
        let path = input.path().map(Path::to_path_buf);
        let size = path
            .as_deref()
            .and_then(|p| std::fs::metadata(p).ok())
            .filter(|m| m.is_file())
            .map(|m| m.len());
        let read_error = |source| SourceError::Read {
            path: path.clone(),
            source,
        };
        let mut reader = input.into_reader();
        let head = fill_head(&mut reader).map_err(read_error)?;
        let format = Format::sniff(&head).map_err(|what| SourceError::Unsupported {
            path: path.clone(),
            what,
        })?;
        let read = Counter::default();
        let parts: Box<dyn Iterator<Item = _> + Send> = match format {
            Format::Zip => {
                let path = path.clone().ok_or(SourceError::ZipOnStdin)?;
                drop(reader);
                Box::new(zip_members(&path, &read)?)
            }
            _ => {
                let reached = Counter::default();
                let counting = Counting {
                    inner: reader,
                    counter: read.clone(),
                    reached: reached.clone(),
                };
                let reader = decoder(format, counting).map_err(read_error)?;
                let path = path.clone();
                let describe =
                    move |err: io::Error| damaged(path.clone(), None, format, reached.get(), err);
                Box::new(std::iter::once(Ok(Part {
                    reader,
                    describe: Box::new(describe),
                })))
            }
        };
        Ok(Source {
            format,
            size,
            read,
            parts,
        })
    }
}

/// The first bytes of a buffered input, without consuming them (up to 8, fewer at its end).
fn fill_head(reader: &mut Box<dyn BufRead + Send>) -> io::Result<Vec<u8>> {
    // `fill_buf` hands out what one read gave; a pipe may give less than the magic bytes.
    let available = loop {
        match reader.fill_buf() {
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            other => break other?,
        }
    };
    if available.len() >= 8 || available.is_empty() {
        return Ok(available[..available.len().min(8)].to_vec());
    }
    // Rare: read the few bytes more and put them back in front.
    let mut head = available.to_vec();
    reader.consume(head.len());
    while head.len() < 8 {
        let more = reader.fill_buf()?;
        if more.is_empty() {
            break;
        }
        let take = more.len().min(8 - head.len());
        head.extend_from_slice(&more[..take]);
        reader.consume(take);
    }
    let rest = std::mem::replace(reader, Box::new(io::empty()));
    *reader = Box::new(io::Cursor::new(head.clone()).chain(rest));
    Ok(head)
}

/// The decompressing reader for a format, decompressing ahead on a thread of its own (plain
/// text as it is).
fn decoder<R: BufRead + Send + 'static>(
    format: Format,
    input: R,
) -> io::Result<Box<dyn Read + Send>> {
    let decoder: Box<dyn Read + Send> = match format {
        Format::Plain | Format::Zip => return Ok(Box::new(input)),
        Format::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(input)?),
        Format::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
        Format::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
    };
    Ok(Box::new(ReadAhead::new(decoder)?))
}

/// A decoder's failure as the error to report: ending early or corrupt, at `offset`.
fn damaged(
    path: Option<PathBuf>,
    member: Option<String>,
    format: Format,
    offset: u64,
    err: io::Error,
) -> SourceError {
    if format == Format::Plain || err.get_ref().is_some_and(|e| e.is::<InputFailure>()) {
        let source = match err.into_inner() {
            Some(inner) => match inner.downcast::<InputFailure>() {
                Ok(failure) => failure.0,
                Err(other) => io::Error::other(other),
            },
            None => io::Error::other("read failure"),
        };
        return SourceError::Read { path, source };
    }
    let reason = err.to_string();
    if format == Format::Zstd && reason.contains("requires too much memory") {
        // zstd's own words for a frame whose window is over the limit: not damage.
        return SourceError::ZstdWindow { path };
    }
    let at_end = read_to_the_end(&err);
    let truncated = err.kind() == io::ErrorKind::UnexpectedEof
        || reason.contains("incomplete")
        || reason.contains("unexpected end");
    SourceError::Damaged {
        path,
        member,
        format,
        truncated,
        at_end,
        offset,
        reason,
    }
}

/// One `.pgn` member of a zip archive, found in its directory.
#[derive(Clone, Debug)]
struct Member {
    name: String,
    data_start: u64,
    compressed_size: u64,
    /// Deflated (else stored), or the name of a method that is not read.
    deflated: Result<bool, String>,
    crc32: u32,
}

/// The `.pgn` members of a zip archive, each read (and decompressed) on its own when its turn
/// comes, the archive's bytes counted in `read`.
fn zip_members(
    path: &Path,
    read: &Counter,
) -> Result<impl Iterator<Item = Result<Part, SourceError>> + Send + use<>, SourceError> {
    let read_error = |source| SourceError::Read {
        path: Some(path.to_path_buf()),
        source,
    };
    let zip_error = |err: zip::result::ZipError| SourceError::BadZip {
        path: path.to_path_buf(),
        reason: err.to_string(),
    };
    let file = File::open(path).map_err(read_error)?;
    let mut archive = zip::ZipArchive::new(&file).map_err(zip_error)?;
    let mut members = Vec::new();
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(zip_error)?;
        let name = entry.name().map_err(zip_error)?.into_owned();
        if !entry.is_file() || !name.to_ascii_lowercase().ends_with(".pgn") {
            continue;
        }
        let deflated = match entry.compression() {
            zip::CompressionMethod::Stored => Ok(false),
            zip::CompressionMethod::Deflated => Ok(true),
            other => Err(format!("{other:?}")),
        };
        members.push(Member {
            data_start: entry.data_start().unwrap_or_default(),
            compressed_size: entry.compressed_size(),
            deflated,
            crc32: entry.crc32(),
            name,
        });
    }
    drop(archive);
    if members.is_empty() {
        return Err(SourceError::NoPgnMember {
            path: path.to_path_buf(),
        });
    }
    let path = path.to_path_buf();
    let read = read.clone();
    Ok(members.into_iter().map(move |member| {
        let deflated = member.deflated.map_err(|method| SourceError::ZipMethod {
            path: path.clone(),
            member: member.name.clone(),
            method,
        })?;
        let mut file = File::open(&path).map_err(|source| SourceError::Read {
            path: Some(path.clone()),
            source,
        })?;
        file.seek(SeekFrom::Start(member.data_start))
            .map_err(|source| SourceError::Read {
                path: Some(path.clone()),
                source,
            })?;
        let start = read.get();
        let member_read = Counter::default();
        let reached = Counter::default();
        let raw = Counting {
            inner: BufReader::with_capacity(1 << 16, file.take(member.compressed_size)),
            counter: member_read.clone(),
            reached: reached.clone(),
        };
        let reader: Box<dyn Read + Send> = if deflated {
            Box::new(flate2::bufread::DeflateDecoder::new(raw))
        } else {
            Box::new(raw)
        };
        let reader = ReadAhead::new(Box::new(CrcChecked {
            inner: flate2::CrcReader::new(reader),
            expected: member.crc32,
            progress: (read.clone(), start, member_read.clone()),
        }))
        .map_err(|source| SourceError::Read {
            path: Some(path.clone()),
            source,
        })?;
        let reader = Box::new(reader);
        let path = path.clone();
        let name = member.name.clone();
        let describe = move |err: io::Error| {
            damaged(
                Some(path.clone()),
                Some(name.clone()),
                Format::Zip,
                reached.get(),
                err,
            )
        };
        Ok(Part {
            reader,
            describe: Box::new(describe),
        })
    }))
}

/// A zip member's text, checked against its CRC-32 at its end; it also moves the archive's byte
/// counter along with the member's.
struct CrcChecked {
    inner: flate2::CrcReader<Box<dyn Read + Send>>,
    expected: u32,
    /// The archive's counter, its value when the member started, and the member's counter.
    progress: (Counter, u64, Counter),
}

impl Read for CrcChecked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let (archive, start, member) = &self.progress;
        archive.set(start + member.get());
        if n == 0 && !buf.is_empty() && self.inner.crc().sum() != self.expected {
            return Err(io::Error::new(io::ErrorKind::InvalidData, CrcMismatch));
        }
        Ok(n)
    }
}

/// A zip member's text, read to its end, does not have its CRC-32.
#[derive(Debug)]
struct CrcMismatch;

impl fmt::Display for CrcMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CRC-32 mismatch")
    }
}

impl std::error::Error for CrcMismatch {}

/// Whether a failure to read a text came once all of it was read (a zip member's CRC-32): its
/// games are all there, to be judged before the error is reported.
pub fn read_to_the_end(err: &io::Error) -> bool {
    err.get_ref().is_some_and(|e| e.is::<CrcMismatch>())
}

/// Whether the input goes on after this failure of one of its texts: a damaged zip member, or
/// one stored with a method that is not read, is reported and the next member read (each is
/// found through the archive's directory).
pub fn goes_on_after(err: &SourceError) -> bool {
    matches!(
        err,
        SourceError::Damaged {
            member: Some(_),
            ..
        } | SourceError::ZipMethod { .. }
    )
}
