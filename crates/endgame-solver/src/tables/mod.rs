//! Retrograde distance-to-mate tables of every ending of the task's material, both sides to
//! move: built once ([`generate`]), stored in a checksummed file ([`file`](mod@file)), read
//! block by block as a search needs them ([`Tables`]), and checked entry by entry ([`verify`]).
//!
//! | module | concept |
//! |---|---|
//! | [`material`] | the sixteen materials ([`Material`]) |
//! | [`order`] | the order White's placements keep to so no position occurs three times |
//! | [`keep`] | how long White keeps the rook ending going along it |
//! | [`pawn_keep`] | how long White keeps the pawn ending going along the simplest orders, up and down the board |
//! | [`index`] | where a position's value sits ([`index::Layout`], symmetries) |
//! | [`generate`] | the retrograde generator |
//! | [`file`](mod@file) | the file format and its errors ([`TableError`]) |
//! | [`verify`] | the Bellman check of every entry with `small_board`'s moves |

mod attack;
pub mod file;
pub mod generate;
pub mod index;
pub mod keep;
pub mod kpk_keep;
pub mod material;
pub mod order;
pub mod pawn_keep;
pub mod verify;

use std::path::{Path, PathBuf};

use small_board::{Color, Position};

pub use file::{TableError, TableErrorKind};
pub use material::Material;

use self::{
    file::TableFile,
    index::{Layout, Symmetry},
    keep::{Keep, Placed},
    kpk_keep::{KpkKeep, Rung},
    order::Run,
    pawn_keep::{Frame, Segment},
};

/// The byte of a slot with no mate (a draw) or no position.
pub const NONE: u8 = 255;

/// The file name the tables are stored under.
pub const FILE_NAME: &str = "endgame-solver.tables";

/// The environment variable naming the table file.
pub const ENV_VAR: &str = "ENDGAME_SOLVER_TABLES";

/// A position's distance to mate with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtm {
    /// The colour mates in this many plies (the side to move mates in an odd number, is
    /// mated in an even one; 0 is checkmate on the board).
    Mate(Color, u32),
    /// Neither side can force mate.
    Draw,
}

impl Dtm {
    /// Whether `color` mates within `plies`.
    pub fn mates_within(self, color: Color, plies: u32) -> bool {
        matches!(self, Dtm::Mate(c, d) if c == color && d <= plies)
    }

    /// The distance to mate a table byte holds, with `turn` to move.
    pub fn from_byte(byte: u8, turn: Color) -> Dtm {
        if byte == NONE {
            Dtm::Draw
        } else {
            let plies = u32::from(byte);
            let winner = if plies % 2 == 1 { turn } else { turn.other() };
            Dtm::Mate(winner, plies)
        }
    }
}

/// What a table holds (all kinds are built together and stored in one file). Every kind but
/// [`Kind::Mate`] is the [`Distance`] within which one side (the *forcer*) forces the game to a
/// goal, repetitions not counted.
///
/// | kind | forcer | the goal | a sound bound for |
/// |---|---|---|---|
/// | [`Kind::Mate`] | either | checkmate ([`Dtm`]) | cases 1 and 2 (exact) |
/// | [`Kind::Draw`] | Black | a stalemate (of either side), a dead position or Black's mate | Black's draw: holds within it, whatever the history (repetition only adds draws) |
/// | [`Kind::Superiority`]`(X)` | X | a position where X holds material superiority, or X's mate | X's horizon goal: fails short of it, whatever the history (it needs superiority at the horizon or a mate) |
/// | [`Kind::HeldMate`] | White | White's mate, through positions that all hold White's superiority (none where White lacks it) | (the goal of the next kind) |
/// | [`Kind::ReachHeld`]`(X)` | X | a position where X's held mate is finite (White: [`Kind::HeldMate`]; Black: Black's mate in KvKR, the only material of Black's superiority, which keeps it in every line), or X's mate | X's horizon goal: holds within it when no position occurs twice yet |
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Distances to mate ([`Dtm`]).
    Mate,
    /// Black forces a drawn end or a Black mate.
    Draw,
    /// The colour forces material superiority or its mate.
    Superiority(Color),
    /// White forces mate while every position on the way holds White's superiority (Black's
    /// only material of superiority, KvKR, keeps it in every line, so Black needs no such
    /// table).
    HeldMate,
    /// The colour forces a position where its held mate is finite (usually by winning
    /// material), or its mate: for White where [`Kind::HeldMate`] is finite, for Black a
    /// position of KvKR where Black mates.
    ReachHeld(Color),
    /// How long White keeps the game going along an order (KRvKR only: [`keep`]; not a
    /// distance, and not in [`Kind::ALL`]).
    Keep,
}

