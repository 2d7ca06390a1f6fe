//! The board page of `kbn-tb serve` in a real browser: Debian's `chromium`, headless, driven
//! through `chromedriver` (WebDriver), against the server on 127.0.0.1 at a free port, in one
//! browser session.
//!
//! The scenario: open a `?fen=` link (White mates in 4) and read its value, grouped moves and
//! badges; hover the best move and see its arrow; read the best line's PGN; drag the bishop
//! (the best move); play Black's best reply with Space and White's with →, take both back with
//! ← and Backspace; walk the line with the browser's Back and Forward; flip the board with `f`;
//! take a piece off in the editor; practise the position: a move that lengthens the mate
//! (flagged, taken back), then the best moves to mate against the page's replies, and the
//! summary; deal a random position of each side; and check that the page fits a 375 px screen
//! in analysis and practice. Screenshots are saved under `target/tmp/`: `kbn-tb-serve.png` and
//! `kbn-tb-serve-practice.png` (the README's), `kbn-tb-serve-phone.png`, and
//! `kbn-tb-serve-failure.png` when a step fails.
//!
//! Expected values come from the Gaviota table, not from our generator:
//! `python3 xtask/oracles/kbn-tb/serve_e2e.py` prints them.
//!
//! Without chromium or chromedriver the test skips with a loud message, except in CI (`CI` set),
//! where it fails: `.ci/run` installs both. `CHROMIUM` and `CHROMEDRIVER` override the programs.

