//! Perft and legal move lists against Fairy-Stockfish: `fixtures/small-board/perft.txt`.
//!
//! Records are blocks of `id NAME`, `epd FEN`, `moves UCI...` (every legal move, sorted) and
//! `perft DEPTH COUNT` lines; `#` starts a comment. A failure names the record's line.

use std::path::Path;

use small_board::{Position, Rules, perft};

struct Record {
    line: usize,
    id: String,
    fen: String,
    moves: Option<Vec<String>>,
    counts: Vec<(u32, u64)>,
}

fn records(text: &str) -> Vec<Record> {
    let mut records: Vec<Record> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => records.push(Record {
                line: index + 1,
                id: value.to_owned(),
                fen: String::new(),
                moves: None,
                counts: Vec::new(),
            }),
            "epd" | "moves" | "perft" => {
                let record = records
                    .last_mut()
                    .unwrap_or_else(|| panic!("line {}: {key} before any id", index + 1));
                match key {
                    "epd" => record.fen = value.to_owned(),
                    "moves" => {
                        record.moves = Some(value.split_whitespace().map(str::to_owned).collect());
                    }
                    _ => {
                        let mut parts = value.split_whitespace().map(str::parse::<u64>);
                        let (Some(Ok(depth)), Some(Ok(count)), None) =
                            (parts.next(), parts.next(), parts.next())
                        else {
                            panic!("line {}: bad perft line {line:?}", index + 1);
                        };
                        let depth = u32::try_from(depth).expect("small depth");
                        record.counts.push((depth, count));
                    }
                }
            }
            _ => panic!("line {}: unknown key {key:?}", index + 1),
        }
    }
    records
}

#[test]
fn perft_equals_fairy_stockfish() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/small-board/perft.txt");
    let text = std::fs::read_to_string(&path).expect("fixtures/small-board/perft.txt");
    assert!(text.contains("# Source:"), "the table names its source");
    let records = records(&text);
    assert!(records.len() >= 30, "only {} positions", records.len());

    let mut failures = Vec::new();
    for record in &records {
        let at = format!("line {} ({})", record.line, record.id);
        let pos = match Position::from_fen(&record.fen, Rules::TASK) {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{at}: {e}"));
                continue;
            }
        };
        if let Some(expected) = &record.moves {
            let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            ours.sort();
            if &ours != expected {
                failures.push(format!("{at}: moves {ours:?}, expected {expected:?}"));
            }
        }
        for &(depth, expected) in &record.counts {
            let ours = perft(&pos, depth);
            if ours != expected {
                failures.push(format!("{at}: perft {depth} = {ours}, expected {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