impl Kind {
    /// Every kind of distance, built for every material, in file order (the keep table comes
    /// after them).
    pub const ALL: [Kind; 7] = [
        Kind::Mate,
        Kind::Draw,
        Kind::Superiority(Color::White),
        Kind::Superiority(Color::Black),
        Kind::HeldMate,
        Kind::ReachHeld(Color::White),
        Kind::ReachHeld(Color::Black),
    ];

    /// The number of kinds.
    pub const COUNT: usize = Kind::ALL.len();

    /// The position in [`Kind::ALL`]: the index into per-kind arrays and the code in the file.
    pub const fn index(self) -> usize {
        match self {
            Kind::Mate => 0,
            Kind::Draw => 1,
            Kind::Superiority(Color::White) => 2,
            Kind::Superiority(Color::Black) => 3,
            Kind::HeldMate => 4,
            Kind::ReachHeld(Color::White) => 5,
            Kind::ReachHeld(Color::Black) => 6,
            Kind::Keep => 7,
        }
    }

    /// The side that forces the goal (none for [`Kind::Mate`], which holds both).
    pub const fn forcer(self) -> Option<Color> {
        match self {
            Kind::Mate => None,
            Kind::Draw => Some(Color::Black),
            Kind::Superiority(color) | Kind::ReachHeld(color) => Some(color),
            Kind::HeldMate | Kind::Keep => Some(Color::White),
        }
    }

    /// The kind's name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Mate => "mate",
            Kind::Draw => "draw",
            Kind::Superiority(Color::White) => "white superiority",
            Kind::Superiority(Color::Black) => "black superiority",
            Kind::HeldMate => "white mate holding superiority",
            Kind::ReachHeld(Color::White) => "white reach of a held mate",
            Kind::ReachHeld(Color::Black) => "black reach of a held mate",
            Kind::Keep => "white keeps the game going",
        }
    }
}

/// Within how many plies the forcer of a table kind forces its goal when repetitions are not
/// counted (see [`Kind`]); `None` when the other side can keep it away for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance(pub Option<u32>);

impl Distance {
    /// Whether the goal is forced within `plies`.
    pub fn within(self, plies: u32) -> bool {
        self.0.is_some_and(|d| d <= plies)
    }

    /// The distance a table byte holds.
    pub fn from_byte(byte: u8) -> Distance {
        Distance((byte != NONE).then_some(u32::from(byte)))
    }
}

/// Where the table file is: `explicit` (a flag), else the environment variable, else
/// [`FILE_NAME`] in the working directory.
pub fn locate(explicit: Option<&Path>) -> PathBuf {
    if let Some(path) = explicit {
        return path.to_owned();
    }
    if let Some(path) = std::env::var_os(ENV_VAR).filter(|p| !p.is_empty()) {
        return PathBuf::from(path);
    }
    PathBuf::from(FILE_NAME)
}

