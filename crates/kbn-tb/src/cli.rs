//! The command line as a library: the commands and options (clap derive), the output format, and
//! [`run`], which carries out one command, so that every mode, batches included, can be tested
//! in-process. `main.rs` only parses the arguments and calls [`run`].
//!
//! ```no_run
//! use kbn_tb::cli::{Command, Format, Options, Positions, run};
//! use toolkit_cli::Diagnostics;
//!
//! let command = Command::Probe {
//!     positions: Positions::fen("8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1"),
//!     format: Format::Text,
//! };
//! let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
//! run(command, &Options::new("kbn.tb"), &mut out, &mut diag)?;
//! assert!(out.starts_with(b"mate in 1\n"));
//! # Ok::<_, std::io::Error>(())
//! ```

use std::{
    io::{self, Write},
    net::IpAddr,
    path::{Path, PathBuf},
    time::Instant,
};

use clap::{ArgAction, builder::BoolishValueParser, builder::TypedValueParser};
use toolkit_cli::{AtLine, Diagnostics, Input};

use crate::{
    Kbnk, ProbeError, Stats, Table, json,
    render::{self, thousands},
    serve::Server,
    verify,
};

/// The text after `--help`: the input format, the values, and an example.
pub const AFTER_HELP: &str = "\
Positions are FENs with White's king, bishop and knight against Black's king, and the side to
move, e.g. \"8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1\". Values count White moves, as the seed counts:
`mate in N` (White to move and mating at once is mate in 1; Black to move and mated after White's
next move whatever Black plays is also mate in 1), `mated` (Black is checkmated), `draw`.

probe, line, stats, verify and serve read the table file (default kbn.tb); when it is missing they
generate it first (under a second) and say so on stderr.

Example:
  kbn-tb probe \"8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1\"
  mate in 1
  Bc3#    e1c3   mated
  ...";

/// The options every command shares.
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// The table file.
    #[arg(long, global = true, default_value = "kbn.tb", value_name = "FILE")]
    pub table: PathBuf,
    /// Whether to tell how long generation took (on the command line: when stderr is a terminal).
    #[arg(skip = toolkit_cli::progress_wanted())]
    pub progress: bool,
}

impl Options {
    /// The options with this table file and no progress messages.
    pub fn new(table: impl Into<PathBuf>) -> Options {
        Options {
            table: table.into(),
            progress: false,
        }
    }
}

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Text, as the seed prints it ([`crate::render`]).
    #[default]
    Text,
    /// One JSON object per answer, one per line ([`crate::json`]).
    Json,
}

/// A `--json` flag, read as a [`Format`].
fn json_flag() -> impl TypedValueParser<Value = Format> {
    BoolishValueParser::new().map(|json| if json { Format::Json } else { Format::Text })
}

/// A command.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum Command {
    /// Compute the table, write it and print its statistics.
    Generate {
        /// Where to write the table (default: the --table file, kbn.tb).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The value of a position and of every legal move, best first (White: fastest mate;
    /// Black: longest resistance).
    Probe {
        /// The positions to probe.
        #[command(flatten)]
        positions: Positions,
        /// Print JSON (one object per position) instead of text.
        #[arg(long = "json", action = ArgAction::SetTrue, value_parser = json_flag())]
        format: Format,
    },
    /// The optimal line to mate, in SAN, one move pair per line.
    Line {
        /// The positions to play out.
        #[command(flatten)]
        positions: Positions,
    },
    /// The table's statistics, with the seed's own counts.
    Stats {
        /// Print JSON instead of text.
        #[arg(long = "json", action = ArgAction::SetTrue, value_parser = json_flag())]
        format: Format,
    },
    /// Re-check every entry of the table: the Bellman equations, and Syzygy's win/draw and
    /// distance to zeroing when a directory with KBNvK.rtbw/.rtbz is given.
    Verify {
        /// A directory with the Syzygy tables KBNvK.rtbw and KBNvK.rtbz.
        #[arg(long, value_name = "DIR")]
        syzygy: Option<PathBuf>,
    },
    /// Serve the interactive board and its JSON API (GET /api/probe?fen=FEN) until interrupted.
    Serve {
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on: anything but 127.0.0.1 or ::1 opens the board to the network.
        #[arg(long, default_value = "127.0.0.1")]
        host: IpAddr,
    },
}

