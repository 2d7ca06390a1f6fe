//! The fixture runner behind every tool's `tests/fixtures.rs`.
//!
//! For every `fixtures/<tool>/<case>.in` it runs the tool's built binary and checks:
//!
//! | file next to the input | meaning |
//! |---|---|
//! | `<case>.args` | the command-line arguments, one per line; `{in}` stands for the input's path, which is appended last when no line names it; a line `{no-in}` passes no path (for commands that take no input file); a line `{stdin}` passes no path and feeds the input to stdin instead. Without the file the only argument is the input's path. |
//! | `<case>.out` | the exact expected stdout, from the spec or an independent oracle (see `SOURCE.md`) |
//! | `<case>.expect` | `exit=N` (default `exit=0`) and any number of `stderr=TEXT` lines, each of which must be a line of stderr |
//! | neither `.out` | stdout (and stderr, when not empty) go through an `insta` snapshot in `fixtures/<tool>/snapshots/`, reviewed with `cargo xtask review` |
//!
//! The binary runs in a fresh temporary directory, so a tool that writes files next to it does not
//! touch the repository. Every failing case is reported, not only the first.
//!
//! [`execute`] runs a binary once with given arguments and stdin, for the tests the fixture
//! files cannot express (`--help`, `--version`).

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

/// How a case runs: its arguments, and whether the input goes to stdin.
struct Invocation {
    args: Vec<String>,
    stdin: bool,
}

/// The invocation for a case: from `<case>.args`, or just the input path.
fn invocation(input: &Path) -> Result<Invocation, String> {
    let path = input.with_extension("args");
    let in_path = input.display().to_string();
    if !path.exists() {
        return Ok(Invocation {
            args: vec![in_path],
            stdin: false,
        });
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path:?}: {e}"))?;
    let directive = |d: &str| text.lines().any(|l| l == d);
    let (no_input, stdin) = (directive("{no-in}"), directive("{stdin}"));
    let mut args: Vec<String> = text
        .lines()
        .filter(|l| !l.is_empty() && *l != "{no-in}" && *l != "{stdin}")
        .map(|l| l.replace("{in}", &in_path))
        .collect();
    if !text.contains("{in}") && !no_input && !stdin {
        args.push(in_path);
    }
    Ok(Invocation { args, stdin })
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

/// What a run of a binary printed, and how it exited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The exit code; `None` when a signal ended the process.
    pub exit: Option<i32>,
    /// Standard output (invalid UTF-8 replaced).
    pub stdout: String,
    /// Standard error (invalid UTF-8 replaced).
    pub stderr: String,
}

/// Runs `binary` with `args`, feeding `stdin`, in the system's temporary directory.
///
/// # Panics
///
/// When the binary cannot be started or runs past the time limit of a case.
pub fn execute(binary: &str, args: &[&str], stdin: &[u8]) -> Outcome {
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    run_binary(binary, &args, Some(stdin), &std::env::temp_dir())
        .unwrap_or_else(|why| panic!("{binary} {args:?}: {why}"))
}

fn run_binary(
    binary: &str,
    args: &[String],
    stdin: Option<&[u8]>,
    work: &Path,
) -> Result<Outcome, String> {
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(work)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {binary}: {e}"))?;
    // Feed stdin and read both pipes on threads, so that no pipe can fill up and block.
    let feeder = stdin.map(|bytes| {
        let bytes = bytes.to_vec();
        let mut pipe = child.stdin.take().expect("stdin is piped");
        // A tool may stop reading early (an error); a broken pipe here is not a failure.
        std::thread::spawn(move || drop(std::io::Write::write_all(&mut pipe, &bytes)))
    });
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let err = drain(Box::new(child.stderr.take().expect("stderr is piped")));
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
    if let Some(feeder) = feeder {
        let _ = feeder.join();
    }
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    Ok(Outcome {
        exit: status.code(),
        stdout: text(out.join().unwrap_or_default()),
        stderr: text(err.join().unwrap_or_default()),
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
    let Invocation { args, stdin } = invocation(input)?;
    let expect = expectation(input)?;
    let bytes = if stdin {
        Some(std::fs::read(input).map_err(|e| format!("cannot read {input:?}: {e}"))?)
    } else {
        None
    };
    let got = run_binary(binary, &args, bytes.as_deref(), work)?;
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
        let mut command = args.join(" ");
        if stdin {
            command.push_str(" < (the input)");
        }
        if let Err(why) = snapshot(root, dir, input, &name, &command, &got) {
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
    command: &str,
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
    let command = command.replace(&root_text, "[ROOT]");
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
