//! `cargo xtask bench pgn-judge`: validated moves per second on PGN archives, for `pgn-judge
//! --pgn` (one thread, two threads, from `.zst`) and, in the same run on the same files,
//! pgn-reader 0.29's own `examples/validate.rs` and `examples/parallel_validate.rs` (built in a
//! scratch package under the target directory from the copies in Cargo's registry, never
//! committed), `pgn-extract -s -r` and python-chess.
//!
//! Archives, written once under `<target dir>/bench/pgn-judge/` and reused while they exist:
//!
//! - **generated**: 100,000 random legal games from a fixed seed (tags, move numbers, check
//!   suffixes, a clock comment on every move of a quarter of the games);
//! - **real**: pgn-reader's benchmark files `benches/lichess_db_1000k.pgn` and
//!   `benches/twic1599_1000k.pgn` (real lichess and TWIC games, 1 MB each), 50 times over;
//! - each also compressed with `pzstd` (as lichess's files are: zstd frames after skippable
//!   frames; plain `zstd` when `pzstd` is missing).
//!
//! Times are CPU seconds (user + system) of the measured process, best of [`RUNS`] taken in turns
//! with the programs it is compared with, for one thread; for two threads, and for `.zst` (whose
//! decompression runs on a thread of its own beside the judging one), the wall time counts (and
//! the CPU time is shown). Plain and `.zst` also run pinned to one core (`taskset -c 0`), where
//! the decompression cannot run beside the judge. The peak resident
//! memory is the process's `VmHWM`. The load average of the machine is printed before and after.
//! Last, the generated archive is streamed [`PIPE_TIMES`] times (a few GB) through a pipe into
//! `pgn-judge --pgn`, never stored, to show that memory stays flat.

use std::{
    fmt::Write as _,
    fs,
    io::{BufWriter, Write as _},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::atomic::{AtomicBool, Ordering},
    thread,
    time::{Duration, Instant},
};

use shakmaty::{Chess, Color, Position, san::SanPlus};

use test_support::{Rng, stress::vm_hwm_kib};

use super::{Row, build_release};
use crate::cmd::{self, Result};

const SEED: u64 = 0x5047_4e4a_5544_4745; // "PGNJUDGE"
const GAMES: usize = 100_000;
/// python-chess replays this many games of the archive (its first ones): about a minute.
const PYTHON_SAMPLE: usize = 5_000;
/// Each program runs this many times on each archive; the best time counts.
const RUNS: usize = 5;
/// How many copies of pgn-reader's two benchmark files make the real archive.
const REAL_COPIES: usize = 50;
/// How many times the generated archive streams through the pipe.
const PIPE_TIMES: usize = 24;
const PGN_EXTRACT: &str = "/usr/games/pgn-extract";

/// One measured run: CPU and wall time, peak memory.
#[derive(Clone, Copy, Debug)]
struct Measure {
    cpu: Duration,
    wall: Duration,
    rss_kib: u64,
}

/// An archive to measure on: its path, size, games and moves.
struct Archive {
    name: &'static str,
    path: PathBuf,
    zst: PathBuf,
    bytes: u64,
    games: u64,
    moves: u64,
}

