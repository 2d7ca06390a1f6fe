//! The command line as a library: what to do ([`Options`], [`Method`], [`Format`]) and the
//! commands as the binary runs them ([`run`] answers the input's problem, [`build_tables`],
//! [`verify_tables`]), writing to `out` and `diag`, so that every mode is testable in-process.
//! `main.rs` only parses the arguments.

use std::{
    io::{self, Write},
    path::{Path, PathBuf},
};

use indicatif::{ProgressBar, ProgressStyle};
use toolkit_cli::{Diagnostics, Input, Report, Status};

use crate::{
    Problem, Solver, analyse, analysis, json, reference,
    tables::{self, Material, Tables, keep, pawn_keep, verify},
};

/// How the answer is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The spec's one line (`1-0 c7D+`), and with `explain` a `line: ...` after it.
    #[default]
    Text,
    /// One JSON object ([`json`]).
    Json,
}

/// How the answer is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The fast solver over the endgame tables in this file (built there first when it is
    /// missing).
    Tables(PathBuf),
    /// The plain minimax reference ([`reference`](mod@crate::reference)): no tables, slow; for checks and benchmarks.
    Plain,
}

/// What [`run`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// How the answer is found.
    pub method: Method,
    /// How it is printed.
    pub format: Format,
    /// Also give one principal line for the verdict (not with [`Method::Plain`]).
    pub explain: bool,
    /// Memory for the search, in bytes: the transposition table and the table blocks held.
    pub memory: usize,
    /// Show progress on stderr (only when it is a terminal: see
    /// [`toolkit_cli::progress_wanted`]).
    pub progress: bool,
}

