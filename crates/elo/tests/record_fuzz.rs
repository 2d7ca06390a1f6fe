//! Property tests of the record parser: any text or bytes yield records or errors with sensible
//! line numbers, never a panic; well-formed batches read back exactly; a batch with one line
//! deleted, or one line spoilt by a byte that is not UTF-8, loses only that line's record.

use chess_core::render::Glyphs;
use elo::{Answer, Records, records, render};
use proptest::prelude::*;
use toolkit_cli::Lines;

/// A generated record: placement, names, ratings and games (all within bounds).
#[derive(Clone, Debug)]
struct Rec {
    placement: String,
    names: [String; 2],
    numbers: [(u16, u16); 2],
}

impl Rec {
    fn lines(&self) -> Vec<String> {
        vec![
            self.placement.clone(),
            self.names[0].clone(),
            format!("{} {}", self.numbers[0].0, self.numbers[0].1),
            self.names[1].clone(),
            format!("{} {}", self.numbers[1].0, self.numbers[1].1),
        ]
    }
}

/// A placement field from 64 cells, rank 8 first, `.` for an empty square.
fn placement(cells: &[char]) -> String {
    cells
        .chunks(8)
        .map(|rank| {
            let mut out = String::new();
            let mut empty = 0;
            for &cell in rank {
                if cell == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(cell);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn rec() -> impl Strategy<Value = Rec> {
    let cells = prop::collection::vec(
        prop_oneof![4 => Just('.'), 1 => prop::sample::select("pnbrqkPNBRQK".chars().collect::<Vec<_>>())],
        64,
    );
    let name = "[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ' .-]{0,20}".prop_map(|s| s.trim().to_owned());
    let numbers = (1000u16..=5000, 0u16..=10000);
    (cells, [name.clone(), name], [numbers.clone(), numbers]).prop_map(|(cells, names, numbers)| {
        Rec {
            placement: placement(&cells),
            names,
            numbers,
        }
    })
}

/// The lines of a batch, with 0 to 2 blank lines between records.
fn batch(recs: &[Rec], gaps: &[usize]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, rec) in recs.iter().enumerate() {
        lines.extend(rec.lines());
        lines.extend(std::iter::repeat_n(String::new(), gaps[i % gaps.len()]));
    }
    lines
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let line_count = text.lines().count();
        let results: Vec<_> = records(&text).collect();
        prop_assert!(!results.is_empty());
        prop_assert!(results.len() <= line_count.max(1));
        for result in results {
            match result {
                Ok(record) => {
                    let text = render::text(&Answer::new(&record), Glyphs::Ascii, None);
                    prop_assert_eq!(text.lines().count(), 12);
                }
                Err(err) => prop_assert!(
                    err.line().is_some_and(|line| (1..=line_count + 1).contains(&line)),
                    "{err}"
                ),
            }
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let line_count = bytes.split(|&b| b == b'\n').count();
        for result in Records::new(Lines::new(&bytes[..])) {
            if let Err(err) = result {
                prop_assert!(
                    err.line().is_some_and(|line| (1..=line_count + 1).contains(&line)),
                    "{err}"
                );
            }
        }
    }

    #[test]
    fn record_shaped_text_never_panics(
        lines in prop::collection::vec("[0-9 /pnbrqkPNBRQKx+-]{0,24}|[A-Z][a-z]{0,5} [A-Z][a-z]{0,5}", 0..16),
    ) {
        let text = lines.join("\n");
        for result in records(&text) {
            if let Err(err) = result {
                prop_assert!(!err.to_string().is_empty());
            }
        }
    }

    #[test]
    fn well_formed_batches_read_back(recs in prop::collection::vec(rec(), 1..6), gaps in prop::collection::vec(0usize..3, 1..4)) {
        let text = batch(&recs, &gaps).join("\n");
        let results: Vec<_> = records(&text).collect();
        prop_assert_eq!(results.len(), recs.len());
        for (want, got) in recs.iter().zip(results) {
            let got = got.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(got.board.board_fen().to_string(), want.placement.clone());
            let players = [&got.players.white, &got.players.black];
            for (i, player) in players.into_iter().enumerate() {
                prop_assert_eq!(&player.name, &want.names[i]);
                prop_assert_eq!(player.rating.get(), want.numbers[i].0);
                prop_assert_eq!(player.games.get(), want.numbers[i].1);
            }
        }
    }

    /// The README's promise: a missing line spoils only its own record, with or without blank
    /// lines between records.
    #[test]
    fn a_deleted_line_spoils_only_its_record(
        recs in prop::collection::vec(rec(), 1..6),
        gaps in prop::collection::vec(0usize..3, 1..4),
        which in any::<prop::sample::Index>(),
        line in 0usize..5,
    ) {
        let bad = which.index(recs.len());
        let mut lines = Vec::new();
        for (i, rec) in recs.iter().enumerate() {
            let mut own = rec.lines();
            if i == bad {
                own.remove(line);
            }
            lines.extend(own);
            lines.extend(std::iter::repeat_n(String::new(), gaps[i % gaps.len()]));
        }
        let results: Vec<_> = records(&lines.join("\n")).collect();
        prop_assert_eq!(results.len(), recs.len());
        for (i, result) in results.iter().enumerate() {
            prop_assert_eq!(result.is_ok(), i != bad, "record {}: {:?}", i, result);
        }
    }

    /// Issue 16, defect 2, generalised: a byte that is not UTF-8 in any line spoils only that
    /// line's record, which is reported at that line.
    #[test]
    fn a_bad_byte_spoils_only_its_record(
        recs in prop::collection::vec(rec(), 1..6),
        gaps in prop::collection::vec(1usize..3, 1..4),
        which in any::<prop::sample::Index>(),
        line in 0usize..5,
        byte in 0x80u8..=0xff,
    ) {
        let bad = which.index(recs.len());
        let mut lines: Vec<Vec<u8>> = Vec::new();
        let mut bad_line = 0;
        for (i, rec) in recs.iter().enumerate() {
            for (j, text) in rec.lines().into_iter().enumerate() {
                let mut text = text.into_bytes();
                if (i, j) == (bad, line) {
                    text.insert(0, byte);
                    bad_line = lines.len() + 1;
                }
                lines.push(text);
            }
            lines.extend(std::iter::repeat_n(Vec::new(), gaps[i % gaps.len()]));
        }
        let input = lines.join(&b'\n');
        let results: Vec<_> = Records::new(Lines::new(&input[..])).collect();
        prop_assert_eq!(results.len(), recs.len());
        for (i, result) in results.iter().enumerate() {
            match result {
                Ok(_) => prop_assert!(i != bad),
                Err(err) => {
                    prop_assert_eq!(i, bad);
                    prop_assert_eq!(err.line(), Some(bad_line), "{}", err);
                }
            }
        }
    }
}