/// Builds every table and writes the file, calling `progress(done, total)` in slots.
///
/// # Errors
///
/// [`TableError`] when the file cannot be written.
pub fn build(path: &Path, mut progress: impl FnMut(u64, u64)) -> Result<(), TableError> {
    // Fail before a minute of work if the file cannot be written.
    let mut writer = file::Writer::create(path)?;
    let total = generate::total_slots() + (keep::SLOTS + pawn_keep::SLOTS) as u64;
    let mut done = 0;
    let mut built = generate::build_all(|_, slots| {
        done += slots;
        progress(done, total);
    });
    let put = |writer: &mut file::Writer, kind, tables: &[Option<Vec<u8>>]| {
        for (material, table) in Material::ALL.into_iter().zip(tables) {
            if let Some(table) = table {
                writer.put(kind, material, table)?;
            }
        }
        Ok::<(), TableError>(())
    };
    let others: Vec<(Kind, Vec<Option<Vec<u8>>>)> = Kind::ALL
        .into_iter()
        .filter(|k| !Distances::KINDS.contains(k))
        .map(|kind| (kind, built.take(kind)))
        .collect();
    let built = &built;
    // The distance tables go to the file while the keep tables are built (writing is mostly
    // one thread's work, the builds leave gaps): during the keep table, the kinds the builds do
    // not read (each out of memory once written); during the pawn keep table, the two they
    // read, the keep table, and the pawn keep table's blocks as each pawn square's are done
    // (its last rank's are the only ones left to write after it). A write that failed shows
    // after the first build, not the second.
    let distances = |pos: &Position| built.distances(pos);
    let (keep, mut writer) = std::thread::scope(|scope| {
        let writing = scope.spawn(move || {
            for (kind, tables) in others {
                put(&mut writer, kind, &tables)?;
            }
            Ok(writer)
        });
        let keep = keep::build(distances, |slots| {
            done += slots;
            progress(done, total);
        });
        Ok::<_, TableError>((keep, joined(writing)?))
    })?;
    // At most four runs of blocks (5.8 MB each) wait in the channel.
    let (parts, received) = std::sync::mpsc::sync_channel::<(usize, Vec<u8>)>(4);
    let writer = std::thread::scope(|scope| {
        let keep_table = &keep;
        let writing = scope.spawn(move || {
            for kind in Distances::KINDS {
                put(&mut writer, kind, built.tables(kind))?;
            }
            writer.put(Kind::Keep, keep::MATERIAL, keep_table)?;
            for (start, bytes) in received {
                writer.put_part(Kind::Keep, pawn_keep::MATERIAL, start, &bytes)?;
            }
            Ok(writer)
        });
        pawn_keep::build(
            distances,
            keep_table,
            |slots| {
                done += slots;
                progress(done, total);
            },
            // A failed write ends the writer, and with it the channel: the error shows below.
            |start, bytes| drop(parts.send((start, bytes.to_vec()))),
        );
        drop(parts);
        joined(writing)
    })?;
    writer.finish()
}

