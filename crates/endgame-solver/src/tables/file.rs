//! The table file: a header, a directory of blocks, then the blocks' bytes.
//!
//! All integers are little-endian.
//!
//! | offset | size | field | value |
//! |---|---|---|---|
//! | 0 | 8 | magic | `ES7-DTM\n` |
//! | 8 | 2 | format version | 10 |
//! | 10 | 2 | header size | 64 |
//! | 12 | 4 | number of blocks | see `expected_blocks` |
//! | 16 | 8 | size of the whole file in bytes | |
//! | 24 | 8 | directory checksum | see [`checksum`] |
//! | 32 | 32 | reserved | 0 |
//! | 64 | 32 per block | directory | see below |
//! | … | | the blocks, in directory order | one byte per slot |
//!
//! A directory entry: material code (1 byte, the position in `Material::ALL`), material name
//! (7 bytes, NUL-padded ASCII, e.g. `KRPvKR`), side to move (`w` or `b`), kind (1 byte, the
//! code of `Kind::index`: 0 distances to mate, 1 draw distances, 2 and 3 White's and Black's
//! superiority distances, 4 White's distances to a mate holding superiority, 5 and 6 White's
//! and Black's distances to reach a held mate, 7 the keep table), digit 0 (2 bytes), slots (4 bytes), offset in the file (8 bytes), checksum
//! of the block's bytes (8 bytes). The blocks come kind by kind, each kind in `Material::ALL`
//! order, then the keep table's (KRvKR), then the pawn keep table's (KRPvKR, kind 7 too).
//!
//! A block holds one (kind, material, side to move, digit 0) of the index (see `index`), one
//! byte per slot: for a mate block the plies to mate, the side to move mating when odd; for the
//! other kinds the plies within which the kind's side forces its goal (`Distance`); 255 for
//! none (or no position). A keep block is one (side to move, state and White king) of the keep
//! table (see `keep`; digit 0 = state · 49 + White king's square), or one (side to move,
//! order, segment, pawn and White king) of the pawn keep table (see `pawn_keep`; digit 0 =
//! ((order · 2 + segment) · 35 + pawn) · 49 + White king's square). Version 1 had the mate
//! blocks only, version 2 the first four kinds, 4 the six distance kinds, 5 a keep table that
//! trusted the distance tables past a capture (unsound: see `keep`'s `outside`), 6 no pawn keep
//! table, 7 no open states in the keep table, 8 no open states after the drop, 9 no table of
//! Black's reach of a held mate, 10 the pawn keep table's order up the board only.
//! Opening
//! checks the header, the directory and its checksum, and the file's size; each block's
//! checksum is checked when the block is first read, so a corrupt file is an error before any
//! of its values is used.

use std::{
    error::Error,
    fmt,
    fs::File,
    io::{self, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
};

use super::{Kind, index::Layout, keep, material::Material, pawn_keep};

const MAGIC: &[u8; 8] = b"ES7-DTM\n";
const VERSION: u16 = 11;
const HEADER_SIZE: usize = 64;
const ENTRY_SIZE: usize = 32;

/// One block's place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockEntry {
    /// What the block holds.
    pub kind: Kind,
    /// The material.
    pub material: Material,
    /// 0 for White to move, 1 for Black.
    pub side: usize,
    /// Digit 0 of the block's slots.
    pub d0: usize,
    /// Bytes (slots) in the block.
    pub len: usize,
    /// Where the block starts in the file.
    pub offset: u64,
    /// Its checksum.
    pub checksum: u64,
}

/// Why a table file cannot be used.
#[derive(Debug)]
pub struct TableError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub kind: TableErrorKind,
}

