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
use small_board::{Color, Position, Role, Square};

use crate::{
    goal::{Goal, end_of},
    tables::{
        Dtm, Kind, Tables,
        index::{Layout, position_of},
        material::Material,
    },
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
        let mut words = vec![0u64; slots];
        let mut open = Vec::new();
        for (slot, word) in words.iter_mut().enumerate() {
            let Some(pos) = position_at(&layout, slot) else {
                continue;
            };
            let moves = pos.legal_moves().len();
            if let Some(end) = end_of(&pos, moves) {
                *word = if GOAL.accepts(end) { !0 } else { 0 };
                continue;
            }
            let known = Known::of(tables, &pos)?;
            *word = known.ones | u64::from(GOAL.accepts_horizon(&pos));
            if known.open != 0 {
                open.push(Open {
                    slot,
                    bits: known.open,
                    ones: *word,
                    white: pos.turn() == Color::White,
                    fixed: 0,
                    children: Vec::new(),
                });
            }
        }
        // The successors of the open positions: those of this material with open bits by
        // slot, the rest folded into one word.
        let is_open = {
            let mut is_open = vec![false; slots];
            for o in &open {
                is_open[o.slot] = true;
            }
            is_open
        };
        open.par_iter_mut().try_for_each(|o| {
            let pos = position_at(&layout, o.slot)?;
            let mut fixed = if o.white { 0 } else { !0 };
            for m in pos.legal_moves() {
                let child = pos.play(m);
                let child_word = if Material::of(child.board()) == Some(material) {
                    let slot = layout.slot_of(&child);
                    if is_open[slot] {
                        o.children.push(slot as u32);
                        continue;
                    }
                    words[slot]
                } else {
                    match end_of(&child, child.legal_moves().len()) {
                        Some(end) if GOAL.accepts(end) => !0,
                        Some(_) => 0,
                        None => self.word(&child)?,
                    }
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
    fn of(tables: &mut Tables, pos: &Position) -> Option<Known> {
        let superiority = tables.probe_distance(Kind::Superiority(Color::White), pos)?;
        let held = tables.probe_distance(Kind::ReachHeld(Color::White), pos)?;
        let dtm = tables.probe(pos)?;
        let keeps = Material::of(pos.board()).is_some_and(|m| m.keeps_superiority(Color::White));
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
        Some(Known { ones, open })
    }
}

/// The position in `slot` of `layout`'s table, if it holds one.
fn position_at(layout: &Layout, slot: usize) -> Option<Position> {
    let turn = if slot / 49 < layout.side_words() {
        Color::White
    } else {
        Color::Black
    };
    let word = slot / 49 % layout.side_words();
    let outer = layout.outer_squares(word);
    let inner = Square::new((slot % 49) as u32)?;
    let k = layout.pieces.len();
    let squares = outer[..k - 1].iter().copied().chain([inner]);
    position_of(turn, layout.pieces.iter().copied().zip(squares))
}
