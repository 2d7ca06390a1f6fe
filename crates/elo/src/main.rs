//! `elo`: the board diagram and each player's Elo rating after a win, a draw or a loss.

use std::{path::PathBuf, process::ExitCode};

use chess_core::render::Glyphs;
use clap::Parser;
use elo::{Format, Options, Outcome};
use toolkit_cli::Input;

/// Draw a FEN placement and predict both players' Elo ratings after a win, a draw and a loss.
///
/// The K factor follows the seed, not FIDE's full rules (which also weigh age and whether 2400
/// was ever reached): K = 10 from 2400 on; below it, 40 for fewer than 30 games, else 20.
#[derive(Debug, Parser)]
#[command(version, after_help = AFTER_HELP)]
struct Args {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Draw the board with chess symbols (♔ … ♟) and `·` for empty squares.
    #[arg(long)]
    unicode: bool,
    /// Print one JSON object per record, one per line, with the unrounded values too.
    #[arg(long)]
    json: bool,
    /// Print only the ratings after this result: 1-0, 1/2-1/2 or 0-1.
    #[arg(long, value_name = "RESULT")]
    result: Option<Outcome>,
}

const AFTER_HELP: &str = "\
Input: records of 5 lines (blank lines between records are ignored):
  1. a FEN placement (a full FEN is accepted; only its placement is used)
  2. White's name        3. White's rating (1000-5000) and games played (0-10000)
  4. Black's name        5. Black's rating and games played

Example: game.txt holds
  3r4/Q1n5/PPp3PP/4p3/4K3/2k1N3/p1p2R2/q7
  Garry Kasparov
  2800 1855
  Bot DeepBlue
  2600 2037
and `elo game.txt` prints
  # a b c d e f g h #
  8 0 0 0 r 0 0 0 0 8
  7 Q 0 n 0 0 0 0 0 7
  6 P P p 0 0 0 P P 6
  5 0 0 0 0 p 0 0 0 5
  4 0 0 0 0 K 0 0 0 4
  3 0 0 k 0 N 0 0 0 3
  2 p 0 p 0 0 R 0 0 2
  1 q 0 0 0 0 0 0 0 1
  # a b c d e f g h #
  W: Garry Kasparov(2800) 2802 2797 2792
  B: Bot DeepBlue(2600) 2598 2603 2608

Each player's line gives the rating after 1-0, 1/2-1/2 and 0-1, in that order, rounded to the
nearest integer (halves away from zero). Answers to several records are separated by a blank
line; a bad record is reported on stderr, the others are still answered, and the exit code is 2.";

fn main() -> ExitCode {
    let args: Args = toolkit_cli::args::parse();
    let options = Options {
        format: if args.json {
            Format::Json
        } else {
            Format::Text
        },
        glyphs: if args.unicode {
            Glyphs::Unicode
        } else {
            Glyphs::Ascii
        },
        result: args.result,
    };
    toolkit_cli::run(|out, diag| match Input::open(args.file.as_deref()) {
        Ok(input) => elo::run(input, &options, out, diag),
        Err(err) => {
            diag.error(&err);
            Ok(())
        }
    })
}
