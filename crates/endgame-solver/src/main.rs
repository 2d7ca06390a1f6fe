//! `endgame-solver`: analyse a 7x7 rook-and-pawn endgame to a horizon, or count perft nodes.

use std::{fmt, path::PathBuf, process::ExitCode};

use chess_core::cli::{Report, Status};
use clap::{Parser, Subcommand};
use small_board::Position;

/// Decide a 7x7 rook-and-pawn endgame within N plies, or count perft nodes of a 7x7 position.
#[derive(Parser)]
#[command(version, args_conflicts_with_subcommands = true, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The input (three lines: pieces, side to move, plies); standard input when absent or `-`.
    file: Option<PathBuf>,
}

const AFTER_HELP: &str = "\
Perft (7-rank FEN: ranks 7 to 1, digits 1-7, side to move; other fields optional):
  endgame-solver perft '5k1/2P2r1/3K3/7/5R1/7/7 w' 3
  endgame-solver perft '5k1/2P2r1/3K3/7/5R1/7/7 w' 3 --divide";

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal-move tree of a 7x7 position to DEPTH plies.
    Perft {
        /// The position as a 7-rank FEN, e.g. '5k1/2P2r1/3K3/7/5R1/7/7 w' (quote it).
        fen: Position,
        /// How many plies deep to count.
        depth: u32,
        /// Print the count below each legal move (`c6c7q: 97`), then `Nodes searched: N`.
        #[arg(long)]
        divide: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    chess_core::cli::run(|out, diag| {
        match cli.command {
            Some(Command::Perft { fen, depth, divide }) => {
                endgame_solver::perft::write_perft(out, &fen, depth, divide)?;
            }
            // The analysis of the three-line input (FILE or stdin) lands here.
            None => diag.error(&NotYet(cli.file)),
        }
        Ok(())
    })
}

/// Placeholder until the analysis mode is merged in.
struct NotYet(Option<PathBuf>);

impl fmt::Display for NotYet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = &self.0;
        write!(
            f,
            "the endgame analysis is not implemented yet; use `endgame-solver perft`"
        )
    }
}

impl Report for NotYet {
    fn status(&self) -> Status {
        Status::Failure
    }
}
