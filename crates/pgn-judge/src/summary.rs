//! `--summary`: how many games got each verdict, and how their `Result` tags compare.

use std::fmt;

use crate::{
    judge::{Judgement, Verdict},
    pgn::{Agreement, PgnGame},
};

/// Counts over a run (or a part of one; parts add up with [`Tally::add`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games judged, broken games included.
    pub games: u64,
    /// Moves played on the board, over all games.
    pub moves: u64,
    /// Games by verdict, in [`Verdict::ALL`]'s order.
    pub verdicts: [u64; 7],
    /// PGN games that could not be judged.
    pub broken: u64,
    /// PGN games whose `Result` tag agrees with the verdict.
    pub agrees: u64,
    /// PGN games whose `Result` tag disagrees.
    pub disagrees: u64,
    /// PGN games without a `Result` tag.
    pub no_tag: u64,
    /// `error:` lines reported.
    pub errors: u64,
}

impl Tally {
    /// Counts a judged game.
    pub fn judged(&mut self, judgement: &Judgement) {
        self.games += 1;
        self.moves += u64::from(judgement.plies_played);
        let index = Verdict::ALL
            .iter()
            .position(|&v| v == judgement.verdict)
            .unwrap_or_default();
        self.verdicts[index] += 1;
    }

    /// Counts a PGN game, judged or broken.
    pub fn pgn_game(&mut self, game: &PgnGame<'_>) {
        match &game.outcome {
            Ok(judged) => self.judged(&judged.judgement),
            Err(_) => {
                self.games += 1;
                self.broken += 1;
            }
        }
        match game.agreement() {
            Some(Agreement::Agrees) => self.agrees += 1,
            Some(Agreement::Disagrees) => self.disagrees += 1,
            Some(Agreement::NoTag) => self.no_tag += 1,
            None => {}
        }
    }

    /// Adds another tally's counts.
    pub fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.moves += other.moves;
        for (mine, theirs) in self.verdicts.iter_mut().zip(other.verdicts) {
            *mine += theirs;
        }
        self.broken += other.broken;
        self.agrees += other.agrees;
        self.disagrees += other.disagrees;
        self.no_tag += other.no_tag;
        self.errors += other.errors;
    }
}

/// The summary as text lines for stderr; `pgn` adds the PGN counts.
#[derive(Clone, Copy, Debug)]
pub struct SummaryText<'a> {
    /// The counts.
    pub tally: &'a Tally,
    /// Whether the input was PGN.
    pub pgn: bool,
}

impl fmt::Display for SummaryText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tally = self.tally;
        let mut rows: Vec<(&str, u64)> = vec![("games", tally.games), ("moves", tally.moves)];
        rows.extend(Verdict::ALL.iter().map(|v| v.as_str()).zip(tally.verdicts));
        if self.pgn {
            rows.extend([
                ("broken PGN", tally.broken),
                ("Result agrees", tally.agrees),
                ("Result disagrees", tally.disagrees),
                ("no Result tag", tally.no_tag),
            ]);
        }
        rows.push(("errors", tally.errors));
        let width = rows
            .iter()
            .map(|(_, n)| n.to_string().len())
            .max()
            .unwrap_or(1);
        write!(f, "summary:")?;
        for (name, count) in rows {
            write!(f, "\n  {name:<16} {count:>width$}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_add_up_and_print_as_a_table() {
        let mut a = Tally::default();
        a.judged(&Judgement {
            verdict: Verdict::Draw,
            fault_ply: None,
            plies_played: 10,
        });
        let mut b = a.clone();
        b.errors = 1;
        a.add(&b);
        assert_eq!((a.games, a.moves, a.verdicts[3], a.errors), (2, 20, 2, 1));
        let text = SummaryText {
            tally: &a,
            pgn: false,
        }
        .to_string();
        assert!(
            text.starts_with("summary:\n  games             2\n  moves            20\n"),
            "{text}"
        );
    }
}
