//! The table file: a fixed header, then the White-to-move depths to mate, deflated.
//!
//! All integers are little-endian.
//!
//! | offset | size | field | value |
//! |---|---|---|---|
//! | 0 | 8 | magic | `KBN-TB\r\n` |
//! | 8 | 2 | format version | 1 |
//! | 10 | 2 | header size | 64 |
//! | 12 | 8 | material, NUL-padded ASCII | `KBNvK` |
//! | 20 | 8 | metric, NUL-padded ASCII | `DTM-move`: White moves to mate, 0 for a draw |
//! | 28 | 8 | indexing, NUL-padded ASCII | `KK462-BN` (see [`crate::index`]) |
//! | 36 | 1 | side to move stored | `w` |
//! | 37 | 1 | compression | 1 = raw deflate (RFC 1951) |
//! | 38 | 2 | reserved | 0 |
//! | 40 | 4 | number of values | 1,359,578 |
//! | 44 | 4 | payload size in bytes | the rest of the file |
//! | 48 | 8 | payload checksum | FNV-1a 64 of the payload bytes |
//! | 56 | 8 | values checksum | FNV-1a 64 of the inflated values |
//! | 64 | … | payload | the values, deflated |
//!
//! The values are one byte per legal White-to-move position, in index order (slots that hold no
//! legal position — colliding pieces, non-canonical squares, the black king in check — are
//! skipped): the number of White moves to mate (1 to 33), or 0 for a draw. Black-to-move values
//! are not stored: a reader derives them by one ply of search (a capture or stalemate is a draw,
//! a checkmate is 0, else the longest White win after a black king move, plus one ply).
//!
//! Reading checks, in order: the size of the header, the magic, the version, the material, the
//! metric, the indexing, the side, the compression, the reserved bytes, the payload size (at most
//! twice the number of values) against the file size, the payload checksum, the inflated size,
//! the values checksum, and the range of every value. A reader never reads past the payload size
//! the header states, so a device that never ends is refused, not read forever.
//!
//! This module also gives [`Table`] its file methods: [`Table::load`], [`Table::save`],
//! [`Table::to_bytes`] and [`Table::from_bytes`].

use std::{
    error::Error,
    fmt,
    io::{self, Read},
    path::{Path, PathBuf},
};

use shakmaty::Color;

use crate::{
    index::SLOTS,
    rules,
    table::Table,
    value::{Entry, Value},
};

const MAGIC: &[u8; 8] = b"KBN-TB\r\n";
const VERSION: u16 = 1;
const HEADER_SIZE: usize = 64;
const MATERIAL: &str = "KBNvK";
const METRIC: &str = "DTM-move";
const INDEXING: &str = "KK462-BN";
const SIDE: u8 = b'w';
const DEFLATE: u8 = 1;
/// The longest mate a value may claim; KBNK needs at most 33 moves.
const MAX_MOVES: u8 = 100;

/// The White-to-move entry of each stored value: 0 a draw, N White moves to mate a mate in
/// 2N - 1 plies. (Values over [`MAX_MOVES`] are refused before this is read; their entries are
/// never used.)
static ENTRY_OF_VALUE: [Entry; 256] = {
    let mut table = [Entry::DRAW; 256];
    let mut moves = 1;
    while moves <= MAX_MOVES {
        table[moves as usize] = Entry::mate(2 * moves - 1);
        moves += 1;
    }
    table
};

/// Which check a table file failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The file is shorter than the header.
    TruncatedHeader {
        /// The file's size.
        size: usize,
    },
    /// The file does not start with the magic bytes.
    Magic,
    /// The format version is not one this reader knows.
    Version(u16),
    /// A header field has an unexpected value.
    Field {
        /// The field's name.
        field: &'static str,
        /// What the file says.
        found: String,
        /// What this reader expects.
        expected: String,
    },
    /// The file's size does not match the payload size in the header.
    PayloadSize {
        /// The payload size the header states.
        stated: u64,
        /// The bytes after the header.
        actual: u64,
    },
    /// The header states a payload larger than any table's.
    PayloadTooLarge {
        /// The payload size the header states.
        stated: u64,
    },
    /// The payload's checksum does not match the header.
    PayloadChecksum,
    /// The payload does not inflate.
    Inflate(String),
    /// The payload inflates to the wrong number of values.
    ValueCount {
        /// The number expected.
        expected: usize,
        /// The number found.
        actual: usize,
    },
    /// The inflated values' checksum does not match the header.
    ValuesChecksum,
    /// A value is out of range.
    ValueRange {
        /// The value.
        value: u8,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::TruncatedHeader { size } => {
                write!(
                    f,
                    "truncated: {size} bytes, the header alone has {HEADER_SIZE}"
                )
            }
            FormatError::Magic => write!(f, "not a kbn-tb table file (bad magic bytes)"),
            FormatError::Version(v) => {
                write!(
                    f,
                    "format version {v} is not supported (expected {VERSION})"
                )
            }
            FormatError::Field {
                field,
                found,
                expected,
            } => write!(f, "{field} is {found:?}, expected {expected:?}"),
            FormatError::PayloadSize { stated, actual } => write!(
                f,
                "truncated or padded: the header states a payload of {stated} bytes, the file has {actual}"
            ),
            FormatError::PayloadTooLarge { stated } => write!(
                f,
                "the header states a payload of {stated} bytes, more than any table needs ({MAX_PAYLOAD})"
            ),
            FormatError::PayloadChecksum => f.write_str("payload checksum mismatch"),
            FormatError::Inflate(why) => write!(f, "payload does not inflate: {why}"),
            FormatError::ValueCount { expected, actual } => {
                write!(f, "payload holds {actual} values, expected {expected}")
            }
            FormatError::ValuesChecksum => f.write_str("values checksum mismatch"),
            FormatError::ValueRange { value } => {
                write!(f, "value {value} is out of range (at most {MAX_MOVES})")
            }
        }
    }
}

