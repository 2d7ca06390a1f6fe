//! `atomic`: one move of atomic chess. A thin clap layer over the `atomic` library.

use std::process::ExitCode;

use atomic::{Format, Options, Source, solve::Checking};
use clap::Parser;

const AFTER_HELP: &str = "\
Input: one case per line, a FEN placement field and a move (two squares, from then to, and an
optional promotion letter q/r/b/n; a pawn reaching the last rank without one becomes a queen),
separated by whitespace and/or a comma. A full 6-field FEN may replace the placement; then its
side to move, castling rights and en-passant square are used and a full FEN is printed.
Blank lines are skipped; one output line per case, in order. A single argument that names no
file but holds a space or a comma is a whole case in quotes.

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
    let args: Cli = toolkit_cli::args::parse();
    let options = Options {
        checking: if args.no_check {
            Checking::NoCheck
        } else {
            Checking::Check
        },
        format: if args.json {
            Format::Json
        } else {
            Format::Text {
                explain: args.explain,
                board: args.board,
            }
        },
    };
    toolkit_cli::run(|out, diag| match Source::from_args(&args.inputs) {
        Ok(source) => atomic::run(source, &options, out, diag),
        Err(err) => {
            diag.error(&err);
            Ok(())
        }
    })
}