/// What is wrong with a table file.
#[derive(Debug)]
pub enum TableErrorKind {
    /// Reading or writing failed.
    Io(io::Error),
    /// The file is shorter than its header and directory.
    Truncated,
    /// The file does not start with the magic bytes.
    Magic,
    /// A format version this reader does not know.
    Version(u16),
    /// The directory does not describe this program's tables (what differs).
    Directory(String),
    /// The directory's checksum does not match.
    DirectoryChecksum,
    /// The file's size is not the one its header states.
    Size {
        /// The size in the header.
        stated: u64,
        /// The file's size.
        actual: u64,
    },
    /// A block's checksum does not match (its material and side to move).
    BlockChecksum(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table file {}: ", self.path.display())?;
        match &self.kind {
            TableErrorKind::Io(err) => write!(f, "{err}")?,
            TableErrorKind::Truncated => f.write_str("truncated (shorter than its directory)")?,
            TableErrorKind::Magic => f.write_str("not an endgame-solver table file")?,
            TableErrorKind::Version(v) => write!(f, "format version {v}, expected {VERSION}")?,
            TableErrorKind::Directory(what) => write!(f, "unexpected directory: {what}")?,
            TableErrorKind::DirectoryChecksum => f.write_str("directory checksum mismatch")?,
            TableErrorKind::Size { stated, actual } => {
                write!(f, "{actual} bytes, its header says {stated}")?
            }
            TableErrorKind::BlockChecksum(block) => write!(f, "checksum mismatch in {block}")?,
        }
        if !matches!(self.kind, TableErrorKind::Io(_)) {
            f.write_str(" (rebuild it with `endgame-solver tables build`)")?;
        }
        Ok(())
    }
}

impl toolkit_cli::Report for TableError {
    fn status(&self) -> toolkit_cli::Status {
        toolkit_cli::Status::Failure
    }
}

impl Error for TableError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.kind {
            TableErrorKind::Io(err) => Some(err),
            _ => None,
        }
    }
}

/// FNV-1a over the bytes taken as little-endian 64-bit words (the last one zero-padded): fast
/// on hundreds of megabytes, and any changed byte changes it.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        hash = (hash ^ word).wrapping_mul(0x0100_0000_01b3);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    (hash ^ u64::from_le_bytes(last) ^ bytes.len() as u64).wrapping_mul(0x0100_0000_01b3)
}

/// The blocks every table file holds, in order, with their sizes (offsets and checksums 0).
pub fn expected_blocks() -> Vec<BlockEntry> {
    let mut entries = Vec::new();
    let mut offset = 0u64;
    for kind in Kind::ALL {
        for material in Material::ALL.into_iter().filter(|m| !m.is_dead()) {
            let layout = Layout::new(material);
            for side in 0..2 {
                for d0 in 0..layout.digit0_count() {
                    entries.push(BlockEntry {
                        kind,
                        material,
                        side,
                        d0,
                        len: layout.block_slots(),
                        offset,
                        checksum: 0,
                    });
                    offset += layout.block_slots() as u64;
                }
            }
        }
    }
    for (material, blocks_per_side) in KEEP_TABLES {
        for side in 0..2 {
            for d0 in 0..blocks_per_side {
                entries.push(BlockEntry {
                    kind: Kind::Keep,
                    material,
                    side,
                    d0,
                    len: keep::BLOCK_SLOTS,
                    offset,
                    checksum: 0,
                });
                offset += keep::BLOCK_SLOTS as u64;
            }
        }
    }
    entries
}

/// The keep tables, in file order, with their blocks per side to move (each block
/// [`keep::BLOCK_SLOTS`] bytes).
const KEEP_TABLES: [(Material, usize); 2] = [
    (keep::MATERIAL, keep::BLOCKS_PER_SIDE),
    (pawn_keep::MATERIAL, pawn_keep::BLOCKS_PER_SIDE),
];

/// Where the bytes of the block `e` start in its table (as `write` takes it).
fn table_start(e: &BlockEntry) -> usize {
    let blocks_per_side = match e.kind {
        Kind::Keep => keep_table(e.material).map_or(0, |(_, blocks)| blocks),
        _ => Layout::new(e.material).digit0_count(),
    };
    (e.side * blocks_per_side + e.d0) * e.len
}

fn name_bytes(material: Material) -> [u8; 7] {
    let mut name = [0u8; 7];
    let text = material.to_string();
    name[..text.len()].copy_from_slice(text.as_bytes());
    name
}

fn encode_directory(entries: &[BlockEntry]) -> Vec<u8> {
    let mut dir = Vec::with_capacity(entries.len() * ENTRY_SIZE);
    for e in entries {
        dir.push(e.material.code());
        dir.extend_from_slice(&name_bytes(e.material));
        dir.push(if e.side == 0 { b'w' } else { b'b' });
        dir.push(e.kind.index() as u8);
        dir.extend_from_slice(&(e.d0 as u16).to_le_bytes());
        dir.extend_from_slice(&(e.len as u32).to_le_bytes());
        dir.extend_from_slice(&e.offset.to_le_bytes());
        dir.extend_from_slice(&e.checksum.to_le_bytes());
    }
    dir
}