/// The positions a command works on: one FEN, or a file of them (clap makes sure that exactly
/// one is given).
#[derive(Clone, Debug, clap::Args)]
pub struct Positions {
    /// The position, a FEN with the side to move.
    #[arg(required_unless_present = "file")]
    pub fen: Option<String>,
    /// Read FENs from FILE instead, one per line (blank lines and lines starting with `#` are
    /// skipped; `-` for stdin). Each answer is preceded by its FEN and followed by a blank line;
    /// a bad line is reported with its number and the run goes on (exit 2 at the end).
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub file: Option<PathBuf>,
}

impl Positions {
    /// One position.
    pub fn fen(fen: impl Into<String>) -> Positions {
        Positions {
            fen: Some(fen.into()),
            file: None,
        }
    }

    /// The positions of a file, one FEN per line (`-` for stdin).
    pub fn file(path: impl Into<PathBuf>) -> Positions {
        Positions {
            fen: None,
            file: Some(path.into()),
        }
    }
}

/// What to print for one position.
#[derive(Clone, Copy, Debug)]
enum Answer {
    Probe(Format),
    Line,
}

/// Carries out one command: answers on `out`, errors, warnings and notes on `diag` (whose
/// status is then the run's exit status). A batch answers every good record and reports each bad
/// one with its line number.
///
/// # Errors
///
/// Only when writing to `out` fails; everything else is reported on `diag`.
pub fn run(
    command: Command,
    options: &Options,
    out: &mut impl Write,
    diag: &mut Diagnostics<impl Write>,
) -> io::Result<()> {
    match command {
        Command::Generate { out: path } => {
            let path = path.as_deref().unwrap_or(&options.table);
            let table = generate(options, diag);
            match table.save(path) {
                Ok(()) => note_written(diag, path),
                Err(err) => diag.error(&err),
            }
            write!(out, "{}", render::stats(&Stats::of(&table)))?;
        }
        Command::Probe { positions, format } => {
            answer(out, diag, options, positions, Answer::Probe(format))?;
        }
        Command::Line { positions } => answer(out, diag, options, positions, Answer::Line)?,
        Command::Stats { format } => {
            if let Some(table) = table(options, diag) {
                let stats = Stats::of(&table);
                match format {
                    Format::Json => {
                        serde_json::to_writer(&mut *out, &json::StatsJson::new(&stats))?;
                        writeln!(out)?;
                    }
                    Format::Text => write!(out, "{}", render::stats(&stats))?,
                }
            }
        }
        Command::Verify { syzygy } => {
            if let Some(table) = table(options, diag) {
                run_verify(out, diag, &table, syzygy.as_deref())?;
            }
        }
        Command::Serve { port, host } => {
            let Some(table) = table(options, diag) else {
                return Ok(());
            };
            match Server::bind((host, port).into(), table) {
                Ok(server) => {
                    writeln!(out, "serving the board on http://{}/", server.local_addr())?;
                    out.flush()?;
                    if let Err(err) = server.run() {
                        diag.error(&err);
                    }
                }
                Err(err) => diag.error(&err),
            }
        }
    }
    Ok(())
}

fn generate(options: &Options, diag: &mut Diagnostics<impl Write>) -> Table {
    let start = Instant::now();
    let table = Table::generate();
    if options.progress {
        diag.note(&format_args!(
            "generated the table in {:.2} s",
            start.elapsed().as_secs_f64()
        ));
    }
    table
}

fn note_written(diag: &mut Diagnostics<impl Write>, path: &Path) {
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    diag.note(&format_args!(
        "wrote {} ({} bytes)",
        path.display(),
        thousands(size)
    ));
}

