//! kbn-tb serve under load: `wrk -t2 -c16 -d5s` (Debian's wrk, on loopback, sharing the machine's
//! cores with the server, as the issue states the goal) against `/api/probe` and `/standard`,
//! several runs each over 200 random legal positions; then bad requests (malformed, oversized,
//! path traversal, unknown routes; through wrk, and raw for what is not HTTP), checking that every
//! answer is a 4xx and that the server's memory does not grow. The machine's load average is reported beside each run, since other
//! builds may share it.

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::TcpStream,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Duration,
};

use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Setup, Square};
use test_support::Rng;

use super::Row;
use crate::cmd::{self, Result};

const TOOL: &str = "kbn-tb";

/// The goal for `/standard` and `/api/probe` under `wrk -t2 -c16 -d5s`.
const GOAL_REQUESTS: f64 = 30_000.0;
const GOAL_P99_MS: f64 = 2.0;
/// `/api/probe` before this work, in the same test (the figures).
const BEFORE_REQUESTS: f64 = 24_000.0;
const BEFORE_P99_MS: f64 = 2.5;

/// Runs per endpoint; the best is reported with the spread.
const RUNS: usize = 3;
/// Raw malformed requests per round of bad requests, each on its own connection.
const RAW_PER_ROUND: usize = 3_000;

/// A `kbn-tb serve` process on a free loopback port, killed on drop.
struct Served {
    child: Child,
    origin: String,
}

impl Served {
    fn start(binary: &Path, dir: &Path) -> Result<Served> {
        let table = dir.join("kbn.tb");
        let table = table.to_string_lossy();
        let args = ["--table", &table, "serve", "--port", "0"];
        eprintln!("$ {} {}", binary.display(), args.join(" "));
        let mut child = Command::new(binary)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let mut line = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the server's address: {e}"))?;
        let origin = line
            .trim()
            .strip_prefix("serving the board on ")
            .map(|url| url.trim_end_matches('/').to_owned())
            .ok_or_else(|| format!("the server said {line:?}"))?;
        Ok(Served { child, origin })
    }

