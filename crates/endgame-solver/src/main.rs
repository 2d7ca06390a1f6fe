//! `endgame-solver`: analyse a 7x7 rook-and-pawn endgame to a horizon, or count perft nodes.

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Parser, Subcommand};
use endgame_solver::{
    Problem, Solver, analyse, analysis, json, reference,
    tables::{self, Material, Tables, verify},
};
use indicatif::{ProgressBar, ProgressStyle};
use small_board::Position;
use toolkit_cli::{self as cli, Diagnostics, Stdout};

/// Decide a 7x7 rook-and-pawn endgame within N plies: forced mate for either side, Black's
/// forced draw, a win with respect to the horizon, or undecided (`0-0`). Or count perft nodes
/// of a 7x7 position.
#[derive(Parser)]
#[command(version, args_conflicts_with_subcommands = true, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The input (three lines: pieces, side to move, plies); standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Also print one principal line for the verdict (`line: c7D+ Kg6 Vg3+ Kf5 De5#`).
    #[arg(long)]
    explain: bool,
    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,
    /// Answer with the plain minimax reference instead of the fast solver (slow: every line is
    /// explored; for checks and benchmarks).
    #[arg(long, conflicts_with = "explain")]
    plain: bool,
    /// The endgame table file (default: $ENDGAME_SOLVER_TABLES, else `endgame-solver.tables` in
    /// the working directory; built there on first need).
    #[arg(long, value_name = "FILE", global = true)]
    tables: Option<PathBuf>,
    /// Memory for the search, in MiB: the transposition table and the endgame table blocks held
    /// in memory, half each (blocks past that are dropped and read again when needed).
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    memory: u32,
}

const AFTER_HELP: &str = "\
Input (three lines, Czech notation):
  Kd5 Vf3 c6 Kf7 Vf6   white king, white rook, white pawn, black king, black rook
  B                    side to move: B (White) or C (Black)
  5                    N, the plies to examine
White may also have D (queen) or J (knight) after a promotion.

Output (one line): 1-0/0-1 (forced mate) with the winning first moves, or with the pairs
(first move, reply) when the side not to move wins; 1/2-1/2 (Black forces a draw); H 1-0/H 0-1
(win with respect to the horizon); 0-0 (undecided). Example:
  $ printf 'Kd5 Vf3 c6 Kf7 Vf6\\nB\\n5\\n' | endgame-solver
  1-0 c7D+

Perft (7-rank FEN: ranks 7 to 1, digits 1-7, side to move; other fields optional):
  endgame-solver perft '5k1/2P2r1/3K3/7/5R1/7/7 w' 3
  endgame-solver perft '5k1/2P2r1/3K3/7/5R1/7/7 w' 3 --divide";

#[derive(Subcommand)]
enum TablesCommand {
    /// Build the distance-to-mate tables of every ending of the task's material and write them
    /// to DIR/endgame-solver.tables (about 480 MB; a minute or two).
    Build {
        /// The directory to write the file into.
        #[arg(long, value_name = "DIR", default_value = ".")]
        out: PathBuf,
    },
    /// Check the table file: every block's checksum, then every entry against the Bellman
    /// equation of the distance to mate, computed with the move generator.
    Verify,
}

