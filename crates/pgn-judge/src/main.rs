//! `pgn-judge`: the command line over the `pgn_judge` library.

use std::{
    io::{self, Read, Write},
    path::{Path, PathBuf},
    process::ExitCode,
};

use clap::Parser;
use pgn_judge::{games, json, pgn, render};
use toolkit_cli::{self as cli, Diagnostics, ReadError};

const AFTER_HELP: &str = "\
Input (judge format): a series of games, each a positive move count and that many moves, ending
with a line holding 0. Moves in simplified algebraic notation: e4, exd5 or ed5, Bc4, Qxf7 or Qf7,
Nbd2, R1e2, e8=Q or e8Q, 0-0 / O-O, 0-0-0 / O-O-O; suffixes + # ! ? are ignored.

Output: one line per game: White Win, Black Win, Stalemate, Draw, Dead Moves (a move after mate or
stalemate), Puzzle Move (a move two legal moves fit), Illegal Move. The first event decides.

Example:
  $ printf '7\\ne4\\ne5\\nBc4\\nh6\\nQh5\\na5\\nQf7\\n0\\n' | pgn-judge
  White Win
  $ pgn-judge --pgn --first-error games.pgn
  1. Anderssen - Kieseritzky: White Win; Result 1-0 agrees
  2. A - B: Illegal Move at ply 3: Ke3; Result * agrees

Exit status: 0 when every game was read, 2 for invalid input (a bad move count, a game cut short,
broken PGN; every game before it is still judged), 1 when a file cannot be read.";

/// Judge chess games from their move lists: White Win, Black Win, Stalemate, Draw, Dead Moves,
/// Puzzle Move or Illegal Move, for each game of the judge format or of a PGN file.
#[derive(Parser, Debug)]
#[command(version, after_help = AFTER_HELP)]
struct Args {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Read standard PGN (tags, comments, variations, NAGs) and judge each game's main line;
    /// prints the game number, White - Black, the verdict and whether the Result tag agrees.
    #[arg(long)]
    pgn: bool,
    /// Also name the move that decided a faulty verdict: its ply (from 1) and its text.
    #[arg(long)]
    first_error: bool,
    /// Print one JSON object per game and line.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    cli::run(|out, diag| {
        if args.pgn {
            judge_pgn(&args, out, diag)
        } else {
            judge_games(&args, out, diag)
        }
    })
}

fn judge_games(
    args: &Args,
    out: &mut impl Write,
    diag: &mut Diagnostics<io::Stderr>,
) -> io::Result<()> {
    let text = match cli::read_input(args.file.as_deref()) {
        Ok(text) => text,
        Err(err) => {
            diag.error(&err);
            return Ok(());
        }
    };
    for game in games::read(&text) {
        let game = match game {
            Ok(game) => game,
            Err(err) => {
                diag.error(&err);
                break;
            }
        };
        let (judgement, fault) = game.judge();
        if args.json {
            serde_json::to_writer(
                &mut *out,
                &json::JudgedGame::new(game.number, &judgement, fault),
            )?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "{}",
                render::verdict_line(&judgement, fault, args.first_error)
            )?;
        }
    }
    Ok(())
}

fn judge_pgn(
    args: &Args,
    out: &mut impl Write,
    diag: &mut Diagnostics<io::Stderr>,
) -> io::Result<()> {
    let path = args.file.as_deref().filter(|p| *p != Path::new("-"));
    let input: Box<dyn Read> = match path {
        None => Box::new(io::stdin().lock()),
        Some(path) => match std::fs::File::open(path) {
            Ok(file) => Box::new(file),
            Err(source) => {
                diag.error(&ReadError {
                    path: Some(path.to_path_buf()),
                    source,
                });
                return Ok(());
            }
        },
    };
    for game in pgn::read(input) {
        let game = match game {
            Ok(game) => game,
            Err(source) => {
                diag.error(&ReadError {
                    path: path.map(Path::to_path_buf),
                    source,
                });
                break;
            }
        };
        if args.json {
            serde_json::to_writer(&mut *out, &json::PgnGameJson::from(&game))?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", render::pgn_line(&game, args.first_error))?;
        }
        if let Err(error) = &game.outcome {
            diag.error(&pgn::GameError {
                number: game.number,
                error,
            });
        }
    }
    Ok(())
}
