//! The board page of `kbn-tb serve` in a real browser: Debian's `chromium`, headless, driven
//! through `chromedriver` (WebDriver), against the server on 127.0.0.1 at a free port.
//!
//! The scenario: load the page, type a position into the FEN box, read its value and best move,
//! click the best move, read the new value, drag a king into an illegal placement and read the
//! reason, go back, play the best line to the mate, move a piece with the keyboard alone, switch
//! the side to move (into check: illegal), then check that the page fits a phone's width.
//! Screenshots are saved under `target/tmp/`: `kbn-tb-serve.png` (the position typed in, the one
//! in the README), `kbn-tb-serve-phone.png`, and `kbn-tb-serve-failure.png` when a step fails.
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

/// Type into the FEN box: White to move, mate in 4, one best move (Ba6).
const START: &str = "8/k7/2K5/2N5/8/8/4B3/8 w - - 0 1";
/// The same position's FEN as the page writes it back.
const START_ECHO: &str = "8/k7/2K5/2N5/8/8/4B3/8 w - - 0 1";

/// How long the page may take to show an answer, or the best line to reach the mate.
const PATIENCE: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_page_in_chromium() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let server = Server::bind((Ipv4Addr::LOCALHOST, 0).into(), Table::generate()).unwrap();
    let page = format!("http://{}/", server.local_addr());
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
    client.goto(page).await.map_err(fail("load the page"))?;
    // The page starts on its default position; wait for its first answer.
    wait_until(client, "a first value", |v| {
        v.value != "…" && !v.value.is_empty()
    })
    .await?;

    // Set a position through the FEN box.
    let fen_box = find(client, "#fen").await?;
    fen_box.clear().await.map_err(fail("clear the FEN box"))?;
    fen_box
        .send_keys(&format!("{START}{}", char::from(Key::Enter)))
        .await
        .map_err(fail("type the FEN"))?;
    let view = wait_until(client, "mate in 4", |v| v.value == "mate in 4").await?;
    expect(&view.fen, START_ECHO, "the FEN shown")?;
    expect(&view.first_move, "Ba6 mate in 3", "the best move")?;
    expect(&view.moves.to_string(), "22", "White's move count")?;
    save_screenshot(client, artifacts, "kbn-tb-serve.png").await;

    // Play the best move by clicking it: Black to move, mate in 3 whatever Black does.
    find(client, "#moves li:first-child .move")
        .await?
        .click()
        .await
        .map_err(fail("click the best move"))?;
    let view = wait_until(client, "mate in 3 after Ba6", |v| {
        v.value == "mate in 3" && v.fen.ends_with(" b - - 0 1")
    })
    .await?;
    expect(&view.moves.to_string(), "2", "Black's move count")?;
    let (_, after) = view.first_move.split_once(' ').unwrap_or_default();
    expect(after, "mate in 3", "the value of Black's best move")?;

    // Drag the black king next to the white one: illegal, and the page says why.
    drag(client, "a7", "b7").await?;
    let view = wait_until(client, "an illegal placement", |v| v.value == "illegal").await?;
    if !view.note.starts_with("Illegal: ") || !view.board_illegal {
        return Err(format!("illegal placement not marked: {view:?}"));
    }

    // Back to the position after Ba6, then let the page play the best line to the mate.
    find(client, "#back")
        .await?
        .click()
        .await
        .map_err(fail("click Back"))?;
    wait_until(client, "mate in 3 again", |v| v.value == "mate in 3").await?;
    find(client, "#best-line")
        .await?
        .click()
        .await
        .map_err(fail("click Play the best line"))?;
    let view = wait_until(client, "the mate", |v| v.value == "mated").await?;
    expect(&view.note, "Black is checkmated.", "the note")?;
    let button = find(client, "#best-line").await?;
    let label = button.text().await.map_err(fail("read the button"))?;
    expect(&label, "Play the best line", "the button after the mate")?;

    // The keyboard alone: from the empty d4, up to the knight on d7, pick it up, down to d5,
    // put it down. (Black's king then escapes to b8.)
    find(client, r#"[data-square="d4"]"#)
        .await?
        .click()
        .await
        .map_err(fail("focus d4"))?;
    press(client, &[Key::Up, Key::Up, Key::Up, Key::Enter]).await?;
    press(client, &[Key::Down, Key::Down, Key::Enter]).await?;
    let view = wait_until(client, "the knight moved by keyboard", |v| {
        v.value.starts_with("mate in ")
    })
    .await?;
    expect(
        &view.fen,
        "k7/1B6/1K6/3N4/8/8/8/8 b - - 0 1",
        "the FEN after the keyboard move",
    )?;

    // The side-to-move switch: with White to move, the bishop's check on a8 is illegal.
    find(client, "#side-w")
        .await?
        .click()
        .await
        .map_err(fail("switch to White to move"))?;
    let view = wait_until(client, "the check marked illegal", |v| v.value == "illegal").await?;
    expect(
        &view.note,
        "Illegal: the black king on a8 is in check with White to move",
        "the reason",
    )?;
    expect(&view.fen, "k7/1B6/1K6/3N4/8/8/8/8 w - - 0 1", "the FEN")?;

    // On a phone-sized screen the page fits the width: no sideways scrolling.
    client
        .set_window_size(390, 844)
        .await
        .map_err(fail("resize the window"))?;
    let fits = client
        .execute(
            "return document.documentElement.scrollWidth <= window.innerWidth",
            Vec::new(),
        )
        .await
        .map_err(fail("measure the page"))?;
    save_screenshot(client, artifacts, "kbn-tb-serve-phone.png").await;
    if fits != json!(true) {
        return Err("the page is wider than a phone screen".to_owned());
    }
    Ok(())
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
    note: String,
    fen: String,
    moves: usize,
    first_move: String,
    board_illegal: bool,
}

async fn read_view(client: &Client) -> Result<View, String> {
    let script = r#"
        const first = document.querySelector('#moves .move');
        return {
            value: document.getElementById('value').textContent,
            note: document.getElementById('note').textContent,
            fen: document.getElementById('fen').value,
            moves: document.querySelectorAll('#moves .move').length,
            first_move: first ? first.innerText.replace(/\s+/g, ' ').trim() : '',
            board_illegal: document.getElementById('board').classList.contains('illegal'),
        };"#;
    let value = client
        .execute(script, Vec::new())
        .await
        .map_err(fail("read the page"))?;
    serde_json::from_value(value).map_err(|err| format!("cannot read the page's state: {err}"))
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
    let from = find(client, &format!(r#"[data-square="{from}"]"#)).await?;
    let to = find(client, &format!(r#"[data-square="{to}"]"#)).await?;
    let step = Some(Duration::from_millis(100));
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
            duration: step,
            x: 10.0,
            y: 0.0,
        })
        .then(PointerAction::MoveToElement {
            element: to,
            duration: step,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client
        .perform_actions(mouse)
        .await
        .map_err(fail("drag a piece"))
}

/// Presses and releases keys, one after the other, wherever the focus is.
async fn press(client: &Client, keys: &[Key]) -> Result<(), String> {
    let mut keyboard = KeyActions::new("keyboard".to_owned());
    for &key in keys {
        keyboard = keyboard
            .then(KeyAction::Down { value: key.into() })
            .then(KeyAction::Up { value: key.into() });
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