#[derive(Subcommand)]
enum Command {
    /// Build or check the endgame tables.
    Tables {
        #[command(subcommand)]
        action: TablesCommand,
    },
    /// Count the leaf nodes of the legal-move tree of a 7x7 position to DEPTH plies.
    Perft {
        /// The position as a 7-rank FEN, e.g. '5k1/2P2r1/3K3/7/5R1/7/7 w' (quote it).
        fen: Position,
        /// How many plies deep to count (at most 12).
        #[arg(value_parser = endgame_solver::perft::parse_depth)]
        depth: u32,
        /// Print the count below each legal move (`c6c7q: 97`), then `Nodes searched: N`.
        #[arg(long)]
        divide: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::run(|out, diag| match cli.command {
        Some(Command::Perft { fen, depth, divide }) => {
            endgame_solver::perft::write_perft(out, &fen, depth, divide)
        }
        Some(Command::Tables {
            action: TablesCommand::Build { out: ref dir },
        }) => build_tables(&dir.join(tables::FILE_NAME), out, diag),
        Some(Command::Tables {
            action: TablesCommand::Verify,
        }) => verify_tables(&tables::locate(cli.tables.as_deref()), out, diag),
        None => solve(&cli, out, diag),
    })
}

fn solve(cli: &Cli, out: &mut Stdout, diag: &mut Diagnostics<io::Stderr>) -> io::Result<()> {
    let problem = match cli::read_input(cli.file.as_deref()) {
        Ok(text) => text.parse::<Problem>(),
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    let problem = match problem {
        Ok(problem) => problem,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    let memory = (cli.memory as usize) << 20;
    let mut solver = if cli.plain {
        Solver::new(memory)
    } else {
        let path = tables::locate(cli.tables.as_deref());
        let opened = tables::open_or_build(
            &path,
            || {
                diag.note(&format_args!(
                    "note: building the endgame tables into {} (once; a minute or two)",
                    path.display()
                ));
            },
            progress_bar(),
        );
        match opened {
            Ok(tables) => Solver::with_tables(memory, tables),
            Err(err) => {
                diag.error(&err);
                return Ok(());
            }
        }
    };
    let show_progress = cli::progress_wanted();
    if show_progress {
        solver.on_progress(|nodes| {
            eprint!("\rsearching: {} M nodes", nodes >> 20);
        });
    }
    let answer = if cli.plain {
        reference::answer(&problem.position, problem.plies)
    } else {
        analyse(&mut solver, &problem.position, problem.plies)
    };
    let line = cli.explain.then(|| {
        analysis::goal_of(&answer).map_or_else(Vec::new, |goal| {
            analysis::principal_line(&mut solver, goal, &problem.position, problem.plies)
                .into_iter()
                .map(|(_, name)| name)
                .collect()
        })
    });
    if show_progress && solver.nodes() >= 1 << 22 {
        eprint!("\r{:40}\r", "");
    }
    if let Some(err) = solver.table_error() {
        diag.error(&err);
        return Ok(());
    }
    if cli.json {
        let report = json::JsonAnswer::new(&answer, problem.plies, line);
        serde_json::to_writer(&mut *out, &report).map_err(io::Error::other)?;
        writeln!(out)
    } else {
        writeln!(out, "{answer}")?;
        match line {
            Some(line) if line.is_empty() => writeln!(out, "line: (none)"),
            Some(line) => writeln!(out, "line: {}", line.join(" ")),
            None => Ok(()),
        }
    }
}

/// A progress callback `(done, total)` drawing a bar on stderr when it is a terminal.
fn progress_bar() -> impl FnMut(u64, u64) {
    let mut bar: Option<ProgressBar> = None;
    let wanted = cli::progress_wanted();
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

fn build_tables(
    path: &std::path::Path,
    out: &mut Stdout,
    diag: &mut Diagnostics<io::Stderr>,
) -> io::Result<()> {
    let start = std::time::Instant::now();
    match tables::build(path, progress_bar()) {
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

fn verify_tables(
    path: &std::path::Path,
    out: &mut Stdout,
    diag: &mut Diagnostics<io::Stderr>,
) -> io::Result<()> {
    let mut tables = match Tables::open(path) {
        Ok(tables) => tables,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    let mut bar = progress_bar();
    if let Err(err) = tables.load_all(|done, total| bar(done as u64, total as u64)) {
        diag.error(&err);
        return Ok(());
    }
    writeln!(out, "{}: every block's checksum matches", path.display())?;
    let all: Vec<Option<Vec<u8>>> = Material::ALL
        .iter()
        .map(|&m| tables.table_bytes(m))
        .collect();
    drop(tables);
    let mut failed = 0;
    for material in Material::ALL.into_iter().filter(|m| !m.is_dead()) {
        let r = verify::check_material(&all, material, &|_| {});
        writeln!(
            out,
            "{material}: {} positions, {} with a forced mate (longest {} plies), {} checkmates, {} stalemates: {}",
            r.positions,
            r.mates,
            r.longest,
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
    if failed > 0 {
        diag.error(&VerifyFailed(failed));
    }
    Ok(())
}

/// `tables verify` found entries that break the Bellman equation.
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

impl cli::Report for VerifyFailed {
    fn status(&self) -> cli::Status {
        cli::Status::Failure
    }
}
