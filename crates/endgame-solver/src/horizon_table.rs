//! White's horizon goal in the game without repetition, solved ply by ply for the queen against
//! the rook (KQvKR) and for KQvK after the queen takes the rook: a table built in memory from the
//! file's tables on first need.
//!
//! The file's distances bound this goal but leave it open where White reaches superiority
//! within d plies but no held mate (`Kind::Superiority` ≤ d < `Kind::ReachHeld`): whether White
//! has taken the rook, and still holds the queen, at the horizon itself turns on the exact ply.
//! The search without repetition spent millions of nodes there (`Kc7 f6 Kc5 Vb3` with White to
//! move at N = 32: 4 million, all but one after the pawn's promotion). Here the value at every
//! depth from 0 to 63 is one bit of a word per position:
//!
//! - a position that has ended: every bit says whether White mated;
//! - bit 0: the leaf, White's superiority at the horizon;
//! - bit k + 1: bit k of any successor (White to move) or of all of them (Black to move).
//!
//! The bits the file's tables decide are taken from them (the solver's table rules, which need
//! no history in this game); the others are solved by passes over the positions that have any,
//! each pass settling at least one more ply, until a pass changes nothing. The recurrence has
//! one solution (bit k depends on bits k − 1 alone), so that fixed point is it; a test checks
//! every word of the finished table against the recurrence itself.

use rayon::prelude::*;
use small_board::{Color, Position, Role};

use crate::{
    goal::{Goal, end_of},
    tables::{Distance, Dtm, Kind, Tables, index::Layout, material::Material},
};

/// The goal the table holds.
const GOAL: Goal = Goal::Horizon(Color::White);

/// The materials covered, each after the ones its captures lead to (the rest are a lone White
/// king or dead: no bit set).
pub const MATERIALS: [Material; 2] = [
    Material {
        white_rook: false,
        white_extra: Some(Role::Queen),
        black_rook: false,
    },
    Material {
        white_rook: false,
        white_extra: Some(Role::Queen),
        black_rook: true,
    },
];

/// The deepest horizon the table answers.
pub const DEEPEST: u32 = u64::BITS - 1;

/// Per-ply values of White's horizon goal without repetition in the materials covered.
#[derive(Debug)]
pub struct HorizonTable {
    /// Per material covered: its layout and a word per slot.
    materials: Vec<(Layout, Vec<u64>)>,
}

impl HorizonTable {
    /// The most memory the build takes (the table itself is 19 MB; while it is built, the
    /// positions left open and their successors take about 60 MB more; measured peak of a
    /// process that only builds it: 98 MB resident, blocks of the file's tables included).
    pub const PEAK: usize = 128 << 20;

    /// The table, built from `tables`; `None` when a block of them cannot be read.
    pub fn build(tables: &mut Tables) -> Option<HorizonTable> {
        let mut table = HorizonTable {
            materials: Vec::new(),
        };
        for material in MATERIALS {
            let words = table.solve(material, tables)?;
            table.materials.push((Layout::new(material), words));
        }
        Some(table)
    }

    /// Whether White forces its horizon goal from `pos` within `depth` plies when repetitions
    /// are not counted; `None` outside the materials covered or past [`DEEPEST`].
    pub fn wins(&self, pos: &Position, depth: u32) -> Option<bool> {
        if depth > DEEPEST {
            return None;
        }
        Some(self.word(pos)? >> depth & 1 == 1)
    }

    /// Whether the table covers `pos`'s material.
    pub fn covers(pos: &Position) -> bool {
        Material::of(pos.board()).is_some_and(|m| MATERIALS.contains(&m))
    }

    /// The bits of `pos` at every depth (bit k for k plies): its own material's, 0 for a lone
    /// White king or a dead material, `None` for another material.
    pub fn word(&self, pos: &Position) -> Option<u64> {
        let material = Material::of(pos.board())?;
        if material.is_dead() || pos.board().by_color(Color::White).count() == 1 {
            return Some(0);
        }
        let (layout, words) = self
            .materials
            .iter()
            .find(|(l, _)| l.material == material)?;
        Some(words[layout.slot_of(pos)])
    }

