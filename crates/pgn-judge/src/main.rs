//! `pgn-judge`: the command line over the `pgn_judge` library.

use std::{num::NonZeroUsize, path::PathBuf, process::ExitCode};

use clap::Parser;
use pgn_judge::{Format, Options, Output};
use toolkit_cli::{self as cli, Input};

const AFTER_HELP: &str = "\
Input (judge format): a series of games, each a positive move count and that many moves, ending
with a line holding 0. Moves in simplified algebraic notation: e4, exd5 or ed5, Bc4, Qxf7 or Qf7,
Nbd2, R1e2, e8=Q or e8Q, 0-0 / O-O, 0-0-0 / O-O-O; suffixes + # ! ? are ignored.

Output: one line per game: White Win, Black Win, Stalemate, Draw, Dead Moves (a move after mate or
stalemate), Puzzle Move (a move two legal moves fit), Illegal Move. The first event decides.

With --pgn, FILE (or stdin) may be plain PGN or compressed: .zst (lichess's monthly files), .gz,
.bz2, recognised by their first bytes, or a .zip file (every .pgn member, in order).

Example:
  $ printf '7\\ne4\\ne5\\nBc4\\nh6\\nQh5\\na5\\nQf7\\n0\\n' | pgn-judge
  White Win
  $ pgn-judge --pgn --first-error games.pgn
  1. Anderssen - Kieseritzky: White Win; Result 1-0 agrees
  2. A - B: Illegal Move at ply 3: Ke3; Result * agrees
  $ pgn-judge --pgn --summary lichess_db_standard_rated_2024-01.pgn.zst > verdicts.txt

Exit status: 0 when every game was read, 2 for invalid input (a bad move count, a game cut short,
broken PGN, a truncated archive; every game before it is still judged), 1 when a file cannot be
read.";

/// Judge chess games from their move lists: White Win, Black Win, Stalemate, Draw, Dead Moves,
/// Puzzle Move or Illegal Move, for each game of the judge format or of a PGN file.
#[derive(Parser, Debug)]
#[command(version, after_help = AFTER_HELP)]
struct Args {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Read standard PGN (tags, comments, variations, NAGs), plain or compressed, and judge each
    /// game's main line; prints the game number, White - Black, the verdict and whether the
    /// Result tag agrees.
    #[arg(long)]
    pgn: bool,
    /// Also name the move that decided a faulty verdict: its ply (from 1) and its text.
    #[arg(long)]
    first_error: bool,
    /// Print one JSON object per game and line.
    #[arg(long)]
    json: bool,
    /// At the end, count the games per verdict and per Result agreement (on stderr; with
    /// --json, as a last JSON line).
    #[arg(long)]
    summary: bool,
    /// Threads judging PGN at once [default: the available cores; at most 4 a core, and 256].
    #[arg(short, long, value_name = "N", value_parser = threads)]
    jobs: Option<NonZeroUsize>,
}

/// A number of threads, in our words (clap's own says "number would be zero for non-zero type").
fn threads(text: &str) -> Result<NonZeroUsize, &'static str> {
    text.parse()
        .map_err(|_| "expected a number of threads, 1 or more")
}

fn main() -> ExitCode {
    let args: Args = cli::args::parse();
    let options = Options {
        format: if args.pgn { Format::Pgn } else { Format::Judge },
        output: if args.json {
            Output::Json
        } else {
            Output::Text
        },
        first_error: args.first_error,
        jobs: {
            let cores = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
            pgn_judge::capped_jobs(args.jobs.unwrap_or(cores), cores)
        },
        summary: args.summary,
        progress: cli::progress_wanted(),
        ..Options::default()
    };
    cli::run(|out, diag| match Input::open(args.file.as_deref()) {
        Ok(input) => pgn_judge::run(input, &options, out, diag),
        Err(err) => {
            diag.error(&err);
            Ok(())
        }
    })
}
