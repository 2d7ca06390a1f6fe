//! `cargo xtask test-all`: what CI runs. fmt check, the structure check (`tidy`), clippy with
//! warnings as errors, every test (fixture runners included) with insta snapshots locked, then no
//! pending snapshot may remain.

use std::path::Path;

use crate::{
    cmd::{self, Result},
    tidy,
};

pub fn run() -> Result {
    cmd::run("cargo", &["fmt", "--all", "--check"], &[])
        .map_err(|e| format!("{e}\n  fix locally with: cargo fmt --all"))?;
    tidy::run()?;
    cmd::run(
        "cargo",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    let locked = [("INSTA_UPDATE", "no"), ("CI", "true")];
    cmd::run("cargo", &["test", "--workspace"], &locked)
        .map_err(|e| format!("{e}\n  new or changed snapshots: review with cargo xtask review"))?;
    let pending = pending_snapshots(Path::new("."));
    if pending.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "pending snapshot files (review with cargo xtask review, never commit them): {}",
            pending.join(", ")
        ))
    }
}

/// `.snap.new` and `.pending-snap` files under `fixtures/` and `crates/`.
fn pending_snapshots(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![root.join("fixtures"), root.join("crates")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            let name = path.to_string_lossy();
            if path.is_dir() {
                stack.push(path.clone());
            } else if name.ends_with(".snap.new") || name.ends_with(".pending-snap") {
                found.push(name.into_owned());
            }
        }
    }
    found.sort();
    found
}
