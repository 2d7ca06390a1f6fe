//! `kbn-tb`: the KBN-vs-K depth-to-mate tablebase on the command line.

use std::{
    io::{self, Write},
    path::{Path, PathBuf},
    process::ExitCode,
    time::Instant,
};

use clap::{Parser, Subcommand};
use kbn_tb::{Kbnk, ProbeError, Stats, Table, json, render, verify};
use toolkit_cli::{self as cli, AtLine, Diagnostics};

const AFTER_HELP: &str = "\
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

/// The king, bishop and knight versus king tablebase: depth to mate for every position, both
/// sides to move, both bishop colours.
#[derive(Parser)]
#[command(version, after_help = AFTER_HELP)]
struct Cli {
    /// The table file.
    #[arg(long, global = true, default_value = "kbn.tb", value_name = "FILE")]
    table: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute the table, write it and print its statistics.
    Generate {
        /// Where to write the table (default: the --table file, kbn.tb).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The value of a position and of every legal move, best first (White: fastest mate;
    /// Black: longest resistance).
    Probe {
        #[command(flatten)]
        input: Positions,
        /// Print JSON (one object per position) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The optimal line to mate, in SAN, one move pair per line.
    Line {
        #[command(flatten)]
        input: Positions,
    },
    /// The table's statistics, with the seed's own counts.
    Stats {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Time generation, saving, loading and probing (for `cargo xtask bench`), as `key=value`
    /// lines.
    #[command(hide = true)]
    Bench {
        /// Where to write the table while measuring.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
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
        host: std::net::IpAddr,
    },
}

/// The positions a command works on: one FEN, or a file of them.
#[derive(clap::Args)]
struct Positions {
    /// The position, a FEN with the side to move.
    #[arg(required_unless_present = "file")]
    fen: Option<String>,
    /// Read FENs from FILE instead, one per line (blank lines and lines starting with `#` are
    /// skipped; `-` for stdin). Each answer is preceded by its FEN and followed by a blank line;
    /// a bad line is reported with its number and the run goes on (exit 2 at the end).
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    file: Option<PathBuf>,
}

/// What to print for one position.
#[derive(Clone, Copy)]
enum Answer {
    Probe { json: bool },
    Line,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::run(|out, diag| {
        match cli.command {
            Command::Generate { out: path } => {
                let path = path.unwrap_or(cli.table);
                let table = generate(diag);
                match table.save(&path) {
                    Ok(()) => note_written(diag, &path),
                    Err(err) => diag.error(&err),
                }
                write!(out, "{}", render::stats(&Stats::of(&table)))?;
            }
            Command::Probe { input, json } => {
                answer(out, diag, &cli.table, input, Answer::Probe { json })?;
            }
            Command::Line { input } => answer(out, diag, &cli.table, input, Answer::Line)?,
            Command::Stats { json } => {
                if let Some(table) = table(&cli.table, diag) {
                    let stats = Stats::of(&table);
                    if json {
                        serde_json::to_writer(&mut *out, &json::StatsJson::new(&stats))?;
                        writeln!(out)?;
                    } else {
                        write!(out, "{}", render::stats(&stats))?;
                    }
                }
            }
            Command::Bench { out: path } => match kbn_tb::bench::measure(&path) {
                Ok(timings) => {
                    for (key, value) in timings {
                        writeln!(out, "{key}={value}")?;
                    }
                }
                Err(err) => diag.error(&err),
            },
            Command::Verify { syzygy } => {
                if let Some(table) = table(&cli.table, diag) {
                    run_verify(out, diag, &table, syzygy.as_deref())?;
                }
            }
            Command::Serve { port, host } => {
                let Some(table) = table(&cli.table, diag) else {
                    return Ok(());
                };
                match kbn_tb::serve::Server::bind((host, port).into(), table) {
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
    })
}

fn generate(diag: &mut Diagnostics<io::Stderr>) -> Table {
    let start = Instant::now();
    let table = Table::generate();
    if cli::progress_wanted() {
        diag.note(&format_args!(
            "generated the table in {:.2} s",
            start.elapsed().as_secs_f64()
        ));
    }
    table
}

fn note_written(diag: &mut Diagnostics<io::Stderr>, path: &Path) {
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    diag.note(&format_args!(
        "wrote {} ({} bytes)",
        path.display(),
        render::thousands(size)
    ));
}

/// The table from its file, or generated (and saved) when the file does not exist.
fn table(path: &Path, diag: &mut Diagnostics<io::Stderr>) -> Option<Table> {
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
    let table = generate(diag);
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
    diag: &mut Diagnostics<io::Stderr>,
    table_path: &Path,
    input: Positions,
    answer: Answer,
) -> io::Result<()> {
    if let Some(fen) = input.fen {
        match Kbnk::from_fen(&fen) {
            Ok(pos) => {
                if let Some(table) = table(table_path, diag) {
                    write_answer(out, &table, fen.trim(), pos, answer)?;
                }
            }
            Err(err) => {
                // The spec's value for a KBNK placement that cannot arise: `illegal: why`,
                // printed as the answer, while the run still fails as invalid input.
                if let (ProbeError::Illegal(why), Answer::Probe { json: false }) = (&err, answer)
                    && why.is_unreachable_placement()
                {
                    writeln!(out, "illegal: {why}")?;
                }
                diag.error(&err);
            }
        }
        return Ok(());
    }
    let Some(file) = input.file else {
        return Ok(());
    };
    let text = match cli::read_input(Some(&file)) {
        Ok(text) => text,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        match Kbnk::from_fen(fen) {
            Ok(pos) => positions.push((fen, pos)),
            Err(error) => diag.error(&AtLine::<ProbeError> {
                line: number + 1,
                error,
            }),
        }
    }
    if positions.is_empty() {
        return Ok(());
    }
    let Some(table) = table(table_path, diag) else {
        return Ok(());
    };
    for (fen, pos) in positions {
        let json = matches!(answer, Answer::Probe { json: true });
        if !json {
            writeln!(out, "{fen}")?;
        }
        write_answer(out, &table, fen, pos, answer)?;
        if !json {
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
        Answer::Probe { json: true } => {
            let probe = table.probe_position(pos);
            serde_json::to_writer(&mut *out, &json::ProbeJson::new(fen.to_owned(), &probe))?;
            writeln!(out)
        }
        Answer::Probe { json: false } => {
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
    diag: &mut Diagnostics<io::Stderr>,
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