/// A table file being written, one table at a time as each is finished (so the builder need
/// not hold them all), through a temporary file renamed at the end so a reader never sees half
/// a file.
#[derive(Debug)]
pub struct Writer {
    path: PathBuf,
    tmp: PathBuf,
    file: File,
    /// The file's blocks, with their offsets; a block's checksum is set when it is written.
    entries: Vec<BlockEntry>,
    written: Vec<bool>,
}

impl Writer {
    /// Starts the file at `path`.
    ///
    /// # Errors
    ///
    /// [`TableError`] when the temporary file cannot be created.
    pub fn create(path: &Path) -> Result<Writer, TableError> {
        let tmp = path.with_extension("tmp");
        let file = File::create(&tmp).map_err(|e| io_error(path, e))?;
        let mut entries = expected_blocks();
        let data_start = (HEADER_SIZE + entries.len() * ENTRY_SIZE) as u64;
        for e in &mut entries {
            e.offset += data_start;
        }
        let written = vec![false; entries.len()];
        Ok(Writer {
            path: path.to_owned(),
            tmp,
            file,
            entries,
            written,
        })
    }

    /// Writes the blocks of the table of `kind` (a distance kind, or [`Kind::Keep`]) and
    /// `material`: `values`, the whole table, both sides to move.
    ///
    /// # Errors
    ///
    /// [`TableError`] when the file cannot be written or the table has not its size.
    pub fn put(&mut self, kind: Kind, material: Material, values: &[u8]) -> Result<(), TableError> {
        let ours = |e: &BlockEntry| e.kind == kind && e.material == material;
        let size: usize = self.entries.iter().filter(|e| ours(e)).map(|e| e.len).sum();
        if values.len() != size {
            return Err(self.size_error(kind, material, values.len(), size));
        }
        self.put_part(kind, material, 0, values)
    }

    /// Writes the blocks of the table of `kind` and `material` that `bytes` holds, the table's
    /// bytes from `start` on: whole blocks, as [`Writer::put`] would write them.
    ///
    /// # Errors
    ///
    /// [`TableError`] when the file cannot be written or `bytes` does not end on a block's end.
    pub fn put_part(
        &mut self,
        kind: Kind,
        material: Material,
        start: usize,
        bytes: &[u8],
    ) -> Result<(), TableError> {
        let end = start + bytes.len();
        let mut covered = 0;
        for (e, written) in self.entries.iter_mut().zip(&mut self.written) {
            let at = table_start(e);
            if e.kind != kind || e.material != material || at < start || at + e.len > end {
                continue;
            }
            let block = &bytes[at - start..][..e.len];
            e.checksum = checksum(block);
            self.file
                .seek(SeekFrom::Start(e.offset))
                .and_then(|_| self.file.write_all(block))
                .map_err(|err| io_error(&self.path, err))?;
            *written = true;
            covered += e.len;
        }
        if covered != bytes.len() {
            return Err(self.size_error(kind, material, bytes.len(), covered));
        }
        Ok(())
    }

    /// The error for `len` bytes of a table where `expected` were due.
    fn size_error(
        &self,
        kind: Kind,
        material: Material,
        len: usize,
        expected: usize,
    ) -> TableError {
        TableError {
            path: self.path.clone(),
            kind: TableErrorKind::Directory(format!(
                "{material} {kind:?} table of {len} bytes, expected {expected}"
            )),
        }
    }

