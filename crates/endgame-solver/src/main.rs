//! `endgame-solver`: analyse a 7x7 rook-and-pawn endgame to a horizon, or count perft nodes.

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};
use endgame_solver::{
    cli::{self, Format, Method, Options},
    perft, tables,
};
use small_board::Position;
use toolkit_cli::Input;

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
    /// Memory for the search, in MiB: up to a quarter for the transposition table, 128 MiB for
    /// the per-ply horizon table from 512 MiB on, most of the rest for the endgame table blocks
    /// held in memory (blocks past that are dropped and read again when needed).
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
    /// to DIR/endgame-solver.tables (about 5.4 GB; about 2 minutes on 2 cores).
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
        #[arg(value_parser = perft::parse_depth)]
        depth: u32,
        /// Print the count below each legal move (`c6c7q: 97`), then `Nodes searched: N`.
        #[arg(long)]
        divide: bool,
    },
}

fn main() -> ExitCode {
    let args: Cli = toolkit_cli::args::parse();
    let progress = toolkit_cli::progress_wanted();
    toolkit_cli::run(|out, diag| match args.command {
        Some(Command::Perft { fen, depth, divide }) => perft::write_perft(out, &fen, depth, divide),
        Some(Command::Tables {
            action: TablesCommand::Build { out: ref dir },
        }) => cli::build_tables(&dir.join(tables::FILE_NAME), progress, out, diag),
        Some(Command::Tables {
            action: TablesCommand::Verify,
        }) => cli::verify_tables(&tables::locate(args.tables.as_deref()), progress, out, diag),
        None => match Input::open(args.file.as_deref()) {
            Ok(input) => {
                let options = Options {
                    method: if args.plain {
                        Method::Plain
                    } else {
                        Method::Tables(tables::locate(args.tables.as_deref()))
                    },
                    format: if args.json {
                        Format::Json
                    } else {
                        Format::Text
                    },
                    explain: args.explain,
                    memory: (args.memory as usize) << 20,
                    progress,
                };
                cli::run(input, &options, out, diag)
            }
            Err(err) => {
                diag.error(&err);
                Ok(())
            }
        },
    })
}
