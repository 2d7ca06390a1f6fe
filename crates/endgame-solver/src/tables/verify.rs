//! The whole-table check: every entry against the Bellman equation of the distance to mate,
//! computed with `small_board`'s own move generator (not the generator's attack pulls), and the
//! checkmates and stalemates counted by direct enumeration.
//!
//! For every slot of a mate table: if it holds no legal position its byte must be `NONE`; a
//! checkmate is 0; a stalemate is `NONE`; otherwise, with c the children's values: 1 + the
//! least even c if a move leads to a position whose side to move is mated, else 1 + the largest
//! c if every move leads to a mate by the side then to move, else `NONE`.
//!
//! For every slot of the tables one side forces ([`Kind`]): `NONE` without a legal position; 0
//! where the goal is reached on the board (for the draw table a stalemate or White's mate; for
//! X's superiority table X's superiority, by `goal::superiority`, or X's mate); `NONE` for any
//! other end (no legal move); otherwise, with c the children's values (a dead position: 0 for
//! the draw table, `NONE` for the others): with the forcer to move 1 + the least c, with the
//! other side 1 + the largest c, `NONE` when that c is `NONE` (or past 254).

use rayon::prelude::*;
use small_board::{Color, Position, Square};

use super::{AllTables, Dtm, Kind, NONE, index::Layout, material::Material, value};
use crate::goal::superiority;

/// What the check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Slots holding a legal position.
    pub positions: u64,
    /// Checkmates, counted by move generation.
    pub checkmates: u64,
    /// Entries of value 0 (checkmate) in the table.
    pub zeros: u64,
    /// Stalemates, counted by move generation.
    pub stalemates: u64,
    /// Positions where one side mates.
    pub mates: u64,
    /// The longest mate, in plies.
    pub longest: u32,
    /// Per kind one side forces (by [`Kind::index`] − 1): the positions where it forces its
    /// goal (the finite entries) and the longest of those, in plies.
    pub forced: [(u64, u32); Kind::COUNT - 1],
    /// Entries that break the equation (the first few, as text), and how many in all.
    pub errors: Vec<String>,
    /// How many entries break it.
    pub error_count: u64,
}

impl Report {
    fn merge(mut self, other: Report) -> Report {
        self.positions += other.positions;
        self.checkmates += other.checkmates;
        self.zeros += other.zeros;
        self.stalemates += other.stalemates;
        self.mates += other.mates;
        self.longest = self.longest.max(other.longest);
        for (mine, theirs) in self.forced.iter_mut().zip(other.forced) {
            *mine = (mine.0 + theirs.0, mine.1.max(theirs.1));
        }
        self.error_count += other.error_count;
        self.errors.extend(other.errors);
        self.errors.truncate(10);
        self
    }
}

/// The value the Bellman equation gives `pos` from its children's values.
pub fn expected(pos: &Position, child_value: impl Fn(&Position) -> u8) -> u8 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.is_check() { 0 } else { NONE };
    }
    let mut best_win = NONE;
    let mut longest_loss = 0u8;
    let mut all_lose = true;
    for m in moves {
        let c = child_value(&pos.play(m));
        if c == NONE {
            all_lose = false;
        } else if c.is_multiple_of(2) {
            best_win = best_win.min(c + 1);
            all_lose = false;
        } else {
            longest_loss = longest_loss.max(c + 1);
        }
    }
    if best_win != NONE {
        best_win
    } else if all_lose {
        longest_loss
    } else {
        NONE
    }
}