/// Reads the problem from `input` and writes its answer to `out`; a bad input or an unreadable
/// table file is one error on `diag`.
///
/// # Errors
///
/// Only the errors of writing to `out`.
pub fn run<W: Write, E: Write>(
    input: Input,
    options: &Options,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> io::Result<()> {
    let problem = match Problem::read(input.lines()) {
        Ok(problem) => problem,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    let mut solver = match &options.method {
        Method::Plain => Solver::new(options.memory),
        Method::Tables(path) => {
            let opened = tables::open_or_build(
                path,
                || {
                    diag.note(&format_args!(
                        "note: building the endgame tables into {} (once: about 2 minutes and 5.4 GB)",
                        path.display()
                    ));
                },
                progress_bar(options.progress),
            );
            match opened {
                Ok(tables) => Solver::with_tables(options.memory, tables),
                Err(err) => {
                    diag.error(&err);
                    return Ok(());
                }
            }
        }
    };
    if options.progress {
        solver.on_progress(|nodes| {
            eprint!("\rsearching: {} M nodes", nodes >> 20);
        });
    }
    let answer = match options.method {
        Method::Plain => reference::answer(&problem.position, problem.plies),
        Method::Tables(_) => analyse(&mut solver, &problem.position, problem.plies),
    };
    let line = options.explain.then(|| {
        analysis::goal_of(&answer).map_or_else(Vec::new, |goal| {
            analysis::principal_line(&mut solver, goal, &problem.position, problem.plies)
                .into_iter()
                .map(|(_, name)| name)
                .collect()
        })
    });
    if options.progress && solver.nodes() >= 1 << 22 {
        eprint!("\r{:40}\r", "");
    }
    if let Some(err) = solver.table_error() {
        diag.error(&err);
        return Ok(());
    }
    match options.format {
        Format::Json => {
            let report = json::JsonAnswer::new(&answer, problem.plies, line);
            serde_json::to_writer(&mut *out, &report).map_err(io::Error::other)?;
            writeln!(out)
        }
        Format::Text => {
            writeln!(out, "{answer}")?;
            match line {
                Some(line) if line.is_empty() => writeln!(out, "line: (none)"),
                Some(line) => writeln!(out, "line: {}", line.join(" ")),
                None => Ok(()),
            }
        }
    }
}

/// `tables build`: builds the tables of every ending into `path`.
///
/// # Errors
///
/// Only the errors of writing to `out`.
pub fn build_tables<W: Write, E: Write>(
    path: &Path,
    progress: bool,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> io::Result<()> {
    let start = std::time::Instant::now();
    match tables::build(path, progress_bar(progress)) {
        Ok(()) => {
            let size = std::fs::metadata(path).map_or(0, |m| m.len());
            writeln!(
                out,
                "wrote {} ({size} bytes) in {:.1} s",
                path.display(),
                start.elapsed().as_secs_f64()
            )
        }
        Err(err) => {
            diag.error(&err);
            Ok(())
        }
    }
}

/// `tables verify`: every block's checksum, then every entry of every ending against the
/// Bellman equation.
///
/// # Errors
///
/// Only the errors of writing to `out`.
pub fn verify_tables<W: Write, E: Write>(
    path: &Path,
    progress: bool,
    out: &mut W,
    diag: &mut Diagnostics<E>,
) -> io::Result<()> {
    let mut bar = progress_bar(progress);
    let all = match Tables::open(path)
        .and_then(|tables| tables.into_all(|done, total| bar(done as u64, total as u64)))
    {
        Ok(all) => all,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    writeln!(out, "{}: every block's checksum matches", path.display())?;
    let mut failed = 0;
    for material in Material::ALL.into_iter().filter(|m| !m.is_dead()) {
        let r = verify::check_material(&all.distances, material, &|_| {});
        writeln!(
            out,
            "{material}: {} positions, {} with a forced mate (longest {} plies), {} where Black forces a draw or a mate (longest {} plies), {} checkmates, {} stalemates: {}",
            r.positions,
            r.mates,
            r.longest,
            r.forced[0].0,
            r.forced[0].1,
            r.checkmates,
            r.stalemates,
            if r.error_count == 0 {
                "ok".to_owned()
            } else {
                format!("{} entries break the equation", r.error_count)
            }
        )?;
        for e in &r.errors {
            writeln!(out, "  {e}")?;
        }
        failed += r.error_count;
    }
    let distances = |pos: &_| all.distances(pos);
    let rook_first = keep::RookFirst::build(distances);
    let checked = [
        (
            "keep table",
            keep::MATERIAL,
            keep::check(&all.keep, distances, &rook_first, 1, |_| {}),
        ),
        (
            "pawn keep table",
            pawn_keep::MATERIAL,
            pawn_keep::check(&all.pawn_keep, distances, &all.keep, 1, |_| {}),
        ),
    ];
    for (name, material, (broken, errors)) in checked {
        writeln!(
            out,
            "{name} ({material}): {}",
            if broken == 0 {
                "ok".to_owned()
            } else {
                format!("{broken} entries break the equation")
            }
        )?;
        for e in &errors {
            writeln!(out, "  {e}")?;
        }
        failed += broken;
    }
    if failed > 0 {
        diag.error(&VerifyFailed(failed));
    }
    Ok(())
}

/// A progress callback `(done, total)` drawing a bar on stderr when `wanted`.
fn progress_bar(wanted: bool) -> impl FnMut(u64, u64) {
    let mut bar: Option<ProgressBar> = None;
    move |done, total| {
        if !wanted {
            return;
        }
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template("{msg} [{bar:40}] {percent}% ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_message("endgame tables");
            bar
        });
        bar.set_position(done);
        if done >= total {
            bar.finish_and_clear();
        }
    }
}

/// `tables verify` found entries that break the Bellman equation.
#[derive(Debug)]
struct VerifyFailed(u64);

impl std::fmt::Display for VerifyFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} table entries break the Bellman equation (rebuild the tables)",
            self.0
        )
    }
}

impl Report for VerifyFailed {
    fn status(&self) -> Status {
        Status::Failure
    }
}
