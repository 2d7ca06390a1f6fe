"""Writes crates/pgn-judge/tests/board_audit.rs from the cases cases.py checked with python-chess.
Run from the workspace root: python3 xtask/oracles/pgn-judge/board_audit/cases.py &&
python3 xtask/oracles/pgn-judge/board_audit/emit_rust.py &&
rustfmt --edition 2024 crates/pgn-judge/tests/board_audit.rs"""
import json
cases = json.load(open('/tmp/board_audit_cases.json'))
out = ['''//! Targeted positions from the audit of the `pgn-speed` branch (the judge's own board: en
//! passant, castling rights and Chess960 castling, promotions, pins, double check, ambiguity and
//! the final mate/stalemate test). Every expected verdict was computed by python-chess from the
//! spec's rules (`xtask/oracles/pgn-judge/board_audit/cases.py`), not from this crate's output.

use std::num::NonZeroUsize;

use pgn_judge::{Format, Options, run};
use toolkit_cli::{Diagnostics, Input};

fn judge_one(fen: Option<&str>, chess960: bool, moves: &str) -> String {
    let mut text = String::new();
    if chess960 {
        text.push_str("[Variant \\"Chess960\\"]\\n");
    }
    if let Some(fen) = fen {
        text.push_str(&format!("[SetUp \\"1\\"]\\n[FEN \\"{fen}\\"]\\n"));
    }
    text.push_str(&format!("\\n{moves} *\\n"));
    let options = Options {
        format: Format::Pgn,
        first_error: true,
        jobs: NonZeroUsize::MIN,
        ..Options::default()
    };
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    run(Input::from_bytes(text.as_bytes()), &options, &mut out, &mut diag).unwrap();
    let err = String::from_utf8(diag.into_inner()).unwrap();
    assert_eq!(err, "", "{text}");
    String::from_utf8(out).unwrap()
}

fn check(fen: Option<&str>, chess960: bool, moves: &str, verdict: &str, ply: Option<u32>) {
    let out = judge_one(fen, chess960, moves);
    match ply {
        None => assert_eq!(out, format!("1. ? - ?: {verdict}; no Result tag\\n"), "{fen:?} {moves}"),
        Some(ply) => assert!(
            out.starts_with(&format!("1. ? - ?: {verdict} at ply {ply}: ")),
            "{fen:?} {moves}: expected {verdict} at ply {ply}, got {out}"
        ),
    }
}
''']
for name, fen, c960, moves, v, p in cases:
    fen_s = 'None' if fen is None else 'Some("%s")' % fen
    ply_s = 'None' if p is None else 'Some(%d)' % p
    out.append('''
#[test]
fn %s() {
    check(%s, %s, "%s", "%s", %s);
}
''' % (name.lower(), fen_s, 'true' if c960 else 'false', moves, v, ply_s))
open('crates/pgn-judge/tests/board_audit.rs', 'w').write(''.join(out))