/// The value the equation of `kind` (one side forces) gives `pos` from the tables' values
/// (`value(kind, position)`): its children's in the same kind, and for [`Kind::ReachHeld`] its
/// own held mate (Black's: its mate in KvKR).
pub fn expected_forced(kind: Kind, pos: &Position, value: impl Fn(Kind, &Position) -> u8) -> u8 {
    let forcer = kind.forcer().unwrap_or(Color::White);
    if kind == Kind::Superiority(forcer) && superiority(pos.board()) == Some(forcer) {
        return 0;
    }
    if kind == Kind::HeldMate && superiority(pos.board()) != Some(Color::White) {
        return NONE;
    }
    let held = match kind {
        Kind::ReachHeld(Color::White) => value(Kind::HeldMate, pos) != NONE,
        Kind::ReachHeld(Color::Black) => {
            superiority(pos.board()) == Some(Color::Black)
                && Dtm::from_byte(value(Kind::Mate, pos), pos.turn())
                    .mates_within(Color::Black, u32::MAX)
        }
        _ => false,
    };
    if held {
        return 0;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let mated_by = pos.is_check().then_some(pos.turn().other());
        let reached = match kind {
            Kind::Draw => mated_by != Some(Color::White),
            _ => mated_by == Some(forcer),
        };
        return if reached { 0 } else { NONE };
    }
    let children = moves.iter().map(|&m| value(kind, &pos.play(m)));
    let best = if pos.turn() == forcer {
        children.min()
    } else {
        children.max()
    };
    match best {
        Some(c) if c < NONE - 1 => c + 1,
        _ => NONE,
    }
}

/// Checks every entry of `material`'s tables, calling `progress` with the slots done.
pub fn check_material(
    tables: &AllTables,
    material: Material,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    check_words(tables, material, 1, progress)
}

/// Checks the entries of every `stride`-th word (49 slots) of `material`'s tables.
pub fn check_words(
    tables: &AllTables,
    material: Material,
    stride: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    let layouts: Vec<Option<Layout>> = Layout::all();
    let code = material.code() as usize;
    let Some(layout) = &layouts[code] else {
        return Report::default();
    };
    let Some(kinds) = tables
        .iter()
        .map(|t| t[code].as_deref())
        .collect::<Option<Vec<&[u8]>>>()
    else {
        return Report::default();
    };
    let values = kinds[Kind::Mate.index()];
    let side_words = layout.side_words();
    (0..2 * side_words)
        .into_par_iter()
        .filter(|w| w % stride == 0)
        .map(|w| {
            let mut report = Report::default();
            for inner in Square::all() {
                let slot = w * 49 + inner.index();
                let stored = values[slot];
                let Some(pos) = layout.position_at(slot) else {
                    if kinds.iter().any(|t| t[slot] != NONE) {
                        report.error_count += 1;
                        report
                            .errors
                            .push(format!("{material} slot {slot}: no position but a value"));
                    }
                    continue;
                };
                report.positions += 1;
                let moves = pos.count_legal_moves();
                if moves == 0 {
                    if pos.is_check() {
                        report.checkmates += 1;
                    } else {
                        report.stalemates += 1;
                    }
                }
                let want = expected(&pos, |child| value(tables, &layouts, Kind::Mate, child));
                for kind in &Kind::ALL[1..] {
                    let stored = kinds[kind.index()][slot];
                    let want = expected_forced(*kind, &pos, |k, p| value(tables, &layouts, k, p));
                    let forced = &mut report.forced[kind.index() - 1];
                    if stored != NONE {
                        *forced = (forced.0 + 1, forced.1.max(u32::from(stored)));
                    }
                    if want != stored {
                        report.error_count += 1;
                        if report.errors.len() < 10 {
                            report.errors.push(format!(
                                "{material} {}: {} distance {stored}, the children give {want}",
                                pos.fen(),
                                kind.name()
                            ));
                        }
                    }
                }
                if stored == 0 {
                    report.zeros += 1;
                }
                if stored != NONE {
                    report.mates += 1;
                    report.longest = report.longest.max(u32::from(stored));
                }
                if want != stored {
                    report.error_count += 1;
                    if report.errors.len() < 10 {
                        report.errors.push(format!(
                            "{material} {}: stored {stored}, the children give {want}",
                            pos.fen()
                        ));
                    }
                }
            }
            if w % 4096 == 0 {
                progress(4096 * 49);
            }
            report
        })
        .reduce(Report::default, Report::merge)
}