    /// The server's resident memory in KiB and its CPU time in seconds, from /proc.
    fn usage(&self) -> (u64, f64) {
        let pid = self.child.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let rss = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // After the command name in parentheses: fields 14 and 15 are utime and stime.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let ticks: f64 = [11, 12]
            .iter()
            .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
            .sum();
        (rss, ticks / 100.0)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// 200 random legal KBNK positions (either side to move, both bishop colours), as URL FENs.
fn fens() -> Vec<String> {
    let mut rng = Rng::new(20_261_123);
    let mut fens = Vec::new();
    while fens.len() < 200 {
        let squares: Vec<u32> = (0..4).map(|_| rng.below(64) as u32).collect();
        if (1..4).any(|i| squares[..i].contains(&squares[i])) {
            continue;
        }
        let mut setup = Setup::empty();
        let pieces = [
            Color::White.king(),
            Color::White.bishop(),
            Color::White.knight(),
            Color::Black.king(),
        ];
        let mut board = Board::empty();
        for (piece, &sq) in pieces.into_iter().zip(&squares) {
            board.set_piece_at(Square::new(sq), piece);
        }
        setup.board = board;
        setup.turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
            let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
            fens.push(fen.to_string().replace(' ', "_"));
        }
    }
    fens
}

/// A wrk script sending GET requests for these paths in turn.
fn script(dir: &Path, name: &str, paths: &[String]) -> Result<PathBuf> {
    let list: Vec<String> = paths.iter().map(|p| format!("  {p:?},")).collect();
    let lua = format!(
        "local paths = {{\n{}\n}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  \
         return wrk.format(\"GET\", paths[i])\nend\n",
        list.join("\n")
    );
    let path = dir.join(name);
    std::fs::write(&path, lua).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// One wrk run's figures.
struct Run {
    requests_per_s: f64,
    p99_ms: f64,
    requests: f64,
    non_2xx: f64,
    load: String,
}

fn wrk(origin: &str, script: &Path) -> Result<Run> {
    let script = script.to_string_lossy();
    let args = ["-t2", "-c16", "-d5s", "--latency", "-s", &script, origin];
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let out = cmd::output("wrk", &args)?;
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |prefix: &str| {
        text.lines().find_map(|l| {
            l.trim()
                .strip_prefix(prefix)
                .map(str::trim)
                .map(str::to_owned)
        })
    };
    let requests_per_s = field("Requests/sec:")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("wrk printed no Requests/sec:\n{text}"))?;
    let p99_ms = field("99%")
        .and_then(|v| duration_ms(&v))
        .ok_or_else(|| format!("wrk printed no 99% latency:\n{text}"))?;
    let requests = text
        .lines()
        .find(|l| l.contains("requests in"))
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    let non_2xx = field("Non-2xx or 3xx responses:")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    Ok(Run {
        requests_per_s,
        p99_ms,
        requests,
        non_2xx,
        load: load.split_whitespace().next().unwrap_or("?").to_owned(),
    })
}

/// wrk's latency (`1.23ms`, `812.00us`, `1.02s`) in milliseconds.
fn duration_ms(text: &str) -> Option<f64> {
    let (number, unit) = text.split_at(text.find(|c: char| c.is_ascii_alphabetic())?);
    let value: f64 = number.parse().ok()?;
    Some(match unit {
        "us" => value / 1e3,
        "ms" => value,
        "s" => value * 1e3,
        _ => return None,
    })
}

pub fn run() -> Result<Vec<Row>> {
    // wrk answers --version with exit status 1: starting it at all is the test.
    if Command::new("wrk").arg("--version").output().is_err() {
        eprintln!("(no wrk: the kbn-tb serve load test is skipped; apt-get install wrk)");
        return Ok(Vec::new());
    }
    super::build_release(&["kbn-tb"])?;
    let dir = std::env::temp_dir().join(format!("kbn-tb-serve-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let served = Served::start(&cmd::release_binary("kbn-tb"), &dir)?;
    let fens = fens();
    let mut rows = Vec::new();
    for endpoint in ["/api/probe", "/standard"] {
        let paths: Vec<String> = fens.iter().map(|f| format!("{endpoint}?fen={f}")).collect();
        let script = script(&dir, "good.lua", &paths)?;
        let mut runs = Vec::new();
        let (_, cpu_before) = served.usage();
        for _ in 0..RUNS {
            runs.push(wrk(&served.origin, &script)?);
        }
        let (_, cpu_after) = served.usage();
        let total: f64 = runs.iter().map(|r| r.requests).sum();
        let best = runs
            .iter()
            .max_by(|a, b| a.requests_per_s.total_cmp(&b.requests_per_s))
            .ok_or("no wrk run")?;
        let each: Vec<String> = runs
            .iter()
            .map(|r| {
                format!(
                    "{:.0}/s p99 {:.2} ms (load {})",
                    r.requests_per_s, r.p99_ms, r.load
                )
            })
            .collect();
        eprintln!("{endpoint}: {}", each.join("; "));
        rows.push(Row {
            tool: TOOL,
            what: format!(
                "serve {endpoint}, wrk -t2 -c16 -d5s, best of {RUNS} (goal ≥ {GOAL_REQUESTS:.0}/s, p99 < {GOAL_P99_MS} ms)"
            ),
            ours: format!(
                "{:.0} req/s, p99 {:.2} ms ({:.0} µs server CPU/request; runs: {})",
                best.requests_per_s,
                best.p99_ms,
                (cpu_after - cpu_before) * 1e6 / total.max(1.0),
                each.join(", ")
            ),
            baseline: "/api/probe before (issue 15)".to_owned(),
            theirs: format!("{BEFORE_REQUESTS:.0} req/s, p99 {BEFORE_P99_MS} ms"),
            ratio: Some(best.requests_per_s / BEFORE_REQUESTS),
        });
    }
    rows.push(bad_requests(&served, &dir)?);
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(rows)
}

/// Requests that are not HTTP or are too big for the server to read, sent raw (wrk sends only
/// well-formed requests): the expected status of each.
fn malformed() -> Vec<(Vec<u8>, &'static str)> {
    let padding = "a".repeat(64 * 1024);
    vec![
        (b"GARBAGE\r\n\r\n".to_vec(), "400"),
        ((0..=255u8).cycle().take(1024).collect(), "400"),
        (b"GET / HTTP/9.9\r\nHost: x\r\n\r\n".to_vec(), "400"),
        (
            format!("GET / HTTP/1.1\r\nHost: x\r\nX-Padding: {padding}\r\n\r\n").into_bytes(),
            "431",
        ),
        (
            format!("GET /{padding} HTTP/1.1\r\nHost: x\r\n\r\n").into_bytes(),
            "431",
        ),
        (
            b"POST /standard HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\nabc".to_vec(),
            "405",
        ),
    ]
}

/// Sends one raw request on a new connection: whether the answer's status is `status`.
fn raw_answer_is(addr: &str, request: &[u8], status: &str) -> bool {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    // The server may close before reading everything: a write error is not the answer.
    let _ = stream.write_all(request);
    let mut head = [0; 16];
    let mut got = 0;
    while got < head.len() {
        match stream.read(&mut head[got..]) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    head[..got].starts_with(format!("HTTP/1.1 {status} ").as_bytes())
}

/// Rounds of bad requests, well-formed through wrk and malformed raw: every answer must be a
/// 4xx, and the resident memory stays put.
fn bad_requests(served: &Served, dir: &Path) -> Result<Row> {
    let long_fen = "8/".repeat(300);
    let paths = [
        format!("/standard?fen={long_fen}"),
        format!("/api/probe?fen={long_fen}"),
        "/api/probe?fen=%ZZ%".to_owned(),
        "/standard?fen=8/8/8/8/8/8/2K5/k1Q5_w_-_-_0_1".to_owned(),
        "/standard/mainline?fen=not_a_fen".to_owned(),
        "/../../../etc/passwd".to_owned(),
        "/%2e%2e/%2e%2e/kbn.tb".to_owned(),
        "/api/practice?side=white&min=9&max=1".to_owned(),
        format!("/{}", "x".repeat(4000)),
    ];
    let script = script(dir, "bad.lua", &paths)?;
    let (rss_before, _) = served.usage();
    let mut rss = Vec::new();
    let mut answered = 0.0;
    for _ in 0..3 {
        let run = wrk(&served.origin, &script)?;
        if run.non_2xx < run.requests {
            return Err(format!(
                "bad requests: {} of {} answered 2xx or 3xx",
                run.requests - run.non_2xx,
                run.requests
            ));
        }
        answered += run.requests;
        let addr = served.origin.trim_start_matches("http://");
        for (request, status) in malformed().iter().cycle().take(RAW_PER_ROUND) {
            if !raw_answer_is(addr, request, status) {
                return Err(format!(
                    "bad requests: {:?}... was not answered {status}",
                    String::from_utf8_lossy(&request[..request.len().min(40)])
                ));
            }
        }
        answered += RAW_PER_ROUND as f64;
        rss.push(served.usage().0);
    }
    let mib = |kib: u64| kib as f64 / 1024.0;
    let shown: Vec<String> = rss.iter().map(|&k| format!("{:.1}", mib(k))).collect();
    Ok(Row {
        tool: TOOL,
        what: format!(
            "serve, 3 rounds of bad requests: 5 s of wrk (oversized FEN and path, bad FEN, \
             traversal, unknown route) and {RAW_PER_ROUND} raw (not HTTP, 64 KiB heads, 1 GB body)"
        ),
        ours: format!(
            "{answered:.0} answered, all 4xx; RSS {:.1} MiB before, then {} MiB",
            mib(rss_before),
            shown.join(", ")
        ),
        baseline: "—".to_owned(),
        theirs: "—".to_owned(),
        ratio: None,
    })
}
