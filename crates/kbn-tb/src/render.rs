//! The text output of the commands: probes, lines, statistics.

use std::fmt::Write as _;

use chess_core::names::color_name;
use shakmaty::{Color, san::SanPlus};

use crate::{
    stats::{PLACEMENTS, SeedCounts, SideStats, Stats},
    table::Probe,
    value::Value,
};

/// A probe as text: the value on the first line, then one line per move, best first:
/// SAN, UCI and the value after the move, in columns.
///
/// ```text
/// mate in 1
/// Bc3#    e1c3   mated
/// Nd3     c1d3   mate in 4
/// ```
pub fn probe(probe: &Probe) -> String {
    let mut text = format!("{}\n", probe.value);
    for mv in &probe.moves {
        let _ = writeln!(
            text,
            "{:<7} {:<6} {}",
            mv.san.to_string(),
            mv.uci.to_string(),
            mv.value
        );
    }
    text
}

/// An optimal line as text, one move pair per line (`1. Kc3 Kb1`; `1... Kb1` when Black moves
/// first), or the value alone (`draw`, `mated`) when there is no line.
pub fn line(turn: Color, value: Value, moves: &[SanPlus]) -> String {
    if moves.is_empty() {
        return format!("{value}\n");
    }
    let mut text = String::new();
    let mut moves = moves.iter();
    let mut number = 1;
    if turn == Color::Black {
        if let Some(first) = moves.next() {
            let _ = writeln!(text, "1... {first}");
        }
        number = 2;
    }
    let rest: Vec<&SanPlus> = moves.collect();
    for pair in rest.chunks(2) {
        let _ = write!(text, "{number}. {}", pair[0]);
        if let Some(reply) = pair.get(1) {
            let _ = write!(text, " {reply}");
        }
        text.push('\n');
        number += 1;
    }
    text
}

/// A count with thousands separators: `5,609,790`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The statistics as text.
pub fn stats(stats: &Stats) -> String {
    let (w, b) = (&stats.white, &stats.black);
    let mut text = String::from(
        "KBNvK, every placement of the pieces counted (both bishop colours, no symmetry reduction)\n\n",
    );
    let row = |text: &mut String, label: &str, w: u64, b: u64| {
        let _ = writeln!(text, "{label:<14}{:>16}{:>16}", thousands(w), thousands(b));
    };
    let _ = writeln!(
        text,
        "{:<14}{:>16}{:>16}",
        "", "White to move", "Black to move"
    );
    row(&mut text, "won", w.won, b.won);
    row(&mut text, "drawn", w.drawn, b.drawn);
    row(&mut text, "illegal", w.illegal, b.illegal);
    row(&mut text, "placements", PLACEMENTS, PLACEMENTS);
    text.push_str("\npositions by depth to mate (White moves)\n");
    let depth = w.histogram.len().max(b.histogram.len());
    for n in 0..depth {
        let label = if n == 0 {
            "mated".to_owned()
        } else {
            format!("mate in {n}")
        };
        let count = |side: &SideStats| side.histogram.get(n).copied().unwrap_or(0);
        row(&mut text, &label, count(w), count(b));
    }
    text.push('\n');
    for side in [w, b] {
        if let Some((value, pos)) = side.longest {
            let who = color_name(side.turn);
            let _ = writeln!(text, "longest mate, {who} to move: {value}, e.g. {pos}");
        }
    }
    let seed = &stats.seed;
    let published = SeedCounts::PUBLISHED;
    text.push_str("\nthe seed's counts (light-squared bishop, every placement counted)\n");
    let seed_row = |text: &mut String, label: &str, ours: String, theirs: String| {
        let _ = writeln!(text, "{label:<32}{ours:>12}   (seed: {theirs})");
    };
    seed_row(
        &mut text,
        "checkmates (Black to move)",
        thousands(seed.checkmates),
        thousands(published.checkmates),
    );
    seed_row(
        &mut text,
        "mate in 1 (White to move)",
        thousands(seed.mate_in_one),
        thousands(published.mate_in_one),
    );
    seed_row(
        &mut text,
        "longest mate (moves)",
        seed.longest.to_string(),
        published.longest.to_string(),
    );
    seed_row(
        &mut text,
        "won, White to move (entries)",
        thousands(seed.entries),
        thousands(published.entries),
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(5_609_790), "5,609,790");
    }
}
