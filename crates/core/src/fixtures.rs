//! The fixture runner behind every tool's `tests/fixtures.rs`.
//!
//! For every `fixtures/<tool>/<case>.in` it runs the tool's built binary and checks:
//!
//! | file next to the input | meaning |
//! |---|---|
//! | `<case>.args` | the command-line arguments, one per line; `{in}` stands for the input's path, which is appended last when no line names it; a line `{no-in}` passes no path (for commands that take no input file). Without the file the only argument is the input's path. |
//! | `<case>.out` | the exact expected stdout, from the spec or an independent oracle (see `SOURCE.md`) |
//! | `<case>.expect` | `exit=N` (default `exit=0`) and any number of `stderr=TEXT` lines, each of which must be a line of stderr |
//! | neither `.out` | stdout (and stderr, when not empty) go through an `insta` snapshot in `fixtures/<tool>/snapshots/`, reviewed with `cargo xtask review` |
//!
//! The binary runs in a fresh temporary directory, so a tool that writes files next to it does not
//! touch the repository. Every failing case is reported, not only the first.

use std::{
    fmt::Write as _,
    panic::{AssertUnwindSafe, catch_unwind},
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

/// How long one case may run before it counts as hung.
const CASE_TIME_LIMIT: Duration = Duration::from_secs(300);

/// Runs every fixture of `tool` against `binary` (use `env!("CARGO_BIN_EXE_<tool>")`), finding the
/// workspace from `manifest_dir` (use `env!("CARGO_MANIFEST_DIR")`).
///
/// # Panics
///
/// When a case fails, listing every failure; when the tool has no fixtures at all.
pub fn run_all(tool: &str, binary: &str, manifest_dir: &str) {
    let root = Path::new(manifest_dir)
        .ancestors()
        .find(|dir| dir.join("fixtures").is_dir() && dir.join("Cargo.toml").is_file())
        .unwrap_or_else(|| panic!("no fixtures/ directory above {manifest_dir}"));
    let dir = root.join("fixtures").join(tool);
    let cases = inputs(&dir);
    assert!(!cases.is_empty(), "no fixtures in {}", dir.display());

    let work = std::env::temp_dir().join(format!("chess-fixtures-{tool}-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("cannot create a temporary directory");

    let mut failures = Vec::new();
    let mut snapshots = Vec::new();
    for input in &cases {
        let name = stem(input);
        if let Err(why) = check_case(root, &dir, input, binary, &work, &mut snapshots) {
            failures.push(format!("--- {tool}/{name}: {why}"));
        }
    }
    failures.extend(stray_snapshots(&dir, &snapshots));
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        failures.is_empty(),
        "{} of {} {tool} fixtures failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    cases
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The arguments for a case: from `<case>.args`, or just the input path.
fn arguments(input: &Path) -> Result<Vec<String>, String> {
    let path = input.with_extension("args");
    let in_path = input.display().to_string();
    if !path.exists() {
        return Ok(vec![in_path]);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path:?}: {e}"))?;
    let no_input = text.lines().any(|l| l == "{no-in}");
    let mut args: Vec<String> = text
        .lines()
        .filter(|l| !l.is_empty() && *l != "{no-in}")
        .map(|l| l.replace("{in}", &in_path))
        .collect();
    if !text.contains("{in}") && !no_input {
        args.push(in_path);
    }
    Ok(args)
}

struct Expectation {
    exit: i32,
    stderr_lines: Vec<String>,
}

fn expectation(input: &Path) -> Result<Expectation, String> {
    let mut expect = Expectation {
        exit: 0,
        stderr_lines: Vec::new(),
    };
    let path = input.with_extension("expect");
    if !path.exists() {
        return Ok(expect);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path:?}: {e}"))?;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(code) = line.strip_prefix("exit=") {
            expect.exit = code
                .trim()
                .parse()
                .map_err(|_| format!("{path:?}: bad exit code {code:?}"))?;
        } else if let Some(err) = line.strip_prefix("stderr=") {
            expect.stderr_lines.push(err.to_owned());
        } else {
            return Err(format!("{path:?}: unknown line {line:?}"));
        }
    }
    Ok(expect)
}

struct Outcome {
    exit: Option<i32>,
    stdout: String,
    stderr: String,
}

fn execute(binary: &str, args: &[String], work: &Path) -> Result<Outcome, String> {
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(work)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {binary}: {e}"))?;
    // Read both pipes on threads so a chatty child cannot block on a full pipe.
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stderr, &mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > CASE_TIME_LIMIT {
            let _ = child.kill();
            return Err(format!("still running after {CASE_TIME_LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    Ok(Outcome {
        exit: status.code(),
        stdout,
        stderr,
    })
}

fn check_case(
    root: &Path,
    dir: &Path,
    input: &Path,
    binary: &str,
    work: &Path,
    snapshots: &mut Vec<String>,
) -> Result<(), String> {
    let args = arguments(input)?;
    let expect = expectation(input)?;
    let got = execute(binary, &args, work)?;
    let mut problems = String::new();
    if got.exit != Some(expect.exit) {
        let _ = writeln!(
            problems,
            "exit code {:?}, expected {}; stderr:\n{}",
            got.exit, expect.exit, got.stderr
        );
    }
    for line in &expect.stderr_lines {
        if !got.stderr.lines().any(|l| l == line) {
            let _ = writeln!(
                problems,
                "stderr lacks the line {line:?}; it was:\n{}",
                got.stderr
            );
        }
    }
    let out_path = input.with_extension("out");
    if out_path.exists() {
        let want = std::fs::read_to_string(&out_path)
            .map_err(|e| format!("cannot read {out_path:?}: {e}"))?;
        if want != got.stdout {
            let _ = writeln!(problems, "{}", first_difference(&want, &got.stdout));
        }
    } else {
        let name = stem(input);
        snapshots.push(name.clone());
        if let Err(why) = snapshot(root, dir, input, &name, &args, &got) {
            let _ = writeln!(problems, "{why}");
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.split('\n').collect(), got.split('\n').collect());
    for i in 0..w.len().max(g.len()) {
        if w.get(i) != g.get(i) {
            return format!(
                "stdout differs from .out at line {}:\n  expected: {:?}\n  actual:   {:?}",
                i + 1,
                w.get(i),
                g.get(i)
            );
        }
    }
    "stdout differs from .out".to_owned()
}

fn snapshot(
    root: &Path,
    dir: &Path,
    input: &Path,
    name: &str,
    args: &[String],
    got: &Outcome,
) -> Result<(), String> {
    let root_text = root.display().to_string();
    let mut content = got.stdout.clone();
    if !got.stderr.is_empty() || got.exit != Some(0) {
        let _ = write!(
            content,
            "--- stderr (exit {:?}) ---\n{}",
            got.exit, got.stderr
        );
    }
    let content = content.replace(&root_text, "[ROOT]");
    let command = args.join(" ").replace(&root_text, "[ROOT]");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir.join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_input_file(input);
    settings.set_description(command);
    settings.set_omit_expression(true);
    catch_unwind(AssertUnwindSafe(|| {
        settings.bind(|| insta::assert_snapshot!(name.to_owned(), content));
    }))
    .map_err(|_| "snapshot differs or is new (run `cargo xtask review`)".to_owned())
}

fn stray_snapshots(dir: &Path, expected: &[String]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join("snapshots")) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter_map(|p| {
            let file = p.file_name()?.to_string_lossy().into_owned();
            let case = file.strip_suffix(".snap")?;
            (!expected.iter().any(|e| e == case))
                .then(|| format!("--- stray snapshot {} has no case", p.display()))
        })
        .collect()
}