    /// Writes the header and the directory and puts the file in place.
    ///
    /// # Errors
    ///
    /// [`TableError`] when a table was not put or the file cannot be written.
    pub fn finish(mut self) -> Result<(), TableError> {
        if let Some(i) = self.written.iter().position(|&w| !w) {
            return Err(TableError {
                path: self.path.clone(),
                kind: TableErrorKind::Directory(format!("{} not built", self.entries[i].material)),
            });
        }
        let dir = encode_directory(&self.entries);
        let data_start = (HEADER_SIZE + dir.len()) as u64;
        let total = data_start + self.entries.iter().map(|e| e.len as u64).sum::<u64>();
        let mut header = Vec::with_capacity(HEADER_SIZE);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&(HEADER_SIZE as u16).to_le_bytes());
        header.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        header.extend_from_slice(&total.to_le_bytes());
        header.extend_from_slice(&checksum(&dir).to_le_bytes());
        header.resize(HEADER_SIZE, 0);
        let result = (|| {
            self.file.seek(SeekFrom::Start(0))?;
            self.file.write_all(&header)?;
            self.file.write_all(&dir)?;
            self.file.sync_all()?;
            std::fs::rename(&self.tmp, &self.path)
        })();
        result.map_err(|e| io_error(&self.path, e))
    }
}

impl Drop for Writer {
    /// Removes the temporary file of a file not finished (a finished one was renamed away).
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.tmp);
    }
}

fn io_error(path: &Path, e: io::Error) -> TableError {
    TableError {
        path: path.to_owned(),
        kind: TableErrorKind::Io(e),
    }
}

/// The keep table of `material`: its place in [`KEEP_TABLES`] and its blocks per side to move.
fn keep_table(material: Material) -> Option<(usize, usize)> {
    KEEP_TABLES
        .iter()
        .position(|&(m, _)| m == material)
        .map(|i| (i, KEEP_TABLES[i].1))
}

/// An open table file: its directory checked, blocks read on demand.
#[derive(Debug)]
pub struct TableFile {
    path: PathBuf,
    file: File,
    entries: Vec<BlockEntry>,
}