impl Error for FormatError {}

/// A table file that could not be read or written.
#[derive(Debug)]
pub enum TableFileError {
    /// The file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file was read but failed a check.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The check that failed.
        check: FormatError,
    },
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFileError::Read { path, source } => {
                write!(
                    f,
                    "cannot read table {:?}: {source}",
                    path.display().to_string()
                )
            }
            TableFileError::Write { path, source } => {
                write!(
                    f,
                    "cannot write table {:?}: {source}",
                    path.display().to_string()
                )
            }
            TableFileError::Corrupt { path, check } => {
                write!(
                    f,
                    "table {:?} is unusable: {check}",
                    path.display().to_string()
                )
            }
        }
    }
}

impl Error for TableFileError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            TableFileError::Read { source, .. } | TableFileError::Write { source, .. } => {
                Some(source)
            }
            TableFileError::Corrupt { check, .. } => Some(check),
        }
    }
}

impl toolkit_cli::Report for TableFileError {
    fn status(&self) -> toolkit_cli::Status {
        toolkit_cli::Status::Failure
    }
}

impl Table {
    /// Reads a table file.
    ///
    /// # Errors
    ///
    /// [`TableFileError::Read`] when the file cannot be read, [`TableFileError::Corrupt`] naming
    /// the check that failed when it is truncated, corrupt or not a KBNK table.
    pub fn load(path: &Path) -> Result<Table, TableFileError> {
        let bytes = read_bounded(path).map_err(|source| TableFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Table::from_bytes(&bytes).map_err(|check| TableFileError::Corrupt {
            path: path.to_path_buf(),
            check,
        })
    }

    /// Writes the table file.
    ///
    /// # Errors
    ///
    /// [`TableFileError::Write`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), TableFileError> {
        std::fs::write(path, self.to_bytes()).map_err(|source| TableFileError::Write {
            path: path.to_path_buf(),
            source,
        })
    }

    /// The table as the bytes of a table file.
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    /// A table from the bytes of a table file.
    ///
    /// # Errors
    ///
    /// [`FormatError`] naming the check that failed.
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, FormatError> {
        decode(bytes)
    }
}

/// The largest payload a reader accepts: the values stored as they are (deflate's worst case is
/// five bytes over that per 64 KiB block) with room to spare.
const MAX_PAYLOAD: u64 = 2 * LEGAL_WHITE as u64;

/// A table file's bytes: the header, then at most the payload size it states plus one byte
/// (so that a longer file still fails the size check). A device or a pipe that never ends
/// (`/dev/zero`) is read no further than that.
fn read_bounded(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path)?;
    let mut bytes = Vec::with_capacity(HEADER_SIZE);
    (&mut file)
        .take(HEADER_SIZE as u64)
        .read_to_end(&mut bytes)?;
    if bytes.len() == HEADER_SIZE {
        let stated = u64::from(u32::from_le_bytes(le(&bytes, 44)));
        file.take(stated.min(MAX_PAYLOAD) + 1)
            .read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// FNV-1a, 64 bits: a simple checksum another program can reproduce in a few lines.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn padded(text: &str) -> [u8; 8] {
    let mut field = [0; 8];
    field[..text.len()].copy_from_slice(text.as_bytes());
    field
}

fn unpadded(field: &[u8]) -> String {
    String::from_utf8_lossy(field)
        .trim_end_matches('\0')
        .to_owned()
}

