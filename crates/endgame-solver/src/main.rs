//! `endgame-solver`: analyse a 7x7 rook-and-pawn endgame to a horizon, or count perft nodes.

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Parser, Subcommand};
use endgame_solver::{Problem, Solver, analyse, analysis, json, reference};
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
    /// Memory for the transposition table, in MiB.
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
    cli::run(|out, diag| match cli.command {
        Some(Command::Perft { fen, depth, divide }) => {
            endgame_solver::perft::write_perft(out, &fen, depth, divide)
        }
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
    let mut solver = Solver::new((cli.memory as usize) << 20);
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
