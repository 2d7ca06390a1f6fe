//! `cargo xtask demo`: release build, then every tool on its seed examples — the fixtures named
//! `fixtures/<tool>/seed*.in` — printing the command, the input and the output.

use std::path::{Path, PathBuf};

use crate::cmd::{self, Result};

pub fn run() -> Result {
    let tools = cmd::present_tools();
    if tools.is_empty() {
        println!("no tools in this checkout yet");
        return Ok(());
    }
    let mut build = vec!["build", "--release", "--quiet"];
    for tool in &tools {
        build.extend(["-p", tool]);
    }
    cmd::run("cargo", &build, &[])?;
    for tool in tools {
        let binary = cmd::release_binary(tool);
        for case in seed_cases(tool) {
            show(tool, &binary, &case)?;
        }
    }
    Ok(())
}

fn seed_cases(tool: &str) -> Vec<PathBuf> {
    let dir = Path::new("fixtures").join(tool);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                    name.is_some_and(|n| n.starts_with("seed") && n.ends_with(".in"))
                })
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    cases
}

fn show(tool: &str, binary: &Path, case: &Path) -> Result {
    let input = case.display().to_string();
    let args: Vec<String> = match std::fs::read_to_string(case.with_extension("args")) {
        Ok(text) => {
            let mut args: Vec<String> = text
                .lines()
                .filter(|l| !l.is_empty())
                .map(|l| l.replace("{in}", &input))
                .collect();
            if !text.contains("{in}") {
                args.push(input.clone());
            }
            args
        }
        Err(_) => vec![input.clone()],
    };
    let text = std::fs::read_to_string(case).map_err(|e| format!("cannot read {input}: {e}"))?;
    println!("==> {tool} {}", args.join(" "));
    if !text.is_empty() {
        println!("--- input ---\n{}", text.trim_end());
    }
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cmd::output(&binary.display().to_string(), &arg_refs)?;
    println!(
        "--- output ---\n{}\n",
        String::from_utf8_lossy(&out.stdout).trim_end()
    );
    Ok(())
}
