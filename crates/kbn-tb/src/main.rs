//! `kbn-tb`: the KBN-vs-K depth-to-mate tablebase on the command line. The commands, their
//! options and what they do live in the library ([`kbn_tb::cli`]); this is the clap entry.

use std::process::ExitCode;

use clap::Parser;
use kbn_tb::cli::{AFTER_HELP, Command, Options};

/// The king, bishop and knight versus king tablebase: depth to mate for every position, both
/// sides to move, both bishop colours.
#[derive(Parser)]
#[command(version, after_help = AFTER_HELP)]
struct Cli {
    #[command(flatten)]
    options: Options,
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    let Cli { options, command } = toolkit_cli::args::parse();
    toolkit_cli::run(|out, diag| kbn_tb::cli::run(command, &options, out, diag))
}
