//! The command line in-process, through the library's `kbn_tb::cli::run`: batches of FENs (a bad
//! line gets its error with its number, every other line is answered), the table generated when
//! its file is missing, and no table touched when no line is good.
//!
//! Expected answers are the fixtures' `.out` files (Gaviota through python-chess, see
//! `fixtures/kbn-tb/SOURCE.md`); error messages are those the `bad_*` fixtures pin.

use std::{
    path::{Path, PathBuf},
    sync::OnceLock,
};

use kbn_tb::{
    Table,
    cli::{Command, Format, Options, Positions, run},
    render::thousands,
};
use toolkit_cli::{Diagnostics, Status};

/// A fixture file of `fixtures/kbn-tb`.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/kbn-tb")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// A scratch path under `target/tmp/kbn-tb-cli/` (each test names its own files).
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kbn-tb-cli");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A table file shared by the tests, generated and saved once.
fn table_file() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let path = scratch("kbn.tb");
        Table::generate().save(&path).unwrap();
        path
    })
}

/// Runs one command: stdout, stderr and the exit status.
fn run_command(command: Command, table: &Path) -> (String, String, Status) {
    let mut out = Vec::new();
    let mut diag = Diagnostics::new(Vec::new());
    run(command, &Options::new(table), &mut out, &mut diag).unwrap();
    let status = diag.status();
    let err = String::from_utf8(diag.into_inner()).unwrap();
    (String::from_utf8(out).unwrap(), err, status)
}

/// A batch file of these lines.
fn batch(name: &str, lines: &[&str]) -> PathBuf {
    let path = scratch(name);
    std::fs::write(&path, lines.concat()).unwrap();
    path
}

const KQ_V_K: &str = "8/8/8/8/8/8/2K5/k1Q5 w - - 0 1\n";
const KQ_V_K_ERROR: &str = "illegal position: material is KQvK, expected KBNvK (White king, \
                            bishop and knight against the black king)";

#[test]
fn a_bad_line_in_a_probe_batch_gives_its_error_and_every_other_line_is_answered() {
    let file = batch(
        "probe-batch.txt",
        &[
            &fixture("probe_mate_in_1.in"),
            "\n# a comment, then a blank line and a bad line\n\n",
            KQ_V_K,
            &fixture("probe_checkmated.in"),
            "8/8/8 w - - 0 1\n",
            &fixture("probe_random_1.in"),
        ],
    );
    let command = Command::Probe {
        positions: Positions::file(&file),
        format: Format::Text,
    };
    let (out, err, status) = run_command(command, table_file());
    let expected = [
        fixture("probe_mate_in_1.out"),
        fixture("probe_checkmated.out"),
        fixture("probe_random_1.out"),
    ]
    .concat();
    assert_eq!(out, expected);
    assert_eq!(
        err,
        format!("error: line 5: {KQ_V_K_ERROR}\nerror: line 7: FEN has 3 ranks, expected 8\n")
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_json_batch_answers_every_good_line_with_its_fen_and_values() {
    let good = [
        "probe_mate_in_1",
        "probe_capture_draw",
        "probe_checkmated",
        "probe_stalemate",
    ];
    let mut lines: Vec<String> = good
        .iter()
        .map(|case| fixture(&format!("{case}.in")))
        .collect();
    lines.insert(2, KQ_V_K.to_owned());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let file = batch("probe-json-batch.txt", &lines);
    let command = Command::Probe {
        positions: Positions::file(&file),
        format: Format::Json,
    };
    let (out, err, status) = run_command(command, table_file());
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), good.len(), "{out}");
    for (answer, case) in answers.iter().zip(good) {
        // The fixture's text: the FEN, the value, then one line per move (SAN, UCI, value).
        let text = fixture(&format!("{case}.out"));
        let mut text = text.lines();
        assert_eq!(answer["fen"], text.next().unwrap(), "{case}");
        assert_eq!(answer["value"], text.next().unwrap(), "{case}");
        let moves: Vec<String> = answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| {
                format!(
                    "{} {} {}",
                    mv["san"].as_str().unwrap(),
                    mv["uci"].as_str().unwrap(),
                    mv["value"].as_str().unwrap()
                )
            })
            .collect();
        let expected: Vec<String> = text
            .take_while(|line| !line.is_empty())
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(moves, expected, "{case}");
    }
    assert_eq!(err, format!("error: line 3: {KQ_V_K_ERROR}\n"));
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_bad_line_in_a_line_batch_gives_its_error_and_every_other_line_is_answered() {
    let file = batch(
        "line-batch.txt",
        &[
            "8/8/8/8/8/8/8/KBNk4\n",
            &fixture("line_mate_in_1.in"),
            &fixture("line_black_to_move.in"),
        ],
    );
    let command = Command::Line {
        positions: Positions::file(&file),
    };
    let (out, err, status) = run_command(command, table_file());
    let expected = [
        fixture("line_mate_in_1.out"),
        fixture("line_black_to_move.out"),
    ]
    .concat();
    assert_eq!(out, expected);
    assert_eq!(
        err,
        "error: line 1: FEN has no side to move: add \" w\" or \" b\" after the placement\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_batch_with_no_good_line_touches_no_table() {
    let table = scratch("never-written.tb");
    let _ = std::fs::remove_file(&table);
    let file = batch("all-bad.txt", &[KQ_V_K, "\n", KQ_V_K]);
    let command = Command::Probe {
        positions: Positions::file(&file),
        format: Format::Text,
    };
    let (out, err, status) = run_command(command, &table);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("error: line 1: {KQ_V_K_ERROR}\nerror: line 3: {KQ_V_K_ERROR}\n")
    );
    assert_eq!(status, Status::Invalid);
    assert!(!table.exists());
}