pub fn run() -> Result<Vec<Row>> {
    build_release(&["pgn-judge"])?;
    let ours = cmd::release_binary("pgn-judge").display().to_string();
    let dir = cmd::target_dir().join("bench/pgn-judge");
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (validate, parallel_validate) = build_pgn_reader_examples(&dir)?;
    eprintln!("load average before: {}", load_average());

    let generated = dir.join(format!("archive-{SEED:x}-{GAMES}.pgn"));
    let plies = ensure_archive(&generated)?;
    let real = ensure_real_archive(&dir)?;
    let mut archives = Vec::new();
    for (name, path) in [("generated", generated), ("real", real)] {
        archives.push(describe_archive(name, path, &ours)?);
    }
    if archives[0].moves != plies {
        return Err(format!(
            "pgn-judge counted {} moves in the generated archive, which holds {plies}",
            archives[0].moves
        ));
    }

    let extract = [PGN_EXTRACT, "pgn-extract"]
        .into_iter()
        .find(|p| Path::new(p).exists() || cmd::available(p, "-h"));
    let mut table = String::from(
        "| archive | program | moves/s | MB/s | games/s | CPU s | wall s | peak RSS |\n|---|---|---|---|---|---|---|---|\n",
    );
    let mut rows = Vec::new();
    let mut one_core = Vec::new();
    for archive in &archives {
        let path = archive.path.display().to_string();
        let zst = archive.zst.display().to_string();
        let mut line = |program: &str, m: Measure, by_wall: bool| {
            let seconds = if by_wall { m.wall } else { m.cpu }.as_secs_f64();
            let _ = writeln!(
                table,
                "| {} | {program} | {:.2} M | {:.0} | {:.0} k | {:.2} | {:.2} | {:.1} MiB |",
                archive.name,
                archive.moves as f64 / seconds / 1e6,
                archive.bytes as f64 / seconds / 1e6,
                archive.games as f64 / seconds / 1e3,
                m.cpu.as_secs_f64(),
                m.wall.as_secs_f64(),
                m.rss_kib as f64 / 1024.0,
            );
            archive.moves as f64 / seconds
        };
        // The programs compared, measured in turns so that a change of the machine's load
        // touches them all alike; the best run of each counts.
        let one_args = ["--pgn", "-j", "1", path.as_str()];
        let two_args = ["--pgn", "-j", "2", path.as_str()];
        let zst_one_args = ["--pgn", "-j", "1", zst.as_str()];
        let zst_two_args = ["--pgn", "-j", "2", zst.as_str()];
        let pinned_args = ["-c", "0", ours.as_str(), "--pgn", "-j", "1", path.as_str()];
        let pinned_zst_args = ["-c", "0", ours.as_str(), "--pgn", "-j", "1", zst.as_str()];
        let programs: [(&str, &str, &[&str], bool); 8] = [
            ("pgn-judge --pgn -j 1", &ours, &one_args, false),
            ("pgn-judge --pgn -j 2 (wall)", &ours, &two_args, true),
            (
                "pgn-judge --pgn -j 1, .zst (wall)",
                &ours,
                &zst_one_args,
                true,
            ),
            (
                "pgn-judge --pgn -j 2, .zst (wall)",
                &ours,
                &zst_two_args,
                true,
            ),
            ("pgn-reader validate", &validate, &[path.as_str()], false),
            (
                "pgn-reader parallel_validate (wall)",
                &parallel_validate,
                &[path.as_str()],
                true,
            ),
            (
                "taskset -c 0 pgn-judge --pgn -j 1 (wall, one core)",
                "taskset",
                &pinned_args,
                true,
            ),
            (
                "taskset -c 0 pgn-judge --pgn -j 1, .zst (wall, one core)",
                "taskset",
                &pinned_zst_args,
                true,
            ),
        ];
        let measured = in_turns(&programs)?;
        let rates: Vec<f64> = programs
            .iter()
            .zip(&measured)
            .map(|((label, _, _, by_wall), m)| line(label, *m, *by_wall))
            .collect();
        let [
            one,
            two,
            zst_one,
            zst_two,
            theirs,
            theirs_parallel,
            pinned,
            pinned_zst,
        ] = rates[..]
        else {
            unreachable!("eight programs")
        };
        // The decompression runs on a thread of its own: `.zst` against plain by wall time,
        // with the plain file's wall time from its best run.
        let one_wall = archive.moves as f64 / measured[0].wall.as_secs_f64();
        one_core.push(one);
        let mut push = |what: &str, ours: f64, baseline: &str, theirs: f64| {
            rows.push(Row {
                tool: "pgn-judge",
                what: format!("{} archive: {what}", archive.name),
                ours: format!("{:.2} M moves/s", ours / 1e6),
                baseline: baseline.to_owned(),
                theirs: format!("{:.2} M moves/s", theirs / 1e6),
                ratio: Some(ours / theirs),
            });
        };
        push("one core", one, "pgn-reader validate, one core", theirs);
        push(
            "two threads (wall)",
            two,
            "pgn-reader parallel_validate (wall)",
            theirs_parallel,
        );
        push(
            "two threads vs one (wall vs CPU)",
            two,
            "pgn-judge -j 1",
            one,
        );
        push(
            ".zst vs plain, one judging thread (wall)",
            zst_one,
            "pgn-judge -j 1, plain (wall)",
            one_wall,
        );
        push(
            ".zst vs plain, pinned to one core (wall)",
            pinned_zst,
            "taskset -c 0 pgn-judge -j 1, plain (wall)",
            pinned,
        );
        push(
            ".zst vs plain, two threads (wall)",
            zst_two,
            "pgn-judge -j 2, plain (wall)",
            two,
        );
        if let Some(extract) = extract {
            let m = best_of(extract, &["-s", "-r", &path], false)?;
            let rate = line("pgn-extract -s -r", m, false);
            push("one core", one, "pgn-extract -s -r", rate);
        }
    }
    let (python_time, python_moves) = python_replay(&archives[0].path)?;
    let python_rate = python_moves as f64 / python_time.as_secs_f64();
    let _ = writeln!(
        table,
        "| generated | python-chess read_game + replay (first {PYTHON_SAMPLE} games) | {:.3} M | — | — | {:.2} | — | — |",
        python_rate / 1e6,
        python_time.as_secs_f64()
    );
    rows.push(Row {
        tool: "pgn-judge",
        what: "generated archive: one core".to_owned(),
        ours: format!("{:.2} M moves/s", one_core[0] / 1e6),
        baseline: format!("python-chess read_game + replay (first {PYTHON_SAMPLE} games)"),
        theirs: format!("{:.3} M moves/s", python_rate / 1e6),
        ratio: Some(one_core[0] / python_rate),
    });
    let pipe = through_pipe(&ours, &archives[0], PIPE_TIMES)?;
    let _ = writeln!(
        table,
        "| generated × {PIPE_TIMES} through a pipe ({:.1} GB) | pgn-judge --pgn -j 2 | {:.2} M | {:.0} | {:.0} k | {:.2} | {:.2} | {:.1} MiB |",
        (archives[0].bytes * PIPE_TIMES as u64) as f64 / 1e9,
        (archives[0].moves * PIPE_TIMES as u64) as f64 / pipe.wall.as_secs_f64() / 1e6,
        (archives[0].bytes * PIPE_TIMES as u64) as f64 / pipe.wall.as_secs_f64() / 1e6,
        (archives[0].games * PIPE_TIMES as u64) as f64 / pipe.wall.as_secs_f64() / 1e3,
        pipe.cpu.as_secs_f64(),
        pipe.wall.as_secs_f64(),
        pipe.rss_kib as f64 / 1024.0,
    );
    eprintln!("load average after: {}", load_average());
    println!("{table}");
    Ok(rows)
}

