//! `kbn-tb`: the KBN-vs-K depth-to-mate tablebase on the command line.

use std::{io::Write, process::ExitCode};

use chess_core::cli;
use clap::{Parser, Subcommand};
use kbn_tb::Table;

/// The king, bishop and knight versus king tablebase: depth to mate for every position.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The value of a position and of every legal move, best first.
    Probe {
        /// The position, as a FEN with the side to move (`8/8/8/8/8/8/2K5/k1N1B3 w - - 0 1`).
        fen: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Statistics.
    Stats,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::run(|out, diag| {
        match cli.command {
            Command::Probe { fen, json } => {
                let table = Table::generate();
                match table.probe_fen(&fen) {
                    Ok(probe) if json => {
                        let wire = kbn_tb::json::ProbeJson::new(fen.trim().to_owned(), &probe);
                        serde_json::to_writer(&mut *out, &wire)?;
                        writeln!(out)?;
                    }
                    Ok(probe) => {
                        writeln!(out, "{}", probe.value)?;
                        for mv in &probe.moves {
                            writeln!(
                                out,
                                "{:<7} {:<5} {}",
                                mv.san.to_string(),
                                mv.uci.to_string(),
                                mv.value
                            )?;
                        }
                    }
                    Err(err) => diag.error(&err),
                }
            }
            Command::Stats => {
                let table = Table::generate();
                writeln!(out, "{:#?}", kbn_tb::Stats::of(&table))?;
            }
        }
        Ok(())
    })
}