    /// The words of `material`, whose captures lead to materials already solved.
    fn solve(&self, material: Material, tables: &mut Tables) -> Option<Vec<u64>> {
        let layout = Layout::new(material);
        let slots = layout.blocks() * layout.block_slots();
        // First what needs no successor: the end, the leaf and the bits the tables decide.
        let superiority = tables.whole(Kind::Superiority(Color::White), material)?;
        let held = tables.whole(Kind::ReachHeld(Color::White), material)?;
        let mate = tables.whole(Kind::Mate, material)?;
        let keeps = material.keeps_superiority(Color::White);
        let mut words = vec![0u64; slots];
        let mut open_bits = vec![0u64; slots];
        words
            .par_iter_mut()
            .zip(open_bits.par_iter_mut())
            .enumerate()
            .for_each(|(slot, (word, open))| {
                let Some(pos) = layout.position_at(slot) else {
                    return;
                };
                if let Some(end) = end_of(&pos, pos.legal_moves().len()) {
                    *word = if GOAL.accepts(end) { !0 } else { 0 };
                    return;
                }
                let known = Known::of(
                    Distance::from_byte(superiority[slot]),
                    Distance::from_byte(held[slot]),
                    Dtm::from_byte(mate[slot], pos.turn()),
                    keeps,
                );
                *word = known.ones | u64::from(GOAL.accepts_horizon(&pos));
                *open = known.open;
            });
        let mut open: Vec<Open> = (open_bits.iter().enumerate())
            .filter(|&(_, &bits)| bits != 0)
            .map(|(slot, &bits)| Open {
                slot,
                bits,
                ones: words[slot],
                white: layout.turn_at(slot) == Color::White,
                fixed: 0,
                children: Vec::new(),
            })
            .collect();
        // The successors of the open positions: those of this material with open bits by
        // slot, the rest folded into one word.
        let is_open: Vec<bool> = open_bits.into_iter().map(|bits| bits != 0).collect();
        open.par_iter_mut().try_for_each(|o| {
            let pos = layout.position_at(o.slot)?;
            let mut fixed = if o.white { 0 } else { !0 };
            for m in pos.legal_moves() {
                let child = pos.play(m);
                // Another material's word holds its ends too (a lone White king or a dead
                // material: no bit set).
                let child_word = if Material::of(child.board()) == Some(material) {
                    let slot = layout.slot_of(&child);
                    if is_open[slot] {
                        o.children.push(slot as u32);
                        continue;
                    }
                    words[slot]
                } else {
                    self.word(&child)?
                };
                o.combine(&mut fixed, child_word);
            }
            o.fixed = fixed;
            Some(())
        })?;
        // Passes until nothing changes.
        loop {
            let next: Vec<u64> = open.par_iter().map(|o| o.word(&words)).collect();
            let mut changed = false;
            for (o, word) in open.iter().zip(next) {
                changed |= words[o.slot] != word;
                words[o.slot] = word;
            }
            if !changed {
                return Some(words);
            }
        }
    }
}

/// The [`HorizonTable`] of a solver, built once its search has met enough positions the table
/// covers (a search that stays smaller never pays the 1.3–1.6 s).
#[derive(Debug)]
pub struct OnNeed {
    state: State,
    /// The positions covered to meet before building.
    after: u64,
}

#[derive(Debug)]
enum State {
    /// Not built yet: the positions covered met so far.
    Waiting(u64),
    Built(HorizonTable),
    /// Never built: too little memory, or a block of the tables could not be read.
    Never,
}

impl OnNeed {
    /// How many positions the table covers a search meets, by default, before it is built.
    pub const AFTER: u64 = 100_000;

    /// A table to build on need.
    pub fn new() -> OnNeed {
        OnNeed {
            state: State::Waiting(0),
            after: OnNeed::AFTER,
        }
    }

    /// No table.
    pub fn never() -> OnNeed {
        OnNeed {
            state: State::Never,
            after: OnNeed::AFTER,
        }
    }

    /// Builds the table once the search has met `after` positions it covers (0: at the first).
    pub fn build_after(&mut self, after: u64) {
        self.after = after;
    }

    /// What the table says of White's horizon goal without repetition from `pos` within
    /// `depth` plies, building it from `tables` once enough positions it covers were met.
    pub fn wins(
        &mut self,
        tables: Option<&mut Tables>,
        pos: &Position,
        depth: u32,
    ) -> Option<bool> {
        if let State::Waiting(met) = &mut self.state
            && HorizonTable::covers(pos)
        {
            *met += 1;
            if *met > self.after {
                let built = tables.and_then(HorizonTable::build);
                self.state = built.map_or(State::Never, State::Built);
            }
        }
        match &self.state {
            State::Built(table) => table.wins(pos, depth),
            State::Waiting(_) | State::Never => None,
        }
    }
}

impl Default for OnNeed {
    fn default() -> OnNeed {
        OnNeed::new()
    }
}

/// A position with bits the tables leave open.
struct Open {
    slot: usize,
    /// The open bits.
    bits: u64,
    /// The bits known set (the leaf's among them).
    ones: u64,
    /// Whether White is to move (any successor will do) or Black (all must).
    white: bool,
    /// The successors without open bits, combined.
    fixed: u64,
    /// The successors with open bits, by slot.
    children: Vec<u32>,
}

impl Open {
    /// The word from the successors' words.
    fn word(&self, words: &[u64]) -> u64 {
        let mut all = self.fixed;
        for &slot in &self.children {
            self.combine(&mut all, words[slot as usize]);
        }
        self.ones | (all << 1 & self.bits)
    }

    fn combine(&self, acc: &mut u64, word: u64) {
        if self.white {
            *acc |= word;
        } else {
            *acc &= word;
        }
    }
}

/// The bits of a position's word the file's tables decide (the solver's table rules for the
/// horizon goal without repetition, from 1 ply on; bit 0 is the leaf's).
struct Known {
    ones: u64,
    open: u64,
}

impl Known {
    /// From the position's superiority, reach-of-a-held-mate and mate distances, and whether
    /// its material keeps White's superiority.
    fn of(superiority: Distance, held: Distance, dtm: Dtm, keeps: bool) -> Known {
        let (mut ones, mut open) = (0, 0);
        for k in 1..=DEEPEST {
            let set = if !superiority.within(k) {
                Some(false)
            } else if held.within(k) {
                Some(true)
            } else {
                match dtm {
                    Dtm::Mate(Color::White, d) if d <= k || keeps => Some(true),
                    Dtm::Mate(Color::Black, d) if d <= k => Some(false),
                    _ => None,
                }
            };
            match set {
                Some(true) => ones |= 1 << k,
                Some(false) => {}
                None => open |= 1 << k,
            }
        }
        Known { ones, open }
    }
}
