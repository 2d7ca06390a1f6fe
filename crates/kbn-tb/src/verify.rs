//! Verification of a table: the Bellman equations over every position, and agreement with the
//! Syzygy KBNvK tables.
//!
//! The Bellman check alone pins every value down, given the rules: checkmates and captures are
//! fixed by the rules, a claimed win of N plies must have a move to a position of N - 1 (and none
//! faster), and a position truly won in d plies cannot be marked a draw or another value without
//! breaking the equation of the first such position along its mating line (induction on d). The
//! Syzygy check adds an independent implementation of the rules and the search: win/draw must
//! agree everywhere, and the distance to zeroing must match the depth to mate by the rule
//! [`dtz_from_dtm`].

use std::{error::Error, fmt, io, path::Path, path::PathBuf};

use rayon::prelude::*;
use shakmaty::Color;
use shakmaty_syzygy::{Tablebase, Wdl};

use crate::{
    index::{SLOTS, Squares},
    position::Kbnk,
    render::thousands,
    rules::{self, BlackOutlook},
    table::Table,
    value::{Entry, Value},
};

/// How many mismatches a report keeps as examples.
const EXAMPLES: usize = 10;

/// A position where the table disagrees with a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The position.
    pub position: Kbnk,
    /// What the table says.
    pub found: String,
    /// What the check expects.
    pub expected: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: table says {}, expected {}",
            self.position, self.found, self.expected
        )
    }
}

/// The outcome of a check: how many positions it covered and the mismatches it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What was checked.
    pub check: &'static str,
    /// Positions checked (canonical, both sides to move).
    pub checked: u64,
    /// Positions not checked, and why (empty when none).
    pub skipped: Option<(u64, &'static str)>,
    /// The number of mismatches.
    pub mismatch_count: u64,
    /// The first mismatches.
    pub mismatches: Vec<Mismatch>,
}

impl Report {
    fn new(check: &'static str) -> Report {
        Report {
            check,
            checked: 0,
            skipped: None,
            mismatch_count: 0,
            mismatches: Vec::new(),
        }
    }

    fn mismatch(&mut self, squares: Squares, turn: Color, found: String, expected: String) {
        self.mismatch_count += 1;
        if self.mismatches.len() < EXAMPLES
            && let Ok(position) = Kbnk::from_squares(squares, turn)
        {
            self.mismatches.push(Mismatch {
                position,
                found,
                expected,
            });
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} positions checked, {} mismatches",
            self.check,
            thousands(self.checked),
            thousands(self.mismatch_count)
        )?;
        if let Some((count, why)) = self.skipped {
            write!(f, " ({} skipped: {why})", thousands(count))?;
        }
        for mismatch in &self.mismatches {
            write!(f, "\n  {mismatch}")?;
        }
        Ok(())
    }
}

/// A check that found mismatches, as an error for the command line (exit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failed(pub &'static str);

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the table disagrees with {}", self.0)
    }
}

impl Error for Failed {}

impl toolkit_cli::Report for Failed {
    fn status(&self) -> toolkit_cli::Status {
        toolkit_cli::Status::Failure
    }
}

/// Checks the Bellman equation of every White-to-move position against the Black-to-move
/// values, which are derived from the White values by their own equation.
pub fn bellman(table: &Table) -> Report {
    let black = table.black_entries();
    let mut report = Report::new("Bellman equations");
    for index in 0..SLOTS {
        if !rules::white_legal(index) {
            continue;
        }
        report.checked += 1;
        let squares = Squares::from_index(index);
        // The fastest move to a lost Black position, plus one ply; no such move: a draw.
        let expected = rules::white_children(squares)
            .filter_map(|child| black[child].plies())
            .min()
            .map_or(Entry::DRAW, |plies| Entry::mate(plies + 1));
        let found = table.entry(index, Color::White);
        if found != expected {
            report.mismatch(
                squares,
                Color::White,
                found.to_string(),
                expected.to_string(),
            );
        }
    }
    report.checked += (0..SLOTS).filter(|&i| rules::black_legal(i)).count() as u64;
    report
}

/// The distance to zeroing (in plies, signed for the side to move) that Syzygy gives a won or
/// lost KBNK position, from its depth to mate in plies: |DTZ| = DTM - 1, except that a mate in
/// one ply and a checkmated side both have |DTZ| = 1. [`syzygy`] checks this rule over the whole
/// table. (In KBNK every win ends in mate without a capture, so the zeroing the DTZ counts to is
/// the mate itself; Syzygy counts a mating move as DTZ 1 and a checkmated side as -1.)
pub fn dtz_from_dtm(plies: u8, turn: Color) -> i32 {
    let magnitude = (i32::from(plies) - 1).max(1);
    match turn {
        Color::White => magnitude,
        Color::Black => -magnitude,
    }
}