use std::{
    env,
    io::Write,
    net::{Ipv4Addr, TcpListener, TcpStream},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use fantoccini::{
    Client, ClientBuilder, Locator,
    actions::{InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction},
    key::Key,
};
use hyper_util::client::legacy::connect::HttpConnector;
use kbn_tb::{Table, serve::Server};
use serde_json::json;

/// The link opened first: White to move, mate in 4, one best move (Ba6). Gaviota's values
/// (`serve_e2e.py`): Ba6 mate in 3; Kc7, Bg4 mate in 4; ... Kd5 mate in 13; 22 moves.
const START: &str = "8/k7/2K5/2N5/8/8/4B3/8 w - - 0 1";
const START_URL: &str = "/?fen=8/k7/2K5/2N5/8/8/4B3/8_w_-_-_0_1";
/// After Ba6: Black to move, mate in 3 (Ka8 and Kb8 alike; Ka8 first in UCI order).
const AFTER_BA6: &str = "8/k7/B1K5/2N5/8/8/8/8 b - - 0 1";
/// After Ba6 Ka8, and after Ba6 Ka8 Kb6: the best line's next moves.
const AFTER_KA8: &str = "k7/8/B1K5/2N5/8/8/8/8 w - - 0 1";
const AFTER_KB6: &str = "k7/8/BK6/2N5/8/8/8/8 b - - 0 1";
/// The best line's PGN as python-chess exports it, with the page's tags (`serve_e2e.py`).
const START_PGN: &str = r#"[Event "KBNK tablebase: best line"]
[Site "kbn-tb serve"]
[Date "????.??.??"]
[Round "-"]
[White "?"]
[Black "?"]
[Result "1-0"]
[FEN "8/k7/2K5/2N5/8/8/4B3/8 w - - 0 1"]
[SetUp "1"]

1. Ba6 Ka8 2. Kb6 Kb8 3. Nd7+ Ka8 4. Bb7# 1-0"#;

/// How long the page may take to show an answer, or the practice reply to come.
const PATIENCE: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_page_in_chromium() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let server = Server::bind((Ipv4Addr::LOCALHOST, 0).into(), Table::generate()).unwrap();
    let page = format!("http://{}", server.local_addr());
    tokio::spawn(server.serve());

    let driver = Driver::start(&chromedriver);
    let artifacts = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let profile = artifacts.join(format!("chromium-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let client = connect(&driver, &chromium, &profile).await;

    let outcome = scenario(&client, &page, &artifacts).await;
    if outcome.is_err() {
        save_screenshot(&client, &artifacts, "kbn-tb-serve-failure.png").await;
    }
    let _ = client.close().await;
    drop(driver);
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(failure) = outcome {
        panic!("{failure} (screenshots in {})", artifacts.display());
    }
}

async fn scenario(client: &Client, page: &str, artifacts: &Path) -> Result<(), String> {
    // A link opens its position.
    client
        .goto(&format!("{page}{START_URL}"))
        .await
        .map_err(fail("open the link"))?;
    let view = wait_until(client, "mate in 4", |v| v.value == "mate in 4").await?;
    expect(&view.fen, START, "the FEN shown")?;
    expect(&view.moves.to_string(), "22", "White's move count")?;
    expect(&view.groups, "win", "the groups (every move wins)")?;
    expect(
        &view.first_move,
        "Ba6 Mate in 3",
        "the best move and its badge",
    )?;
    expect(&view.last_move, "Kd5 Mate in 13", "the slowest move")?;

    // The move under the pointer gets an arrow.
    hover(client, r#"#moves .move[data-uci="e2a6"]"#).await?;
    let view = wait_until(client, "the arrow of Ba6", |v| v.arrow == "e2a6").await?;
    expect(&view.arrow, "e2a6", "the arrow")?;
    save_screenshot(client, artifacts, "kbn-tb-serve.png").await;

    // The best line as PGN, with its FEN and SetUp tags.
    let view = wait_until(client, "the PGN", |v| !v.pgn.is_empty()).await?;
    expect(&view.pgn, START_PGN, "the PGN")?;
    let link = script(
        client,
        "return decodeURIComponent(document.getElementById('pgn-download').href.split(',')[1])",
    )
    .await?;
    expect(
        link.as_str().unwrap_or(""),
        &format!("{START_PGN}\n"),
        "the PGN download",
    )?;

    // A drag move: the bishop to a6. The address follows.
    drag(client, "e2", "a6").await?;
    let view = wait_until(client, "mate in 3 after Ba6", |v| {
        v.fen == AFTER_BA6 && v.value == "mate in 3"
    })
    .await?;
    expect(
        &view.url,
        "/?fen=8/k7/B1K5/2N5/8/8/8/8_b_-_-_0_1",
        "the address",
    )?;
    expect(&view.groups, "loss", "Black's groups")?;

    // Space plays Black's best reply, → White's; ← and Backspace take them back.
    press(client, &[' ']).await?;
    wait_until(client, "Ka8 by Space", |v| {
        v.fen == AFTER_KA8 && v.value == "mate in 3"
    })
    .await?;
    press(client, &[char::from(Key::Right)]).await?;
    wait_until(client, "Kb6 by →", |v| {
        v.fen == AFTER_KB6 && v.value == "mate in 2"
    })
    .await?;
    press(client, &[char::from(Key::Left)]).await?;
    wait_until(client, "Kb6 taken back by ←", |v| {
        v.fen == AFTER_KA8 && v.value == "mate in 3"
    })
    .await?;
    press(client, &[char::from(Key::Backspace)]).await?;
    wait_until(client, "Ka8 taken back by Backspace", |v| {
        v.fen == AFTER_BA6 && v.value == "mate in 3"
    })
    .await?;

    // The browser's Back and Forward walk the line.
    client.back().await.map_err(fail("go back"))?;
    let view = wait_until(client, "the start again", |v| {
        v.fen == START && v.value == "mate in 4"
    })
    .await?;
    expect(&view.url, START_URL, "the address after Back")?;
    client.forward().await.map_err(fail("go forward"))?;
    wait_until(client, "Ba6 again", |v| {
        v.fen == AFTER_BA6 && v.value == "mate in 3"
    })
    .await?;

    // f flips the board: h1 in the top left corner.
    press(client, &['f']).await?;
    wait_until(client, "the board flipped", |v| v.top_left == "h1").await?;
    press(client, &['f']).await?;
    wait_until(client, "the board back", |v| v.top_left == "a8").await?;

    // The editor: drag the knight off the board: a draw, a lone bishop cannot mate.
    click(client, "#edit").await?;
    drag_off(client, "c5").await?;
    let view = wait_until(client, "the knight removed", |v| {
        v.fen == "8/k7/B1K5/8/8/8/8/8 b - - 0 1"
    })
    .await?;
    expect(&view.value, "draw", "the value without the knight")?;
    client.back().await.map_err(fail("go back"))?;
    wait_until(client, "the knight back", |v| {
        v.fen == AFTER_BA6 && v.value == "mate in 3"
    })
    .await?;
    click(client, "#edit-done").await?;
    client.back().await.map_err(fail("go back"))?;
    wait_until(client, "the start again", |v| {
        v.fen == START && v.value == "mate in 4"
    })
    .await?;

    practice_game(client, artifacts).await?;
    practice_deals(client).await?;
    phone_width(client, artifacts).await
}

/// Practises the start position as White: a slower move (flagged, taken back), then the best
/// moves to mate against the page's replies (Gaviota's longest defence, ties in UCI order).
async fn practice_game(client: &Client, artifacts: &Path) -> Result<(), String> {
    click(client, "#practice-open").await?;
    click(client, "#practice-here").await?;
    let view = wait_until(client, "practice to start", |v| {
        v.practice_state == "your-move"
    })
    .await?;
    expect(
        &view.practice_goal,
        "Mate with White. The table mates in 4 moves.",
        "the goal",
    )?;

    // Kc7: mate in 4 instead of 3. Flagged at once; the page replies Ka8.
    drag(client, "c6", "c7").await?;
    let view = wait_until(client, "Kc7 flagged and answered", |v| {
        v.practice_state == "your-move" && v.fen == "k7/2K5/8/2N5/8/8/4B3/8 w - - 0 1"
    })
    .await?;
    expect(
        &view.practice_log,
        "slower: Kc7: This lengthens the mate by 1 move: mate in 4 instead of 3.",
        "the verdict",
    )?;
    // Take it back: Kc7 and the reply.
    press(client, &[char::from(Key::Left)]).await?;
    let view = wait_until(client, "Kc7 taken back", |v| {
        v.fen == START && v.practice_state == "your-move"
    })
    .await?;
    expect(&view.practice_log, "", "the log after the take-back")?;

    // The best line, by drag and by click-click: Ba6 Ka8 Kb6 Kb8 Nd7+ Ka8 Bb7#.
    let moves = [
        ("e2", "a6", "k7/8/B1K5/2N5/8/8/8/8 w - - 0 1"),
        ("c6", "b6", "1k6/8/BK6/2N5/8/8/8/8 w - - 0 1"),
        ("c5", "d7", "k7/3N4/BK6/8/8/8/8/8 w - - 0 1"),
    ];
    for (i, (from, to, after_reply)) in moves.into_iter().enumerate() {
        if i % 2 == 0 {
            drag(client, from, to).await?;
        } else {
            click(client, &format!(r#"[data-square="{from}"]"#)).await?;
            click(client, &format!(r#"[data-square="{to}"]"#)).await?;
        }
        wait_until(client, &format!("the reply to {from}{to}"), |v| {
            v.practice_state == "your-move" && v.fen == after_reply
        })
        .await?;
    }
    drag(client, "a6", "b7").await?;
    let view = wait_until(client, "the mate", |v| v.practice_state == "over").await?;
    expect(&view.value, "mated", "the value")?;
    expect(
        &view.practice_log,
        "best: Ba6: Best move: mate in 3. | best: Kb6: Best move: mate in 2. | \
         best: Nd7+: Best move: mate in 1. | best: Bb7#: Checkmate!",
        "the log",
    )?;
    expect(
        &view.practice_status,
        "Checkmate in 4 moves; the optimum was 4. Moves taken back: 1.",
        "the summary",
    )?;
    save_screenshot(client, artifacts, "kbn-tb-serve-practice.png").await;
    Ok(())
}

/// Deals a random position for each side and difficulty band's ends: the goal names a mate in
/// the band, and it is the learner's move.
async fn practice_deals(client: &Client) -> Result<(), String> {
    for (side, band, low, high) in [("white", "1-10", 1, 10), ("black", "21-33", 21, 33)] {
        click(client, "#practice-new").await?;
        click(
            client,
            &format!(r#"input[name="practice-side"][value="{side}"]"#),
        )
        .await?;
        click(
            client,
            &format!(r#"input[name="practice-band"][value="{band}"]"#),
        )
        .await?;
        click(client, "#practice-deal").await?;
        let view = wait_until(client, &format!("a {side} deal"), |v| {
            v.practice_state == "your-move" && v.practice_log.is_empty()
        })
        .await?;
        let n: u32 = view
            .practice_goal
            .split_whitespace()
            .find_map(|w| w.parse().ok())
            .ok_or_else(|| format!("no number in the goal {:?}", view.practice_goal))?;
        if !(low..=high).contains(&n) {
            return Err(format!(
                "a {band} deal shows the goal {:?}",
                view.practice_goal
            ));
        }
        expect(
            &view.value,
            &format!("mate in {n}"),
            "the dealt position's value",
        )?;
        let turn = if side == "white" { " w " } else { " b " };
        if !view.fen.contains(turn) {
            return Err(format!("a {side} deal is not {side} to move: {}", view.fen));
        }
        let top_left = if side == "white" { "a8" } else { "h1" };
        expect(&view.top_left, top_left, "the learner's side at the bottom")?;
    }
    Ok(())
}

/// On a phone-sized screen the page fits the width, in practice and in analysis.
async fn phone_width(client: &Client, artifacts: &Path) -> Result<(), String> {
    client
        .set_window_size(375, 812)
        .await
        .map_err(fail("resize the window"))?;
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth";
    if script(client, fits).await? != json!(true) {
        return Err("practice mode is wider than a 375 px screen".to_owned());
    }
    click(client, "#practice-leave").await?;
    client
        .goto(&format!("{}{START_URL}", page_origin(client).await?))
        .await
        .map_err(fail("open the link"))?;
    wait_until(client, "mate in 4", |v| {
        v.value == "mate in 4" && !v.pgn.is_empty()
    })
    .await?;
    click(client, "#line-section summary").await?;
    save_screenshot(client, artifacts, "kbn-tb-serve-phone.png").await;
    if script(client, fits).await? != json!(true) {
        return Err("the page is wider than a 375 px screen".to_owned());
    }
    Ok(())
}

async fn page_origin(client: &Client) -> Result<String, String> {
    let origin = script(client, "return window.location.origin").await?;
    Ok(origin.as_str().unwrap_or_default().to_owned())
}

/// Saves a screenshot under `target/tmp/` (a test artifact; a failed capture is only reported).
async fn save_screenshot(client: &Client, artifacts: &Path, name: &str) {
    let path = artifacts.join(name);
    match client.screenshot().await {
        Ok(png) => match std::fs::write(&path, png) {
            Ok(()) => {
                let _ = writeln!(std::io::stderr(), "screenshot: {}", path.display());
            }
            Err(err) => eprintln!("cannot write {}: {err}", path.display()),
        },
        Err(err) => eprintln!("no screenshot {name}: {err}"),
    }
}

/// What the page shows, read in one script call.
#[derive(Debug, serde::Deserialize)]
struct View {
    value: String,
    fen: String,
    url: String,
    moves: usize,
    /// The move groups shown, by kind: `win`, `draw`, `loss`, joined by spaces.
    groups: String,
    first_move: String,
    last_move: String,
    /// The move the arrow on the board shows, if any.
    arrow: String,
    top_left: String,
    pgn: String,
    practice_goal: String,
    practice_state: String,
    practice_status: String,
    /// Each logged practice move as `kind: text`, joined by ` | `.
    practice_log: String,
}

async fn read_view(client: &Client) -> Result<View, String> {
    let value = script(
        client,
        r#"
        const $ = (id) => document.getElementById(id);
        const moves = [...document.querySelectorAll('#moves .move')];
        const text = (el) => el ? el.innerText.replace(/\s+/g, ' ').trim() : '';
        const arrow = document.querySelector('#arrows .arrow');
        return {
            value: $('value').textContent,
            fen: $('fen').value,
            url: window.location.pathname + window.location.search,
            moves: moves.length,
            groups: [...document.querySelectorAll('#moves ul')].map((ul) => ul.dataset.group).join(' '),
            first_move: text(moves[0]),
            last_move: text(moves[moves.length - 1]),
            arrow: arrow ? arrow.dataset.uci : '',
            top_left: $('board').children[0].dataset.square,
            pgn: $('line-section').hidden ? '' : $('pgn').textContent,
            practice_goal: $('practice-game').hidden ? '' : $('practice-goal').textContent,
            practice_state: $('practice-game').hidden ? '' : ($('practice-status').dataset.state || ''),
            practice_status: $('practice-status').textContent,
            practice_log: [...document.querySelectorAll('#practice-log li')]
                .map((li) => `${li.dataset.kind}: ${li.textContent}`).join(' | '),
        };"#,
    )
    .await?;
    serde_json::from_value(value).map_err(|err| format!("cannot read the page's state: {err}"))
}

async fn script(client: &Client, code: &str) -> Result<serde_json::Value, String> {
    client
        .execute(code, Vec::new())
        .await
        .map_err(fail("run a script in the page"))
}

/// Polls the page until `done` holds, for at most [`PATIENCE`].
async fn wait_until(
    client: &Client,
    what: &str,
    done: impl Fn(&View) -> bool,
) -> Result<View, String> {
    let start = Instant::now();
    loop {
        let view = read_view(client).await?;
        if done(&view) {
            return Ok(view);
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("the page never showed {what}; it shows {view:?}"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Drags the piece on one square to another with the mouse (pointer events, as a user would).
async fn drag(client: &Client, from: &str, to: &str) -> Result<(), String> {
    let to = find(client, &format!(r#"[data-square="{to}"]"#)).await?;
    drag_to(
        client,
        from,
        PointerAction::MoveToElement {
            element: to,
            duration: Some(Duration::from_millis(100)),
            x: 0.0,
            y: 0.0,
        },
    )
    .await
}

/// Drags the piece on a square off the board (to the page's top left corner).
async fn drag_off(client: &Client, from: &str) -> Result<(), String> {
    let heading = find(client, "h1").await?;
    drag_to(
        client,
        from,
        PointerAction::MoveToElement {
            element: heading,
            duration: Some(Duration::from_millis(100)),
            x: 0.0,
            y: 0.0,
        },
    )
    .await
}

async fn drag_to(client: &Client, from: &str, to: PointerAction) -> Result<(), String> {
    let from = find(client, &format!(r#"[data-square="{from}"]"#)).await?;
    let mouse = MouseActions::new("mouse".to_owned())
        .then(PointerAction::MoveToElement {
            element: from,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveBy {
            duration: Some(Duration::from_millis(50)),
            x: 10.0,
            y: 0.0,
        })
        .then(to)
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client
        .perform_actions(mouse)
        .await
        .map_err(fail("drag a piece"))
}

/// Moves the mouse over an element.
async fn hover(client: &Client, css: &str) -> Result<(), String> {
    let element = find(client, css).await?;
    let mouse = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
        element,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client
        .perform_actions(mouse)
        .await
        .map_err(fail("move the mouse"))
}

async fn click(client: &Client, css: &str) -> Result<(), String> {
    find(client, css)
        .await?
        .click()
        .await
        .map_err(|err| format!("cannot click {css}: {err}"))
}

/// Presses and releases a key wherever the focus is: a character, or a WebDriver key
/// (`char::from(Key::Left)`).
async fn press(client: &Client, keys: &[char]) -> Result<(), String> {
    let mut keyboard = KeyActions::new("keyboard".to_owned());
    for &key in keys {
        keyboard = keyboard
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
    }
    client
        .perform_actions(keyboard)
        .await
        .map_err(fail("press keys"))
}

async fn find(client: &Client, css: &str) -> Result<fantoccini::elements::Element, String> {
    client
        .find(Locator::Css(css))
        .await
        .map_err(|err| format!("no element {css}: {err}"))
}

fn expect(got: &str, want: &str, what: &str) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: expected {want:?}, the page shows {got:?}"))
    }
}

fn fail<E: std::fmt::Display>(what: &'static str) -> impl Fn(E) -> String {
    move |err| format!("cannot {what}: {err}")
}

// ---- the browser ------------------------------------------------------------------------------

/// chromium and chromedriver, or `None` after a loud skip message (a panic in CI).
fn browser() -> Option<(PathBuf, PathBuf)> {
    let chromium = program(
        "CHROMIUM",
        &["chromium", "chromium-browser", "google-chrome"],
    );
    let chromedriver = program("CHROMEDRIVER", &["chromedriver"]);
    match (chromium, chromedriver) {
        (Some(chromium), Some(chromedriver)) => Some((chromium, chromedriver)),
        _ => {
            let message = "the browser test needs chromium and chromedriver \
                           (apt-get install chromium chromium-driver, or set CHROMIUM and CHROMEDRIVER)";
            if env::var_os("CI").is_some() {
                panic!("{message}");
            }
            // Straight to stderr: libtest would swallow eprintln! output of a passing test.
            let _ = writeln!(
                std::io::stderr(),
                "\n!!!!! SKIPPED the_board_page_in_chromium: {message} !!!!!\n"
            );
            None
        }
    }
}

/// The program named by the environment variable (if it exists), or the first of `names` on the
/// PATH.
fn program(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = env::var_os(var) {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    let path = env::var_os("PATH")?;
    names.iter().find_map(|name| {
        env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// A chromedriver process on a free port, killed on drop.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| panic!("cannot start {}: {err}", program.display()));
        let driver = Driver { child, port };
        let start = Instant::now();
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(
                start.elapsed() < PATIENCE,
                "chromedriver did not listen on port {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebDriver session in a fresh headless chromium, its window the size of a laptop screen.
async fn connect(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-quic",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1000,820",
        &format!("--user-data-dir={}", profile.display()),
    ];
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": { "binary": chromium, "args": args },
    });
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!("a JSON object literal")
    };
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .unwrap_or_else(|err| panic!("cannot start a chromium session: {err}"))
}