impl TableFile {
    /// Opens `path` and checks its header, directory and size.
    ///
    /// # Errors
    ///
    /// [`TableError`] when the file cannot be read or is not a complete table file of this
    /// version.
    pub fn open(path: &Path) -> Result<TableFile, TableError> {
        let err = |kind| TableError {
            path: path.to_owned(),
            kind,
        };
        let mut file = File::open(path).map_err(|e| err(TableErrorKind::Io(e)))?;
        let actual = file
            .metadata()
            .map_err(|e| err(TableErrorKind::Io(e)))?
            .len();
        let expected = expected_blocks();
        let dir_len = expected.len() * ENTRY_SIZE;
        // The magic bytes first: a file that is no table file is that, whatever its size.
        let mut magic = [0u8; 8];
        if file.read_exact(&mut magic).is_ok() && &magic != MAGIC {
            return Err(err(TableErrorKind::Magic));
        }
        if actual < (HEADER_SIZE + dir_len) as u64 {
            return Err(err(TableErrorKind::Truncated));
        }
        let mut head = vec![0u8; HEADER_SIZE + dir_len];
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_exact(&mut head))
            .map_err(|e| err(TableErrorKind::Io(e)))?;
        let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
        let u64_at = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().unwrap_or([0; 8]));
        if u16_at(8) != VERSION {
            return Err(err(TableErrorKind::Version(u16_at(8))));
        }
        if u16_at(10) as usize != HEADER_SIZE
            || u32::from_le_bytes(head[12..16].try_into().unwrap_or([0; 4])) as usize
                != expected.len()
        {
            return Err(err(TableErrorKind::Directory(
                "header or block count".to_owned(),
            )));
        }
        let dir = &head[HEADER_SIZE..];
        if checksum(dir) != u64_at(24) {
            return Err(err(TableErrorKind::DirectoryChecksum));
        }
        let stated = u64_at(16);
        if stated != actual {
            return Err(err(TableErrorKind::Size { stated, actual }));
        }
        let data_start = (HEADER_SIZE + dir_len) as u64;
        let mut entries = Vec::with_capacity(expected.len());
        for (i, want) in expected.into_iter().enumerate() {
            let e = &dir[i * ENTRY_SIZE..(i + 1) * ENTRY_SIZE];
            let got_offset = u64::from_le_bytes(e[16..24].try_into().unwrap_or([0; 8]));
            let got_len = u32::from_le_bytes(e[12..16].try_into().unwrap_or([0; 4])) as usize;
            let side = usize::from(e[8] == b'b');
            let d0 = usize::from(u16::from_le_bytes([e[10], e[11]]));
            if e[0] != want.material.code()
                || e[1..8] != name_bytes(want.material)
                || side != want.side
                || usize::from(e[9]) != want.kind.index()
                || d0 != want.d0
                || got_len != want.len
                || got_offset != want.offset + data_start
            {
                return Err(err(TableErrorKind::Directory(format!(
                    "entry {i} is not {} {} {} block {}",
                    want.kind.name(),
                    want.material,
                    if want.side == 0 { 'w' } else { 'b' },
                    want.d0
                ))));
            }
            entries.push(BlockEntry {
                offset: got_offset,
                checksum: u64::from_le_bytes(e[24..32].try_into().unwrap_or([0; 8])),
                ..want
            });
        }
        Ok(TableFile {
            path: path.to_owned(),
            file,
            entries,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The directory.
    pub fn entries(&self) -> &[BlockEntry] {
        &self.entries
    }

    /// Reads block `i` of the directory and checks its checksum.
    ///
    /// # Errors
    ///
    /// [`TableError`] on a read failure or a checksum mismatch.
    pub fn read_block(&mut self, i: usize) -> Result<Box<[u8]>, TableError> {
        let e = &self.entries[i];
        let err = |kind| TableError {
            path: self.path.clone(),
            kind,
        };
        // Read into spare capacity: zeroing megabytes first would cost as much as the copy.
        let mut bytes = Vec::with_capacity(e.len);
        self.file
            .seek(SeekFrom::Start(e.offset))
            .and_then(|_| (&mut self.file).take(e.len as u64).read_to_end(&mut bytes))
            .and_then(|read| {
                if read == e.len {
                    Ok(())
                } else {
                    Err(io::Error::from(io::ErrorKind::UnexpectedEof))
                }
            })
            .map_err(|e| err(TableErrorKind::Io(e)))?;
        if checksum(&bytes) != e.checksum {
            return Err(err(TableErrorKind::BlockChecksum(format!(
                "{} {} block {} with {} to move",
                e.kind.name(),
                e.material,
                e.d0,
                if e.side == 0 { "White" } else { "Black" }
            ))));
        }
        Ok(bytes.into_boxed_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of the wrong size is refused, a file with a table missing is never put in place,
    /// and the temporary file goes with the writer.
    #[test]
    fn the_writer_refuses_a_wrong_or_missing_table() {
        let dir = std::env::temp_dir().join(format!("es-writer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("endgame-solver.tables");
        let mut writer = Writer::create(&path).unwrap();
        let material = Material::ALL[2]; // KvKR, the smallest
        let size = Layout::new(material).blocks() * Layout::new(material).block_slots();
        let err = writer
            .put(Kind::Mate, material, &vec![0; size + 1])
            .unwrap_err();
        assert!(err.to_string().contains("expected"), "{err}");
        writer.put(Kind::Mate, material, &vec![0; size]).unwrap();
        let err = writer.finish().unwrap_err();
        assert!(err.to_string().contains("not built"), "{err}");
        assert!(!path.exists());
        assert!(!path.with_extension("tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A table put in parts, each whole blocks, is written as when put whole (the same blocks,
    /// checksums and bytes); a part that ends inside a block is refused.
    #[test]
    fn a_table_put_in_parts_is_the_table_put_whole() {
        let dir = std::env::temp_dir().join(format!("es-parts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let material = Material::ALL[2]; // KvKR, the smallest
        let layout = Layout::new(material);
        let (block, size) = (layout.block_slots(), layout.blocks() * layout.block_slots());
        let values: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
        let mut whole = Writer::create(&dir.join("whole.tables")).unwrap();
        whole.put(Kind::Mate, material, &values).unwrap();
        let mut parts = Writer::create(&dir.join("parts.tables")).unwrap();
        let cut = 3 * block;
        let err = parts
            .put_part(Kind::Mate, material, 0, &values[..cut + 1])
            .unwrap_err();
        assert!(err.to_string().contains("expected"), "{err}");
        parts
            .put_part(Kind::Mate, material, cut, &values[cut..])
            .unwrap();
        parts
            .put_part(Kind::Mate, material, 0, &values[..cut])
            .unwrap();
        assert_eq!(parts.entries, whole.entries);
        assert_eq!(parts.written, whole.written);
        let read = |name: &str| std::fs::read(dir.join(name).with_extension("tmp")).unwrap();
        assert_eq!(read("parts.tables"), read("whole.tables"));
        drop((whole, parts));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
