//! `cargo xtask bench pgn-judge`: validated moves per second on a generated PGN archive, for
//! `pgn-judge --pgn`, `pgn-extract -s -r` and python-chess, in the same run.
//!
//! Times are CPU seconds (user + system) of the measured process, not wall time: the machines
//! this runs on are shared, and CPU time is what "on one core" means. Wall times are printed to
//! stderr alongside.
//!
//! The archive (100,000 random legal games from a fixed seed, with tags, move numbers, check
//! suffixes and a clock comment on some moves) is written once to
//! `<target dir>/bench/pgn-judge/archive-<seed>-<games>.pgn` and reused while it exists.

use std::{
    fmt::Write as _,
    fs,
    io::{BufWriter, Write as _},
    path::Path,
    process::{Command, Stdio},
    time::Duration,
};

use shakmaty::{Chess, Color, Position, san::SanPlus};

use test_support::Rng;

use super::{Row, build_release, time};
use crate::cmd::{self, Result};

const SEED: u64 = 0x5047_4e4a_5544_4745; // "PGNJUDGE"
const GAMES: usize = 100_000;
/// python-chess replays this many games of the archive (its first ones): about a minute.
const PYTHON_SAMPLE: usize = 5_000;
/// Each of ours and pgn-extract runs this many times; the best time counts.
const RUNS: usize = 3;
const PGN_EXTRACT: &str = "/usr/games/pgn-extract";

pub fn run() -> Result<Vec<Row>> {
    build_release(&["pgn-judge"])?;
    let target = cmd::target_dir();
    let archive = target
        .join("bench/pgn-judge")
        .join(format!("archive-{SEED:x}-{GAMES}.pgn"));
    let plies = ensure_archive(&archive)?;
    let bytes = fs::metadata(&archive).map_or(0, |m| m.len());
    eprintln!(
        "archive: {} ({GAMES} games, {plies} moves, {:.0} MB)",
        archive.display(),
        bytes as f64 / 1e6
    );
    let path = archive.display().to_string();
    let total_moves = plies as f64;

    let ours_bin = target.join("release/pgn-judge").display().to_string();
    let ours = best_of("pgn-judge --pgn", || {
        let out = cmd::output(&ours_bin, &["--pgn", &path])?;
        let lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
        let clean = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.contains("Result") && !l.contains("Illegal") && !l.contains("Puzzle"))
            .count();
        if lines != GAMES || clean != GAMES {
            return Err(format!(
                "pgn-judge judged {lines} games ({clean} clean), expected {GAMES}"
            ));
        }
        Ok(())
    })?;
    let ours_rate = total_moves / ours.as_secs_f64();
    let mut rows = Vec::new();
    let what = format!("validated moves/s, {GAMES} games, {plies} moves");

    if Path::new(PGN_EXTRACT).exists() || cmd::available("pgn-extract", "-h") {
        let program = if Path::new(PGN_EXTRACT).exists() {
            PGN_EXTRACT
        } else {
            "pgn-extract"
        };
        let theirs = best_of("pgn-extract -s -r", || {
            let status = Command::new(program)
                .args(["-s", "-r", &path])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map_err(|e| format!("cannot start {program}: {e}"))?;
            if status.success() {
                Ok(())
            } else {
                Err(format!("{program} -s -r failed ({status})"))
            }
        })?;
        let rate = total_moves / theirs.as_secs_f64();
        rows.push(Row {
            tool: "pgn-judge",
            what: what.clone(),
            ours: format!(
                "{} ({:.2} s CPU)",
                per_second(ours_rate),
                ours.as_secs_f64()
            ),
            baseline: "pgn-extract -s -r (19.04, one core)".to_owned(),
            theirs: format!("{} ({:.2} s CPU)", per_second(rate), theirs.as_secs_f64()),
            ratio: Some(ours_rate / rate),
        });
    } else {
        eprintln!("pgn-extract is missing (apt-get install pgn-extract): its row is skipped");
    }

    let (python_time, python_moves) = python_replay(&archive)?;
    let python_rate = python_moves as f64 / python_time.as_secs_f64();
    rows.push(Row {
        tool: "pgn-judge",
        what,
        ours: format!(
            "{} ({:.2} s CPU)",
            per_second(ours_rate),
            ours.as_secs_f64()
        ),
        baseline: format!(
            "python-chess read_game + replay (first {PYTHON_SAMPLE} games, {python_moves} moves)"
        ),
        theirs: format!(
            "{} ({:.2} s CPU)",
            per_second(python_rate),
            python_time.as_secs_f64()
        ),
        ratio: Some(ours_rate / python_rate),
    });
    Ok(rows)
}

fn per_second(rate: f64) -> String {
    format!("{:.2} M moves/s", rate / 1e6)
}

/// The least CPU time of [`RUNS`] runs of a command started (and waited for) by `f`.
fn best_of(label: &str, mut f: impl FnMut() -> Result) -> Result<Duration> {
    eprintln!("{label}:");
    let mut best = Duration::MAX;
    for _ in 0..RUNS {
        let before = children_cpu_time()?;
        let (wall, ()) = time(&mut f)?;
        let cpu = children_cpu_time()? - before;
        eprintln!(
            "  {:.2} s CPU, {:.2} s wall",
            cpu.as_secs_f64(),
            wall.as_secs_f64()
        );
        best = best.min(cpu);
    }
    Ok(best)
}

/// The CPU time (user + system) of this process's finished children, from `/proc/self/stat`
/// (fields 16 and 17, `cutime` and `cstime`, in clock ticks of 1/100 s on Linux).
fn children_cpu_time() -> Result<Duration> {
    let stat = fs::read_to_string("/proc/self/stat")
        .map_err(|e| format!("cannot read /proc/self/stat (CPU times need Linux): {e}"))?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| -> Result<u64> {
        fields
            .get(i)
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| format!("unexpected /proc/self/stat: {stat:?}"))
    };
    // `rest` starts at field 3 (state), so field n is at index n - 3.
    let total = ticks(16 - 3)? + ticks(17 - 3)?;
    Ok(Duration::from_millis(total * 10))
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