/// What a scoped thread returned, its panic passed on.
fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Opens the table file at `path`, building it first when there is none (calling `on_build`
/// before, and `progress(done, total)` during the build).
///
/// # Errors
///
/// [`TableError`] when the file cannot be built, written or read.
pub fn open_or_build(
    path: &Path,
    on_build: impl FnOnce(),
    progress: impl FnMut(u64, u64),
) -> Result<Tables, TableError> {
    if !path.exists() {
        on_build();
        build(path, progress)?;
    }
    Tables::open(path)
}

/// The tables, read block by block on first use; the first error is kept and reported.
#[derive(Debug)]
pub struct Tables {
    file: TableFile,
    layouts: Vec<Option<Layout>>,
    /// The first directory entry of each material, by [`Kind::index`] then material code.
    first_block: [Vec<usize>; Kind::COUNT],
    /// The keep tables' first directory entries: the rook ending's, the pawn ending's.
    keep_block: [usize; 2],
    blocks: Vec<Option<Box<[u8]>>>,
    loaded_bytes: usize,
    /// The most bytes of blocks kept; past it the oldest block read is dropped (and read again
    /// when needed).
    budget: usize,
    /// The blocks held, oldest first.
    held: std::collections::VecDeque<usize>,
    /// Per block: whether it was used since eviction last passed over it.
    used: Vec<bool>,
    /// The last position located and its slot: a search node reads several tables for the
    /// same position.
    located: Option<(Position, usize)>,
    /// The KPvK keep table, worked out a pawn file at a time when first read (it is not in the
    /// file).
    kpk_keep: KpkKeep,
    error: Option<TableError>,
}

impl Tables {
    /// Opens the table file at `path` (header and directory checked; blocks are read later).
    ///
    /// # Errors
    ///
    /// [`TableError`] when it is missing or not a valid table file.
    pub fn open(path: &Path) -> Result<Tables, TableError> {
        let file = TableFile::open(path)?;
        let mut first_block = Kind::ALL.map(|_| vec![0; Material::ALL.len()]);
        let mut keep_block = [0; 2];
        for (i, e) in file.entries().iter().enumerate().rev() {
            match e.kind {
                Kind::Keep => keep_block[usize::from(e.material == pawn_keep::MATERIAL)] = i,
                kind => first_block[kind.index()][e.material.code() as usize] = i,
            }
        }
        let blocks = vec![None; file.entries().len()];
        let used = vec![false; blocks.len()];
        Ok(Tables {
            file,
            layouts: Layout::all(),
            first_block,
            keep_block,
            blocks,
            loaded_bytes: 0,
            budget: usize::MAX,
            held: std::collections::VecDeque::new(),
            used,
            located: None,
            kpk_keep: KpkKeep::default(),
            error: None,
        })
    }

    /// Keeps at most `bytes` of blocks in memory (at least one block), dropping the oldest.
    pub fn set_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// The largest block (the most one probe may need at once).
    pub fn largest_block(&self) -> usize {
        self.file.entries().iter().map(|e| e.len).max().unwrap_or(0)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Bytes of blocks held in memory.
    pub fn loaded_bytes(&self) -> usize {
        self.loaded_bytes
    }

    /// The first error met while reading a block, if any: every value read after it is
    /// unreliable, so a caller must report it instead of an answer.
    pub fn take_error(&mut self) -> Option<TableError> {
        self.error.take()
    }

    /// The distance to mate of `pos`, or `None` when its material is not the task's (or a
    /// block could not be read: see [`Tables::take_error`]).
    pub fn probe(&mut self, pos: &Position) -> Option<Dtm> {
        match self.byte(Kind::Mate, pos)? {
            Some(byte) => Some(Dtm::from_byte(byte, pos.turn())),
            None => Some(Dtm::Draw), // a dead material
        }
    }

    /// What the tables decide about Black's draw goal from `pos` within `plies`, if anything,
    /// where `fresh` says no position of the current repetition segment occurs twice yet: it
    /// holds where Black forces a drawn end or mates within the plies, and fails where White
    /// mates at all and the segment is fresh (the solver's module docs give the reasons).
    pub fn black_draw(&mut self, pos: &Position, plies: u32, fresh: bool) -> Option<bool> {
        if self
            .probe_distance(Kind::Draw, pos)
            .is_some_and(|d| d.within(plies))
        {
            return Some(true);
        }
        match self.probe(pos)? {
            Dtm::Mate(Color::Black, d) => (d <= plies).then_some(true),
            Dtm::Mate(Color::White, _) => fresh.then_some(false),
            Dtm::Draw => None,
        }
    }

    /// The distance of `pos` in the table of `kind` (not [`Kind::Mate`]), or `None` as for
    /// [`Tables::probe`]. A dead position has ended drawn: distance 0 for [`Kind::Draw`], none
    /// for [`Kind::Superiority`].
    pub fn probe_distance(&mut self, kind: Kind, pos: &Position) -> Option<Distance> {
        match self.byte(kind, pos)? {
            Some(byte) => Some(Distance::from_byte(byte)),
            None => Some(Distance((kind == Kind::Draw).then_some(0))),
        }
    }

    /// The byte of `pos` in the table of `kind`: `Some(None)` for a dead material (no table),
    /// `None` for a material not the task's or a block that could not be read.
    fn byte(&mut self, kind: Kind, pos: &Position) -> Option<Option<u8>> {
        let material = Material::of(pos.board())?;
        let code = material.code() as usize;
        if self.layouts[code].is_none() {
            return Some(None);
        }
        // Three kinds are constant over some materials (the generator writes them so): no need
        // to read those blocks, which would only crowd out the others.
        match kind {
            Kind::Superiority(x) if material.superiority() == Some(x) => return Some(Some(0)),
            Kind::HeldMate if material.superiority() != Some(Color::White) => {
                return Some(Some(NONE));
            }
            // Black's lone king neither mates nor wins material.
            Kind::ReachHeld(Color::Black) if !material.black_rook => return Some(Some(NONE)),
            _ => {}
        }
        let layout = self.layouts[code].as_ref()?;
        let slot = match self.located {
            Some((last, slot)) if last == *pos => slot,
            _ => {
                let slot = layout.slot_of(pos);
                self.located = Some((*pos, slot));
                slot
            }
        };
        let block_slots = layout.block_slots();
        let block = self.first_block[kind.index()][code] + slot / block_slots;
        self.block_byte(block, slot % block_slots).map(Some)
    }

    /// The whole table of `kind` (not [`Kind::Keep`]) for `material` in its slot order, read
    /// from the file and not held; `None` for a dead material or a block that cannot be read
    /// (the error is kept).
    pub fn whole(&mut self, kind: Kind, material: Material) -> Option<Vec<u8>> {
        let code = material.code() as usize;
        let layout = self.layouts[code].as_ref()?;
        let first = self.first_block[kind.index()][code];
        let mut bytes = Vec::with_capacity(layout.blocks() * layout.block_slots());
        for block in first..first + layout.blocks() {
            match self.file.read_block(block) {
                Ok(block) => bytes.extend_from_slice(&block),
                Err(err) => {
                    self.error.get_or_insert(err);
                    return None;
                }
            }
        }
        Some(bytes)
    }

    /// What the keep table says of a position (`placed`, see [`Placed::of`]) in the state `run`
    /// of the order seen after `sym`: `None` when it has no slot for it (a state outside the
    /// table) or its block could not be read.
    pub fn keep(&mut self, placed: Placed, run: Run, sym: Symmetry) -> Option<Keep> {
        self.keep_at(placed.slot(run, sym)?)
    }

    /// What the keep table says of a position (`placed`) in the open state of the rook block
    /// `block` (see [`keep::OPEN_STATES`]) with the drop there (`fresh`) or in the run after it:
    /// `None` when it has no slot for it or its block could not be read.
    pub fn keep_open(&mut self, placed: Placed, block: u8, fresh: bool) -> Option<Keep> {
        self.keep_at(placed.open_slot(block, fresh)?)
    }

    /// The keep table's byte at `slot`, if its block could be read.
    fn keep_at(&mut self, slot: usize) -> Option<Keep> {
        let block = self.keep_block[0] + slot / keep::BLOCK_SLOTS;
        self.block_byte(block, slot % keep::BLOCK_SLOTS).map(Keep)
    }

    /// What the pawn keep table says of `pos` in `segment`, in the best of its four frames (in
    /// KPvK, the best of the KPvK keep table's orientations): `None` for another material or a
    /// block that could not be read.
    pub fn pawn_keep(&mut self, pos: &Position, segment: Segment) -> Option<Keep> {
        if Material::of(pos.board()) == Some(kpk_keep::MATERIAL) {
            return self.kpk_keep_best(pos, |_| Some(segment.into()));
        }
        Frame::ALL
            .into_iter()
            .map(|frame| self.pawn_keep_in(pos, segment, frame))
            .try_fold(Keep(0), |best, keep| Some(best.max(keep?)))
    }

    /// What the pawn keep table says of `pos` in `segment` and `frame`: `None` for another
    /// material or a block that could not be read.
    pub fn pawn_keep_in(&mut self, pos: &Position, segment: Segment, frame: Frame) -> Option<Keep> {
        let slot = pawn_keep::slot_of(pos, segment, frame)?;
        let block = self.keep_block[1] + slot / pawn_keep::BLOCK_SLOTS;
        self.block_byte(block, slot % pawn_keep::BLOCK_SLOTS)
            .map(Keep)
    }

    /// What the KPvK keep table says of `pos` on `rung` (a segment's state, or a later run's)
    /// and in `orientation`: `None` for another material.
    pub fn kpk_keep(&mut self, pos: &Position, rung: Rung, orientation: u8) -> Option<Keep> {
        let mut table = std::mem::take(&mut self.kpk_keep);
        let keep = table.keep(pos, rung, orientation, |pos| self.white_mates(pos));
        self.kpk_keep = table;
        keep
    }

    /// The best of what the KPvK keep table says of `pos` in its orientations, each on the
    /// rung `rungs` gives it (`None`: not read): `None` for another material or no orientation
    /// read.
    pub fn kpk_keep_best(
        &mut self,
        pos: &Position,
        rungs: impl Fn(u8) -> Option<Rung>,
    ) -> Option<Keep> {
        let mut table = std::mem::take(&mut self.kpk_keep);
        let best = table.best(pos, rungs, |pos| self.white_mates(pos));
        self.kpk_keep = table;
        best
    }

    /// Whether White mates from `pos` (as far as its block could be read).
    fn white_mates(&mut self, pos: &Position) -> bool {
        self.probe(pos)
            .is_some_and(|dtm| dtm.mates_within(Color::White, u32::MAX))
    }

    /// The byte at `offset` in block `block` (read first if it is not held).
    fn block_byte(&mut self, block: usize, offset: usize) -> Option<u8> {
        if self.blocks[block].is_none() {
            match self.file.read_block(block) {
                Ok(bytes) => self.hold(block, bytes),
                Err(err) => {
                    self.error.get_or_insert(err);
                    return None;
                }
            }
        }
        self.used[block] = true;
        Some(self.blocks[block].as_ref()?[offset])
    }

    /// Keeps a block just read, first dropping blocks while the budget would be exceeded: the
    /// oldest one not used since it was last passed over (a second chance for the blocks a
    /// search keeps coming back to, which plain first-in-first-out would drop and read again).
    fn hold(&mut self, block: usize, bytes: Box<[u8]>) {
        while self.loaded_bytes + bytes.len() > self.budget
            && let Some(old) = self.held.pop_front()
        {
            if std::mem::take(&mut self.used[old]) {
                self.held.push_back(old);
                continue;
            }
            self.loaded_bytes -= self.blocks[old].take().map_or(0, |b| b.len());
        }
        self.loaded_bytes += bytes.len();
        self.blocks[block] = Some(bytes);
        self.held.push_back(block);
    }

    /// Reads every block, checking its checksum, into whole tables, calling `progress(done, total)`
    /// in blocks. Each block is dropped once copied, so the tables are held once.
    ///
    /// # Errors
    ///
    /// The first [`TableError`].
    pub fn into_all(
        mut self,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<WholeTables, TableError> {
        let total = self.blocks.len();
        let mut all: AllTables = Kind::ALL.map(|_| vec![None; Material::ALL.len()]);
        let mut keep = [Vec::new(), Vec::new()];
        for (i, entry) in self.file.entries().to_vec().into_iter().enumerate() {
            let bytes = match self.blocks[i].take() {
                Some(bytes) => bytes,
                None => self.file.read_block(i)?,
            };
            if entry.kind == Kind::Keep {
                keep[usize::from(entry.material == pawn_keep::MATERIAL)].extend_from_slice(&bytes);
                progress(i + 1, total);
                continue;
            }
            let layout = Layout::new(entry.material);
            all[entry.kind.index()][entry.material.code() as usize]
                .get_or_insert_with(|| Vec::with_capacity(layout.blocks() * layout.block_slots()))
                .extend_from_slice(&bytes);
            progress(i + 1, total);
        }
        let [keep, pawn_keep] = keep;
        Ok(WholeTables {
            distances: all,
            keep,
            pawn_keep,
            layouts: self.layouts,
        })
    }
}

/// Every table of the file, whole.
#[derive(Debug)]
pub struct WholeTables {
    /// The distance tables.
    pub distances: AllTables,
    /// The keep table ([`keep`]).
    pub keep: Vec<u8>,
    /// The pawn keep table ([`pawn_keep`]).
    pub pawn_keep: Vec<u8>,
    layouts: Vec<Option<Layout>>,
}

impl WholeTables {
    /// Any position's bytes in the distance tables of [`Kind::Mate`] and [`Kind::Draw`].
    pub fn distances(&self, pos: &Position) -> Distances {
        distances(&self.distances, &self.layouts, pos)
    }
}

/// Whole tables, by [`Kind::index`] then [`Material::code`] (`None` for dead materials).
pub type AllTables = [Vec<Option<Vec<u8>>>; Kind::COUNT];

/// The bytes of a position in the two distance tables the keep builds read, from one look-up
/// of its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distances {
    /// Its byte of [`Kind::Mate`].
    pub mate: u8,
    /// Its byte of [`Kind::Draw`].
    pub draw: u8,
}

impl Distances {
    /// The kinds, in the order of the fields.
    pub const KINDS: [Kind; 2] = [Kind::Mate, Kind::Draw];
}

/// The values of any position of the task's material in the tables of `kinds`, from one
/// look-up of its slot.
fn values<const N: usize>(
    tables: &AllTables,
    layouts: &[Option<Layout>],
    kinds: [Kind; N],
    pos: &Position,
) -> [u8; N] {
    let Some(material) = Material::of(pos.board()) else {
        return [NONE; N];
    };
    let code = material.code() as usize;
    let Some(layout) = &layouts[code] else {
        // A dead position: drawn, nothing else.
        return kinds.map(|kind| if kind == Kind::Draw { 0 } else { NONE });
    };
    let slot = layout.slot_of(pos);
    kinds.map(|kind| {
        tables[kind.index()][code]
            .as_ref()
            .map_or(NONE, |v| v[slot])
    })
}

/// The bytes of [`Distances::KINDS`] of any position of the task's material.
pub fn distances(tables: &AllTables, layouts: &[Option<Layout>], pos: &Position) -> Distances {
    let [mate, draw] = values(tables, layouts, Distances::KINDS, pos);
    Distances { mate, draw }
}

/// The value of any position of the task's material in the table of `kind`.
pub fn value(tables: &AllTables, layouts: &[Option<Layout>], kind: Kind, pos: &Position) -> u8 {
    let [value] = values(tables, layouts, [kind], pos);
    value
}
