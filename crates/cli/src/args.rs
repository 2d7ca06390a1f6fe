//! The command line, parsed by clap, with clap's errors told in one line like every other error
//! of the workspace.

use std::process;

use clap::{Parser, error::ErrorKind};

use crate::status::Status;

/// The tool's arguments; help and version are printed as clap prints them (exit 0), and any
/// other problem with the arguments ends the tool with one line on stderr and exit 2.
pub fn parse<P: Parser>() -> P {
    P::try_parse().unwrap_or_else(|err| match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => err.exit(),
        _ => {
            eprintln!("{}", one_line(&err.render().to_string()));
            process::exit(i32::from(Status::Invalid.code()));
        }
    })
}

/// Clap's message without its tips and usage (the paragraphs after the first), its lines
/// joined: `error: the following required arguments were not provided: <DEPTH>`.
fn one_line(rendered: &str) -> String {
    rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Parser)]
    struct Cli {
        #[arg(long)]
        flag: bool,
        depth: u32,
    }

    fn message(args: &[&str]) -> String {
        let err = Cli::try_parse_from(args).expect_err("bad arguments");
        one_line(&err.render().to_string())
    }

    #[test]
    fn clap_errors_become_one_line() {
        assert_eq!(
            message(&["tool"]),
            "error: the following required arguments were not provided: <DEPTH>"
        );
        assert_eq!(
            message(&["tool", "x"]),
            "error: invalid value 'x' for '<DEPTH>': invalid digit found in string"
        );
        assert_eq!(
            message(&["tool", "--bogus", "1"]),
            "error: unexpected argument '--bogus' found"
        );
        assert_eq!(
            message(&["tool", "--flag", "--flag", "1"]),
            "error: the argument '--flag' cannot be used multiple times"
        );
    }
}
