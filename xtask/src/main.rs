//! `cargo xtask <command>`: the project's automation, as a Rust binary behind a cargo alias.
//!
//! | command | what it does |
//! |---|---|
//! | `test-all` | fmt check, clippy `-D warnings`, every test with snapshots locked (what CI runs) |
//! | `demo` | release build, then every tool on its seed example(s), input and output |
//! | `bench` | the performance comparisons the specs ask for, as one table |
//! | `review` | `cargo insta review` for the fixture snapshots |
//! | `tidy` | no import cycle between a crate's modules, no source file over 1,000 lines |

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

mod bench;
mod cmd;
mod demo;
mod review;
mod test_all;
mod tidy;

#[derive(Parser)]
#[command(about = "Project automation for the chess toolkit workspace")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// fmt check, clippy -D warnings, all tests with snapshots locked (CI runs this).
    TestAll,
    /// Build in release and run every tool on its seed examples, printing input and output.
    Demo,
    /// Run the benchmarks of every tool against their baselines and print one table.
    Bench {
        /// Only the benchmarks of these tools (default: all); `kbn-tb` includes
        /// `kbn-tb-serve`, the server under load, which also runs alone.
        tools: Vec<String>,
    },
    /// Review pending fixture snapshots with cargo-insta.
    Review,
    /// Check the structure: no import cycle between a crate's modules, no oversized file.
    Tidy,
}

/// The workspace root: the parent of this crate's directory.
fn project_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let root = project_root();
    if let Err(err) = std::env::set_current_dir(&root) {
        eprintln!("error: cannot enter {}: {err}", root.display());
        return ExitCode::FAILURE;
    }
    let result = match cli.command {
        Command::TestAll => test_all::run(),
        Command::Demo => demo::run(),
        Command::Bench { tools } => bench::run(&tools),
        Command::Review => review::run(),
        Command::Tidy => tidy::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
