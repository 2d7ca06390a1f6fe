//! `atomic`: one move of atomic chess. A thin clap layer over the `atomic` library.

use std::{fs::File, io, path::PathBuf, process::ExitCode};

use atomic::{BatchError, Options, run_batch, run_case, solve::Checking};
use clap::Parser;
use toolkit_cli::{self as cli, ReadError};

const AFTER_HELP: &str = "\
Input: one case per line, a FEN placement field and a move (two squares, from then to, and an
optional promotion letter q/r/b/n; a pawn reaching the last rank without one becomes a queen),
separated by whitespace and/or a comma. A full 6-field FEN may replace the placement; then its
side to move, castling rights and en-passant square are used and a full FEN is printed.
Blank lines are skipped; one output line per case, in order.

Without a full FEN the side to move is the colour of the moving piece, the en-passant square is
inferred for an en-passant capture, and there are no castling rights.

Example:
  $ atomic 'rnbqk1nr/1pp5/p2pp1pp/5p2/1bN5/2P1PQ1N/PP1P1PPP/R1B1KB1R' f3b7
  3qk1nr/2p5/p2pp1pp/5p2/1bN5/2P1P2N/PP1P1PPP/R1B1KB1R

Exit status: 0 success, 2 invalid input (a bad line: the others are still answered), 1 other
failure.";

/// One move of atomic chess: prints the position after the move and its explosion.
#[derive(Parser, Debug)]
#[command(version, about, after_help = AFTER_HELP)]
struct Cli {
    /// FILE with one case per line (`-` or nothing for stdin), or a single case as PLACEMENT MOVE
    /// (also quoted as one argument)
    #[arg(value_name = "FILE | PLACEMENT MOVE")]
    inputs: Vec<String>,

    /// Skip the legality check: only apply the explosion rules.
    #[arg(long)]
    no_check: bool,

    /// After each position, list what was captured, what exploded and why.
    #[arg(long, conflicts_with = "json")]
    explain: bool,

    /// After each position, draw the resulting board.
    #[arg(long, conflicts_with = "json")]
    board: bool,

    /// Print one JSON object per case: fen, move, checked, captured, exploded, survivors, game_over.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let args = Cli::parse();
    let options = Options {
        checking: if args.no_check {
            Checking::NoCheck
        } else {
            Checking::Check
        },
        explain: args.explain,
        board: args.board,
        json: args.json,
    };
    cli::run(|out, diag| {
        if args.inputs.len() >= 2 || args.inputs.first().is_some_and(|arg| is_quoted_case(arg)) {
            return run_case(&args.inputs.join(" "), &options, out, diag);
        }
        let path = args
            .inputs
            .first()
            .map(PathBuf::from)
            .filter(|p| p.as_os_str() != "-");
        let result = match &path {
            Some(p) => match File::open(p) {
                Ok(file) => run_batch(io::BufReader::new(file), &options, out, diag),
                Err(err) => Err(BatchError::Read(err)),
            },
            None => run_batch(io::stdin().lock(), &options, out, diag),
        };
        match result {
            Ok(()) => Ok(()),
            Err(BatchError::Write(err)) => Err(err),
            Err(BatchError::Read(source)) => {
                diag.error(&ReadError { path, source });
                Ok(())
            }
        }
    })
}

/// Whether a single argument is a whole case in quotes (`'PLACEMENT, MOVE'`) rather than a file:
/// no such file, the seven `/` of a placement and a separator.
fn is_quoted_case(arg: &str) -> bool {
    arg.matches('/').count() >= 7
        && arg.contains(|c: char| c == ',' || c.is_whitespace())
        && !std::path::Path::new(arg).exists()
}
