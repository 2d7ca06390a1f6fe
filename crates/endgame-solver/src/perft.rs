//! The `perft` subcommand's output.
//!
//! Without `--divide`, one line: the number of leaf nodes at `depth`. With `--divide`, one line
//! per legal move, `<uci>: <count>`, sorted by the move's UCI text, then an empty line and
//! `Nodes searched: <total>` (Stockfish's and Fairy-Stockfish's `go perft` format, in a fixed
//! order):
//!
//! ```text
//! c6c7n: 112
//! c6c7q: 97
//! ...
//!
//! Nodes searched: 2039
//! ```

use std::io::{self, Write};

use small_board::Position;

/// The deepest perft counted: the count recurses once per ply (so an unbounded depth could
/// overflow the stack), and depth 12 already takes days on the task's material.
pub const MAX_DEPTH: u32 = 12;

/// Parses a perft depth for the command line: a whole number up to [`MAX_DEPTH`].
///
/// # Errors
///
/// The message clap shows after `invalid value '...' for '<DEPTH>': `.
pub fn parse_depth(text: &str) -> Result<u32, String> {
    let depth: u32 = text.parse().map_err(|e| format!("{e}"))?;
    if depth > MAX_DEPTH {
        return Err(format!(
            "depth {depth} is more than {MAX_DEPTH}, the deepest perft this tool counts"
        ));
    }
    Ok(depth)
}

/// Writes the perft of `pos` at `depth` to `out`, divided by root move when `divide` is set.
///
/// # Errors
///
/// Only the errors of writing to `out`.
pub fn write_perft(
    out: &mut impl Write,
    pos: &Position,
    depth: u32,
    divide: bool,
) -> io::Result<()> {
    if !divide {
        return writeln!(out, "{}", small_board::perft(pos, depth));
    }
    let rows = small_board::divide(pos, depth);
    for (m, count) in &rows {
        writeln!(out, "{m}: {count}")?;
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|(_, count)| count).sum()
    };
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_sums_to_perft() {
        let pos: Position = "5k1/2P2r1/3K3/7/5R1/7/7 w".parse().expect("seed position");
        let mut out = Vec::new();
        write_perft(&mut out, &pos, 2, true).expect("writes to a Vec");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(text.starts_with("c6c7n: "), "{text}");
        let total = small_board::perft(&pos, 2);
        assert!(
            text.ends_with(&format!("\n\nNodes searched: {total}\n")),
            "{text}"
        );
    }
}