/// The machine's load average (1, 5, 15 minutes).
fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// pgn-reader 0.29's `validate` and `parallel_validate` examples, built in release mode in a
/// scratch package beside the archives, from the crate's copy in Cargo's registry.
fn build_pgn_reader_examples(dir: &Path) -> Result<(String, String)> {
    let crate_dir = pgn_reader_package()?;
    let package = dir.join("pgn-reader-examples");
    fs::create_dir_all(package.join("src"))
        .map_err(|e| format!("cannot create {package:?}: {e}"))?;
    let manifest = format!(
        "# Written by `cargo xtask bench pgn-judge`: pgn-reader's own examples, as baselines.\n\
         [package]\nname = \"pgn-reader-examples\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\npgn-reader = \"=0.29.0\"\nshakmaty = \"0.30\"\nzstd = \"0.13\"\ncrossbeam = \"0.8\"\n\n\
         [[bin]]\nname = \"validate\"\npath = \"{0}/examples/validate.rs\"\n\n\
         [[bin]]\nname = \"parallel_validate\"\npath = \"{0}/examples/parallel_validate.rs\"\n\n\
         # The same release settings as the workspace's.\n[profile.release]\ncodegen-units = 1\nlto = \"fat\"\n\n\
         [workspace]\n",
        crate_dir.display()
    );
    let write = |path: PathBuf, text: &str| {
        fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(package.join("Cargo.toml"), &manifest)?;
    write(package.join("src/lib.rs"), "")?;
    let manifest_path = package.join("Cargo.toml").display().to_string();
    cmd::run(
        "cargo",
        &[
            "build",
            "--release",
            "--quiet",
            "--manifest-path",
            &manifest_path,
        ],
        &[],
    )?;
    let bin = |name: &str| {
        package
            .join("target/release")
            .join(name)
            .display()
            .to_string()
    };
    Ok((bin("validate"), bin("parallel_validate")))
}

/// pgn-reader 0.29.0's package in Cargo's registry (a dev-dependency of pgn-judge, so a build of
/// its tests or `cargo fetch` puts it there), with its examples and benchmark files.
fn pgn_reader_package() -> Result<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let registry = home.join("registry/src");
    fs::read_dir(&registry)
        .map_err(|e| format!("cannot read {}: {e}", registry.display()))?
        .flatten()
        .map(|index| index.path().join("pgn-reader-0.29.0"))
        .find(|p| p.join("examples/validate.rs").is_file())
        .ok_or_else(|| {
            "pgn-reader 0.29.0 is not in Cargo's registry: run `cargo fetch` first".to_owned()
        })
}