/// The table as file bytes.
fn encode(table: &Table) -> Vec<u8> {
    // A legal White-to-move slot holds a mate or a draw: its White moves to mate, 0 for a draw.
    let values: Vec<u8> = rules::white_legal_slots()
        .map(|index| {
            table
                .entry(index, Color::White)
                .value()
                .map_or(0, Value::moves)
        })
        .collect();
    let payload = miniz_oxide::deflate::compress_to_vec(&values, 10);
    let mut bytes = Vec::with_capacity(HEADER_SIZE + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(HEADER_SIZE as u16).to_le_bytes());
    bytes.extend_from_slice(&padded(MATERIAL));
    bytes.extend_from_slice(&padded(METRIC));
    bytes.extend_from_slice(&padded(INDEXING));
    bytes.extend_from_slice(&[SIDE, DEFLATE, 0, 0]);
    bytes.extend_from_slice(&(values.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    bytes.extend_from_slice(&fnv1a(&values).to_le_bytes());
    debug_assert_eq!(bytes.len(), HEADER_SIZE);
    bytes.extend_from_slice(&payload);
    bytes
}

/// Reads a little-endian integer field; the caller has checked the header's size.
fn le<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&bytes[at..at + N]);
    out
}

fn expect_field(field: &'static str, found: &[u8], expected: &str) -> Result<(), FormatError> {
    let found = unpadded(found);
    if found == expected {
        Ok(())
    } else {
        Err(FormatError::Field {
            field,
            found,
            expected: expected.to_owned(),
        })
    }
}

/// A table from file bytes, after every check of the format.
fn decode(bytes: &[u8]) -> Result<Table, FormatError> {
    if bytes.len() < HEADER_SIZE {
        return Err(FormatError::TruncatedHeader { size: bytes.len() });
    }
    if &bytes[..8] != MAGIC {
        return Err(FormatError::Magic);
    }
    let version = u16::from_le_bytes(le(bytes, 8));
    if version != VERSION {
        return Err(FormatError::Version(version));
    }
    let header_size = u16::from_le_bytes(le(bytes, 10));
    if usize::from(header_size) != HEADER_SIZE {
        return Err(FormatError::Field {
            field: "header size",
            found: header_size.to_string(),
            expected: HEADER_SIZE.to_string(),
        });
    }
    expect_field("material", &bytes[12..20], MATERIAL)?;
    expect_field("metric", &bytes[20..28], METRIC)?;
    expect_field("indexing", &bytes[28..36], INDEXING)?;
    expect_field("side to move", &bytes[36..37], "w")?;
    if bytes[37] != DEFLATE {
        return Err(FormatError::Field {
            field: "compression",
            found: bytes[37].to_string(),
            expected: DEFLATE.to_string(),
        });
    }
    if bytes[38..40] != [0, 0] {
        return Err(FormatError::Field {
            field: "reserved",
            found: format!("{:?}", &bytes[38..40]),
            expected: "[0, 0]".to_owned(),
        });
    }
    let count = u32::from_le_bytes(le(bytes, 40)) as usize;
    let stated = u64::from(u32::from_le_bytes(le(bytes, 44)));
    if stated > MAX_PAYLOAD {
        return Err(FormatError::PayloadTooLarge { stated });
    }
    let payload = &bytes[HEADER_SIZE..];
    if stated != payload.len() as u64 {
        return Err(FormatError::PayloadSize {
            stated,
            actual: payload.len() as u64,
        });
    }
    if fnv1a(payload) != u64::from_le_bytes(le(bytes, 48)) {
        return Err(FormatError::PayloadChecksum);
    }
    let expected = LEGAL_WHITE;
    if count != expected {
        return Err(FormatError::ValueCount {
            expected,
            actual: count,
        });
    }
    let values = miniz_oxide::inflate::decompress_to_vec_with_limit(payload, expected + 1)
        .map_err(|err| FormatError::Inflate(err.to_string()))?;
    if values.len() != expected {
        return Err(FormatError::ValueCount {
            expected,
            actual: values.len(),
        });
    }
    if fnv1a(&values) != u64::from_le_bytes(le(bytes, 56)) {
        return Err(FormatError::ValuesChecksum);
    }
    if let Some(&value) = values.iter().find(|&&v| v > MAX_MOVES) {
        return Err(FormatError::ValueRange { value });
    }
    let mut white = vec![Entry::ABSENT; SLOTS];
    for (index, moves) in rules::white_legal_slots().zip(values) {
        white[index] = ENTRY_OF_VALUE[usize::from(moves)];
    }
    Ok(Table::from_white(white))
}

/// The number of legal White-to-move positions in canonical form.
const LEGAL_WHITE: usize = 1_359_578;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stated_number_of_values_is_the_number_of_legal_slots() {
        let legal = (0..SLOTS).filter(|&i| rules::white_legal(i)).count();
        assert_eq!(LEGAL_WHITE, legal);
    }

    #[test]
    fn fnv1a_matches_its_reference_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
