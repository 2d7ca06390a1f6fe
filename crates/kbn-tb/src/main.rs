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
    /// Serve the interactive board and its JSON API (GET /api/probe?fen=FEN) until interrupted.
    Serve {
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on: anything but 127.0.0.1 or ::1 opens the board to the network.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
    },
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
            Command::Serve { port, host } => {
                let table = Table::generate();
                match kbn_tb::serve::Server::bind((host, port).into(), table) {
                    Ok(server) => {
                        writeln!(out, "serving the board on http://{}/", server.local_addr())?;
                        out.flush()?;
                        if let Err(err) = server.run() {
                            diag.error(&err);
                        }
                    }
                    Err(err) => diag.error(&err),
                }
            }
        }
        Ok(())
    })
}