/// pgn-reader's two real benchmark files, `REAL_COPIES` times over, with their `.zst`.
fn ensure_real_archive(dir: &Path) -> Result<PathBuf> {
    let path = dir.join(format!("real-{REAL_COPIES}.pgn"));
    if path.exists() {
        return Ok(path);
    }
    let benches = pgn_reader_package()?.join("benches");
    let mut text = Vec::new();
    for name in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        let file = benches.join(name);
        let mut bytes =
            fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        if !bytes.ends_with(b"\n\n") {
            bytes.extend_from_slice(b"\n\n");
        }
        text.extend_from_slice(&bytes);
    }
    let copies = text.repeat(REAL_COPIES);
    fs::write(&path, copies).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Counts an archive's games and moves with `pgn-judge --summary` (every game must be judged
/// to its end, so that the moves judged are all its moves) and compresses it once.
fn describe_archive(name: &'static str, path: PathBuf, ours: &str) -> Result<Archive> {
    let zst = path.with_extension("pgn.zst");
    if !zst.exists() {
        let (program, extra): (&str, &[&str]) = if cmd::available("pzstd", "--version") {
            ("pzstd", &["-p", "2"])
        } else {
            ("zstd", &["-T2"])
        };
        let mut args = vec!["-q", "-f", "-3"];
        args.extend_from_slice(extra);
        let (input, output) = (path.display().to_string(), zst.display().to_string());
        args.extend(["-o", &output, &input]);
        cmd::run(program, &args, &[])?;
    }
    let text = path.display().to_string();
    let out = cmd::output(ours, &["--pgn", "--json", "--summary", &text])?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    let field = |key: &str| -> Result<u64> {
        let at = summary
            .find(&format!("\"{key}\":"))
            .ok_or_else(|| format!("no {key} in {summary:?}"))?;
        let digits: String = summary[at + key.len() + 3..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .parse()
            .map_err(|_| format!("bad {key} in {summary:?}"))
    };
    for faulty in ["Dead Moves", "Puzzle Move", "Illegal Move", "broken"] {
        if field(faulty)? != 0 {
            return Err(format!(
                "the {name} archive has games that are not clean: {summary}"
            ));
        }
    }
    let archive = Archive {
        name,
        bytes: fs::metadata(&path).map_or(0, |m| m.len()),
        games: field("games")?,
        moves: field("moves")?,
        path,
        zst,
    };
    eprintln!(
        "{name} archive: {} ({} games, {} moves, {:.0} MB)",
        archive.path.display(),
        archive.games,
        archive.moves,
        archive.bytes as f64 / 1e6
    );
    Ok(archive)
}

/// Runs a program to its end, its output discarded, watching its peak memory.
fn measure(program: &str, args: &[&str]) -> Result<Measure> {
    let before = cmd::children_cpu_time()?;
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let (wall, rss_kib) = watch(&mut child, program, start)?;
    let cpu = cmd::children_cpu_time()? - before;
    Ok(Measure { cpu, wall, rss_kib })
}

/// Waits for a child, sampling its peak memory on another thread meanwhile; its wall time since
/// `start`, taken as soon as it exits (a run of 0.15 s would otherwise count up to a sampling
/// period too many), and its peak memory. Fails unless it exits 0.
fn watch(child: &mut Child, program: &str, start: Instant) -> Result<(Duration, u64)> {
    let pid = child.id();
    let done = AtomicBool::new(false);
    let (status, wall, peak) = thread::scope(|scope| {
        let sampler = scope.spawn(|| {
            let mut peak = 0;
            while !done.load(Ordering::Relaxed) {
                if let Some(kib) = vm_hwm_kib(pid) {
                    peak = peak.max(kib);
                }
                thread::sleep(Duration::from_millis(2));
            }
            peak
        });
        let status = child.wait();
        let wall = start.elapsed();
        done.store(true, Ordering::Relaxed);
        (status, wall, sampler.join().unwrap_or(0))
    });
    match status {
        Ok(status) if status.success() => Ok((wall, peak)),
        Ok(status) => Err(format!("{program} failed ({status})")),
        Err(e) => Err(format!("cannot wait for {program}: {e}")),
    }
}

/// The best of [`RUNS`] runs of each program, run in turns: least CPU time, or least wall time
/// when `by_wall`.
fn in_turns(programs: &[(&str, &str, &[&str], bool)]) -> Result<Vec<Measure>> {
    let mut best: Vec<Option<Measure>> = vec![None; programs.len()];
    for round in 1..=RUNS {
        for ((label, program, args, by_wall), best) in programs.iter().zip(&mut best) {
            let m = measure(program, args)?;
            eprintln!(
                "{label} (run {round}): {:.2} s CPU, {:.2} s wall, {} KiB",
                m.cpu.as_secs_f64(),
                m.wall.as_secs_f64(),
                m.rss_kib
            );
            let key = |m: &Measure| if *by_wall { m.wall } else { m.cpu };
            if best.is_none_or(|b| key(&m) < key(&b)) {
                *best = Some(m);
            }
        }
    }
    best.into_iter()
        .map(|m| m.ok_or_else(|| "no run".to_owned()))
        .collect()
}

/// The best of two runs of a slow program: least CPU time, or least wall time when `by_wall`.
fn best_of(program: &str, args: &[&str], by_wall: bool) -> Result<Measure> {
    eprintln!("{program} {}:", args.join(" "));
    let mut best: Option<Measure> = None;
    for _ in 0..2 {
        let m = measure(program, args)?;
        eprintln!(
            "  {:.2} s CPU, {:.2} s wall, {} KiB",
            m.cpu.as_secs_f64(),
            m.wall.as_secs_f64(),
            m.rss_kib
        );
        let key = |m: &Measure| if by_wall { m.wall } else { m.cpu };
        if best.is_none_or(|b| key(&m) < key(&b)) {
            best = Some(m);
        }
    }
    best.ok_or_else(|| "no run".to_owned())
}

/// Streams an archive `times` over through a pipe into `pgn-judge --pgn -j 2 --summary`
/// (never stored), checking the games it counts.
fn through_pipe(ours: &str, archive: &Archive, times: usize) -> Result<Measure> {
    eprintln!("{} × {times} through a pipe:", archive.path.display());
    let text = fs::read(&archive.path).map_err(|e| format!("cannot read the archive: {e}"))?;
    let before = cmd::children_cpu_time()?;
    let start = Instant::now();
    let mut child = Command::new(ours)
        .args(["--pgn", "-j", "2", "--json", "--summary"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {ours}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let last = thread::spawn(move || {
        let mut tail = Vec::new();
        let mut buf = vec![0; 1 << 16];
        while let Ok(n @ 1..) = std::io::Read::read(&mut stdout, &mut buf) {
            tail.extend_from_slice(&buf[..n]);
            let keep = tail.len().saturating_sub(4096);
            tail.drain(..keep);
        }
        String::from_utf8_lossy(&tail)
            .lines()
            .last()
            .unwrap_or_default()
            .to_owned()
    });
    let writer = thread::spawn(move || {
        for _ in 0..times {
            if stdin.write_all(&text).is_err() {
                break;
            }
        }
    });
    let (wall, rss_kib) = watch(&mut child, ours, start)?;
    let _ = writer.join();
    let summary = last.join().unwrap_or_default();
    let cpu = cmd::children_cpu_time()? - before;
    let expected = format!("\"games\":{}", archive.games * times as u64);
    if !summary.contains(&expected) {
        return Err(format!(
            "the pipe run ended with {summary:?}, expected {expected}"
        ));
    }
    eprintln!(
        "  {:.2} s CPU, {:.2} s wall, {rss_kib} KiB",
        cpu.as_secs_f64(),
        wall.as_secs_f64()
    );
    Ok(Measure { cpu, wall, rss_kib })
}

/// python-chess parsing (which validates every SAN against the board) and replaying the main
/// line of the archive's first games; returns the time and the moves replayed.
fn python_replay(archive: &Path) -> Result<(Duration, u64)> {
    const SCRIPT: &str = r#"
import sys, time, chess.pgn
path, sample = sys.argv[1], int(sys.argv[2])
moves = 0
start = time.process_time()
with open(path) as f:
    for _ in range(sample):
        game = chess.pgn.read_game(f)
        if game is None:
            break
        if game.errors:
            sys.exit(f"python-chess found errors in game {game.headers.get('Round')}")
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
print(time.process_time() - start, moves)
"#;
    let sample = PYTHON_SAMPLE.to_string();
    let out = cmd::output(
        "python3",
        &["-c", SCRIPT, &archive.display().to_string(), &sample],
    )?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut fields = text.split_whitespace();
    let seconds: f64 = fields
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("python-chess printed {text:?}"))?;
    let moves: u64 = fields
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("python-chess printed {text:?}"))?;
    Ok((Duration::from_secs_f64(seconds), moves))
}

/// Writes the archive unless it exists; returns its number of moves (stored beside it).
fn ensure_archive(path: &Path) -> Result<u64> {
    let count_path = path.with_extension("moves");
    if let Ok(text) = fs::read_to_string(&count_path)
        && path.exists()
        && let Ok(plies) = text.trim().parse()
    {
        return Ok(plies);
    }
    eprintln!("generating {GAMES} games (seed {SEED:#x}) ...");
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let file = fs::File::create(path).map_err(|e| format!("cannot create {path:?}: {e}"))?;
    let mut out = BufWriter::new(file);
    let mut rng = Rng::new(SEED);
    let mut plies = 0u64;
    let mut game = String::new();
    for number in 1..=GAMES {
        game.clear();
        plies += random_game(&mut rng, number, &mut game);
        out.write_all(game.as_bytes())
            .map_err(|e| format!("cannot write {path:?}: {e}"))?;
    }
    out.flush()
        .map_err(|e| format!("cannot write {path:?}: {e}"))?;
    fs::write(&count_path, format!("{plies}\n"))
        .map_err(|e| format!("cannot write {count_path:?}: {e}"))?;
    Ok(plies)
}

/// One random legal game of 20 to 200 plies (fewer when it ends in mate or stalemate), as PGN.
fn random_game(rng: &mut Rng, number: usize, pgn: &mut String) -> u64 {
    const PLAYERS: &[&str] = &[
        "Carlsen, Magnus",
        "Caruana, Fabiano",
        "Ding, Liren",
        "Nepomniachtchi, Ian",
        "Hou, Yifan",
        "Ju, Wenjun",
        "Polgar, Judit",
        "Firouzja, Alireza",
    ];
    let length = 20 + rng.below(181);
    let clocks = rng.below(4) == 0;
    let mut pos = Chess::default();
    let mut movetext = String::new();
    let mut line_len = 0;
    let mut plies = 0;
    while plies < length {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        let mut token = String::new();
        if pos.turn() == Color::White {
            let _ = write!(token, "{}. ", pos.fullmoves());
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        let _ = write!(token, "{san}");
        if clocks {
            let _ = write!(
                token,
                " {{ [%clk 0:{:02}:{:02}] }}",
                59 - plies / 4 % 60,
                rng.below(60)
            );
        }
        plies += 1;
        if line_len + token.len() + 1 > 79 {
            movetext.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            movetext.push(' ');
            line_len += 1;
        }
        line_len += token.len();
        movetext.push_str(&token);
    }
    let result = if pos.is_checkmate() {
        match pos.turn() {
            Color::White => "0-1",
            Color::Black => "1-0",
        }
    } else {
        "1/2-1/2"
    };
    let white = PLAYERS[rng.below(PLAYERS.len() as u64) as usize];
    let black = PLAYERS[rng.below(PLAYERS.len() as u64) as usize];
    let _ = write!(
        pgn,
        "[Event \"Random games\"]\n[Site \"?\"]\n[Date \"2026.11.23\"]\n[Round \"{number}\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{movetext} {result}\n\n"
    );
    plies
}