/// The table from its file, or generated (and saved) when the file does not exist.
fn table(options: &Options, diag: &mut Diagnostics<impl Write>) -> Option<Table> {
    let path = options.table.as_path();
    if path.exists() {
        return match Table::load(path) {
            Ok(table) => Some(table),
            Err(err) => {
                diag.error(&err);
                None
            }
        };
    }
    diag.note(&format_args!(
        "no table at {}: generating it (under a second)",
        path.display()
    ));
    let table = generate(options, diag);
    match table.save(path) {
        Ok(()) => note_written(diag, path),
        Err(err) => diag.warning(&format_args!("{err}; going on without saving it")),
    }
    Some(table)
}

/// Answers one FEN, or every FEN of a file. A bad FEN is reported before any table is read or
/// generated.
fn answer(
    out: &mut impl Write,
    diag: &mut Diagnostics<impl Write>,
    options: &Options,
    positions: Positions,
    answer: Answer,
) -> io::Result<()> {
    if let Some(fen) = positions.fen {
        match Kbnk::from_fen(&fen) {
            Ok(pos) => {
                if let Some(table) = table(options, diag) {
                    write_answer(out, &table, fen.trim(), pos, answer)?;
                }
            }
            Err(err) => {
                // The spec's value for a KBNK placement that cannot arise: `illegal: why`,
                // printed as the answer, while the run still fails as invalid input.
                if let (ProbeError::Illegal(why), Answer::Probe(Format::Text)) = (&err, answer)
                    && why.is_unreachable_placement()
                {
                    writeln!(out, "illegal: {why}")?;
                }
                diag.error(&err);
            }
        }
        return Ok(());
    }
    let Some(file) = positions.file else {
        return Ok(());
    };
    let input = match Input::open(Some(&file)) {
        Ok(input) => input,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    // Text answers are framed by their FEN and a blank line; JSON lines carry their FEN.
    let framed = !matches!(answer, Answer::Probe(Format::Json));
    // The table is read (or generated) at the first good line: a batch of bad lines never
    // touches it. Lines are answered as they come, so memory is bounded by the line.
    let mut loaded: Option<Table> = None;
    let mut lines = input.lines();
    while let Some(line) = lines.next_line() {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                out.flush()?;
                diag.error(&err);
                continue;
            }
        };
        let fen = line.text.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let pos = match Kbnk::from_fen(fen) {
            Ok(pos) => pos,
            Err(error) => {
                out.flush()?;
                diag.error(&AtLine::<ProbeError> {
                    line: line.number,
                    error,
                });
                continue;
            }
        };
        if loaded.is_none() {
            loaded = table(options, diag);
        }
        let Some(table) = &loaded else {
            return Ok(()); // the table file is unusable: reported, nothing can be answered
        };
        if framed {
            writeln!(out, "{fen}")?;
        }
        write_answer(out, table, fen, pos, answer)?;
        if framed {
            writeln!(out)?;
        }
    }
    Ok(())
}

fn write_answer(
    out: &mut impl Write,
    table: &Table,
    fen: &str,
    pos: Kbnk,
    answer: Answer,
) -> io::Result<()> {
    match answer {
        Answer::Probe(Format::Json) => {
            let probe = table.probe_position(pos);
            out.write_all(&json::ProbeJson::new(fen, &probe).to_json())?;
            writeln!(out)
        }
        Answer::Probe(Format::Text) => {
            write!(out, "{}", render::probe(&table.probe_position(pos)))
        }
        Answer::Line => {
            let line = table.line(pos);
            write!(out, "{}", render::line(pos.turn(), table.value(pos), &line))
        }
    }
}

fn run_verify(
    out: &mut impl Write,
    diag: &mut Diagnostics<impl Write>,
    table: &Table,
    syzygy: Option<&Path>,
) -> io::Result<()> {
    let report = verify::bellman(table);
    writeln!(out, "{report}")?;
    if !report.mismatches.is_empty() {
        diag.error(&verify::Failed("the Bellman equations"));
    }
    if let Some(dir) = syzygy {
        match verify::syzygy(table, dir) {
            Ok(report) => {
                writeln!(out, "{report}")?;
                if !report.mismatches.is_empty() {
                    diag.error(&verify::Failed("Syzygy"));
                }
            }
            Err(err) => diag.error(&err),
        }
    }
    Ok(())
}