/// Why the Syzygy check could not run.
#[derive(Debug)]
pub enum SyzygyError {
    /// The directory could not be read.
    Directory {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The directory has no KBNvK tables.
    Missing {
        /// The directory.
        dir: PathBuf,
    },
    /// A probe failed.
    Probe {
        /// The position.
        position: Kbnk,
        /// Syzygy's message.
        message: String,
    },
}

impl fmt::Display for SyzygyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyzygyError::Directory { dir, source } => write!(
                f,
                "cannot read Syzygy directory {:?}: {source}",
                dir.display().to_string()
            ),
            SyzygyError::Missing { dir } => write!(
                f,
                "Syzygy directory {:?} has no KBNvK.rtbw and KBNvK.rtbz",
                dir.display().to_string()
            ),
            SyzygyError::Probe { position, message } => {
                write!(f, "Syzygy probe of {position} failed: {message}")
            }
        }
    }
}

impl Error for SyzygyError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            SyzygyError::Directory { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl toolkit_cli::Report for SyzygyError {
    fn status(&self) -> toolkit_cli::Status {
        toolkit_cli::Status::Failure
    }
}

/// Compares every position (canonical, both sides to move) with the Syzygy tables in `dir`:
/// win/draw everywhere, and the distance to zeroing of every win and loss by [`dtz_from_dtm`].
/// Black-to-move positions where Black can take a piece are draws by rule and skipped (probing
/// them needs the KBvK and KNvK tables).
///
/// # Errors
///
/// [`SyzygyError`] when the directory or its KBNvK tables cannot be read or a probe fails.
pub fn syzygy(table: &Table, dir: &Path) -> Result<Report, SyzygyError> {
    let mut tablebase = Tablebase::<shakmaty::Chess>::new();
    tablebase
        .add_directory(dir)
        .map_err(|source| SyzygyError::Directory {
            dir: dir.to_path_buf(),
            source,
        })?;
    if !dir.join("KBNvK.rtbw").is_file() || !dir.join("KBNvK.rtbz").is_file() {
        return Err(SyzygyError::Missing {
            dir: dir.to_path_buf(),
        });
    }
    let mut report = Report::new("Syzygy KBNvK (win/draw and DTZ)");
    let mut captures = 0;
    // Black to move first: Syzygy's DTZ table stores Black's side, probed directly. White's DTZ
    // is then one ply of search over these values, exactly as Syzygy's own prober does it (its
    // 1-ply search would need the KBvK and KNvK tables for Black's captures).
    //
    // The probes run in parallel (slot by slot, in order); the comparison is one sequential pass.
    let black_probes: Vec<Probed> = (0..SLOTS)
        .into_par_iter()
        .map(|index| {
            if !rules::black_legal(index) {
                return Ok(Probed::Absent);
            }
            let squares = Squares::from_index(index);
            // Black to move and able to take a piece: a draw by rule (Syzygy would need KBvK
            // and KNvK).
            if rules::black_can_capture(squares) {
                return Ok(Probed::Capture);
            }
            let position = Kbnk::from_squares(squares, Color::Black).ok();
            let (wdl, dtz) = probe(&tablebase, position, true)?;
            Ok(Probed::Syzygy(wdl, dtz))
        })
        .collect::<Result<_, SyzygyError>>()?;
    let black_dtz = |index: usize| match black_probes[index] {
        Probed::Syzygy(_, dtz) => dtz,
        Probed::Absent | Probed::Capture => 0,
    };
    let white_probes: Vec<Probed> = (0..SLOTS)
        .into_par_iter()
        .map(|index| {
            if !rules::white_legal(index) {
                return Ok(Probed::Absent);
            }
            let squares = Squares::from_index(index);
            let position = Kbnk::from_squares(squares, Color::White).ok();
            let (wdl, _) = probe(&tablebase, position, false)?;
            let mut dtz = 0;
            for child in rules::white_children(squares) {
                let child_dtz = black_dtz(child);
                let mates = rules::black_outlook(Squares::from_index(child)) == BlackOutlook::Mated;
                let candidate = if mates { 1 } else { 1 - child_dtz };
                if child_dtz < 0 && (dtz == 0 || candidate < dtz) {
                    dtz = candidate;
                }
            }
            Ok(Probed::Syzygy(wdl, dtz))
        })
        .collect::<Result<_, SyzygyError>>()?;
    for (turn, probes) in [(Color::Black, &black_probes), (Color::White, &white_probes)] {
        for (index, probed) in probes.iter().enumerate() {
            match *probed {
                Probed::Absent => {}
                Probed::Capture => captures += 1,
                Probed::Syzygy(wdl, dtz) => {
                    report.checked += 1;
                    let entry = table.entry(index, turn);
                    compare(
                        &mut report,
                        Squares::from_index(index),
                        turn,
                        entry,
                        wdl,
                        dtz,
                    );
                }
            }
        }
    }
    report.skipped = Some((captures, "Black to move can take a piece: a draw by rule"));
    Ok(report)
}

/// What Syzygy says about one slot.
#[derive(Clone, Copy)]
enum Probed {
    /// The slot holds no legal position.
    Absent,
    /// Black to move can take a piece: a draw by rule, not probed.
    Capture,
    /// Syzygy's WDL and DTZ (0 for a draw).
    Syzygy(Wdl, i32),
}

/// Syzygy's error in one line: its `Display` of a corrupted table carries a whole backtrace.
fn one_line(err: &shakmaty_syzygy::SyzygyError) -> String {
    use shakmaty_syzygy::{ProbeError, SyzygyError};
    match err {
        SyzygyError::ProbeFailed {
            metric,
            material,
            error,
        } => {
            let why = match error.as_ref() {
                ProbeError::CorruptedTable { .. } => "the table file is corrupted".to_owned(),
                other => other.to_string(),
            };
            format!("failed to probe {metric} table {material}: {why}")
        }
        other => other.to_string(),
    }
    .lines()
    .next()
    .unwrap_or_default()
    .to_owned()
}

/// Syzygy's WDL of a position and, when `with_dtz` and decisive, its DTZ (else 0).
fn probe(
    tablebase: &Tablebase<shakmaty::Chess>,
    position: Option<Kbnk>,
    with_dtz: bool,
) -> Result<(Wdl, i32), SyzygyError> {
    let Some(position) = position else {
        return Ok((Wdl::Draw, 0)); // unreachable: every slot probed holds a legal position
    };
    let chess = position.to_chess();
    let fail = |err: shakmaty_syzygy::SyzygyError| SyzygyError::Probe {
        position,
        message: one_line(&err),
    };
    let wdl = tablebase.probe_wdl_after_zeroing(&chess).map_err(fail)?;
    let dtz = if with_dtz && wdl != Wdl::Draw {
        tablebase
            .probe_dtz(&chess)
            .map_err(fail)?
            .ignore_rounding()
            .0
    } else {
        0
    };
    Ok((wdl, dtz))
}

/// Compares one position's entry with Syzygy's WDL and DTZ (0 for a draw).
fn compare(report: &mut Report, squares: Squares, turn: Color, entry: Entry, wdl: Wdl, dtz: i32) {
    let decisive = wdl != Wdl::Draw;
    let Some(plies) = entry.plies() else {
        if decisive {
            report.mismatch(squares, turn, entry.to_string(), format!("Syzygy {wdl:?}"));
        }
        return;
    };
    if !decisive {
        let ours = Value::from_plies(plies);
        report.mismatch(squares, turn, ours.to_string(), format!("Syzygy {wdl:?}"));
    } else if dtz != dtz_from_dtm(plies, turn) {
        report.mismatch(
            squares,
            turn,
            format!(
                "{plies} plies to mate, so DTZ {}",
                dtz_from_dtm(plies, turn)
            ),
            format!("Syzygy DTZ {dtz}"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bellman_catches_a_changed_win_and_a_table_of_draws() {
        let table = Table::generate();
        let mut white: Vec<Entry> = (0..SLOTS)
            .map(|index| table.entry(index, Color::White))
            .collect();
        let index = white
            .iter()
            .position(|&entry| entry == Entry::mate(9))
            .expect("a mate in 5");
        white[index] = Entry::mate(11);
        let report = bellman(&Table::from_white(white.clone()));
        assert!(report.mismatch_count >= 1, "{report}");

        // A table of draws is caught too: the mates in 1 see their checkmates.
        for entry in &mut white {
            if entry.plies().is_some() {
                *entry = Entry::DRAW;
            }
        }
        assert!(bellman(&Table::from_white(white)).mismatch_count > 0);
    }

    #[test]
    fn dtz_rule() {
        assert_eq!(dtz_from_dtm(0, Color::Black), -1);
        assert_eq!(dtz_from_dtm(1, Color::White), 1);
        assert_eq!(dtz_from_dtm(2, Color::Black), -1);
        assert_eq!(dtz_from_dtm(65, Color::White), 64);
    }
}
