//! The whole-table check: every entry against the Bellman equation of the distance to mate,
//! computed with `small_board`'s own move generator (not the generator's attack pulls), and the
//! checkmates and stalemates counted by direct enumeration.
//!
//! For every slot: if it holds no legal position its byte must be `NONE`; a checkmate is 0; a
//! stalemate is `NONE`; otherwise, with c the children's values: 1 + the least even c if a move
//! leads to a position whose side to move is mated, else 1 + the largest c if every move leads
//! to a mate by the side then to move, else `NONE`.

use rayon::prelude::*;
use small_board::{Board, Color, Position, Rules, Setup, Square};

use super::{NONE, index::Layout, material::Material};

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
        self.error_count += other.error_count;
        self.errors.extend(other.errors);
        self.errors.truncate(10);
        self
    }
}

/// The value of any position of the task's material in `tables` (by [`Material::code`]).
pub fn value(tables: &[Option<Vec<u8>>], layouts: &[Option<Layout>], pos: &Position) -> u8 {
    let Some(material) = Material::of(pos.board()) else {
        return NONE;
    };
    let code = material.code() as usize;
    match (&layouts[code], &tables[code]) {
        (Some(layout), Some(values)) => values[layout.slot_of(pos)],
        _ => NONE,
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

/// Checks every entry of `material`'s table, calling `progress` with the slots done.
pub fn check_material(
    tables: &[Option<Vec<u8>>],
    material: Material,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    check_words(tables, material, 1, progress)
}

/// Checks the entries of every `stride`-th word (49 slots) of `material`'s table.
pub fn check_words(
    tables: &[Option<Vec<u8>>],
    material: Material,
    stride: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    let layouts: Vec<Option<Layout>> = Material::ALL
        .iter()
        .map(|m| (!m.is_dead()).then(|| Layout::new(*m)))
        .collect();
    let code = material.code() as usize;
    let (Some(layout), Some(values)) = (&layouts[code], &tables[code]) else {
        return Report::default();
    };
    let k = layout.pieces.len();
    let side_words = layout.side_words();
    (0..2 * side_words)
        .into_par_iter()
        .filter(|w| w % stride == 0)
        .map(|w| {
            let side = w / side_words;
            let turn = if side == 0 {
                Color::White
            } else {
                Color::Black
            };
            let outer = layout.outer_squares(w % side_words);
            let mut report = Report::default();
            for inner in Square::all() {
                let slot = w * 49 + inner.index();
                let stored = values[slot];
                let mut board = Board::empty();
                let mut clash = false;
                for (j, &piece) in layout.pieces.iter().enumerate() {
                    let sq = if j == k - 1 { inner } else { outer[j] };
                    clash |= board.piece_at(sq).is_some();
                    board.set_piece_at(sq, piece);
                }
                let pos = (!clash)
                    .then(|| {
                        Position::from_setup(
                            Setup {
                                board,
                                turn,
                                ep_square: None,
                            },
                            Rules::TASK,
                        )
                        .ok()
                    })
                    .flatten();
                let Some(pos) = pos else {
                    if stored != NONE {
                        report.error_count += 1;
                        report.errors.push(format!(
                            "{material} slot {slot}: no position but value {stored}"
                        ));
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
                let want = expected(&pos, |child| value(tables, &layouts, child));
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
