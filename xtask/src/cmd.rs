//! Running commands as argument vectors, echoed first; a failure names the command.

use std::{
    process::{Command, Output},
    time::Duration,
};

use nix::sys::resource::{UsageWho, getrusage};

/// The error type of every xtask step: one line for the user.
pub type Result<T = ()> = std::result::Result<T, String>;

/// The tools of the workspace, in the README's order.
pub const TOOLS: &[&str] = &["elo", "atomic", "kbn-tb", "endgame-solver", "pgn-judge"];

/// The tools whose crate exists in this checkout.
pub fn present_tools() -> Vec<&'static str> {
    TOOLS
        .iter()
        .copied()
        .filter(|tool| {
            std::path::Path::new("crates")
                .join(tool)
                .join("Cargo.toml")
                .is_file()
        })
        .collect()
}

fn describe(program: &str, args: &[&str]) -> String {
    std::iter::once(program)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs a command with inherited stdio after echoing it; fails unless it exits 0.
pub fn run(program: &str, args: &[&str], envs: &[(&str, &str)]) -> Result {
    let line = describe(program, args);
    eprintln!("$ {line}");
    let status = Command::new(program)
        .args(args)
        .envs(envs.iter().copied())
        .status()
        .map_err(|e| format!("cannot start `{line}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{line}` failed ({status})"))
    }
}

/// Runs a command and captures its output; fails unless it exits 0.
pub fn output(program: &str, args: &[&str]) -> Result<Output> {
    let line = describe(program, args);
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("cannot start `{line}`: {e}"))?;
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!(
            "`{line}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Cargo's target directory: `CARGO_TARGET_DIR` when set, else `target/` under the root.
pub fn target_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| "target".into(), Into::into)
}

/// A release binary of the workspace.
pub fn release_binary(name: &str) -> std::path::PathBuf {
    target_dir().join("release").join(name)
}

/// Whether a program can be started (it answers `--version`).
pub fn available(program: &str, probe_arg: &str) -> bool {
    Command::new(program)
        .arg(probe_arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The CPU time (user + system) of this process's children that have been waited for, to the
/// microsecond: a benchmark takes it before and after a child.
pub fn children_cpu_time() -> Result<Duration> {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map_err(|e| format!("cannot read the children's CPU time: {e}"))?;
    let micros = |t: nix::sys::time::TimeVal| {
        Duration::from_secs(t.tv_sec().max(0) as u64)
            + Duration::from_micros(t.tv_usec().max(0) as u64)
    };
    Ok(micros(usage.user_time()) + micros(usage.system_time()))
}