#[test]
fn a_missing_table_is_generated_saved_and_said() {
    let table = scratch("generated.tb");
    let _ = std::fs::remove_file(&table);
    let command = Command::Probe {
        positions: Positions::fen(fixture("probe_mate_in_1.in").trim()),
        format: Format::Text,
    };
    let (out, err, status) = run_command(command, &table);
    // The single-FEN form prints the answer without the FEN.
    let expected = fixture("probe_mate_in_1.out");
    let expected = expected.split_once('\n').unwrap().1.trim_end_matches('\n');
    assert_eq!(out, format!("{expected}\n"));
    let path = table.display();
    let size = thousands(std::fs::metadata(&table).unwrap().len());
    assert_eq!(
        err,
        format!(
            "no table at {path}: generating it (under a second)\nwrote {path} ({size} bytes)\n"
        )
    );
    assert_eq!(status, Status::Success);
    assert!(Table::load(&table).is_ok());
    let _ = std::fs::remove_file(&table);
}

#[test]
fn an_unreadable_batch_file_is_a_failure() {
    let command = Command::Probe {
        positions: Positions::file("/nonexistent/fens.txt"),
        format: Format::Text,
    };
    let (out, err, status) = run_command(command, table_file());
    assert_eq!(out, "");
    assert!(
        err.starts_with("error: cannot read \"/nonexistent/fens.txt\": "),
        "{err}"
    );
    assert_eq!(status, Status::Failure);
}

/// Issue 16, defect 2: one line that is not UTF-8 text (a comment in Latin-1) made the whole
/// batch unreadable; now it is one error and every other line is answered.
#[test]
fn defect_2_a_line_that_is_not_utf8_spoils_only_itself() {
    let file = scratch("latin1-batch.txt");
    let mut bytes = fixture("probe_mate_in_1.in").into_bytes();
    bytes.extend_from_slice(b"# caf\xe9\n");
    bytes.extend_from_slice(fixture("probe_checkmated.in").as_bytes());
    std::fs::write(&file, bytes).unwrap();
    let command = Command::Probe {
        positions: Positions::file(&file),
        format: Format::Text,
    };
    let (out, err, status) = run_command(command, table_file());
    let expected = [
        fixture("probe_mate_in_1.out"),
        fixture("probe_checkmated.out"),
    ]
    .concat();
    assert_eq!(out, expected);
    assert_eq!(
        err,
        "error: line 2: not UTF-8 text (byte 0xE9 at column 6)\n"
    );
    assert_eq!(status, Status::Invalid);
}
