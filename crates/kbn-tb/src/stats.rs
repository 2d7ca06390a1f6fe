//! Statistics of the table: positions won, drawn and illegal per side to move, the histogram of
//! depths to mate, the longest mates, and the seed's own counts.

use shakmaty::Color;

use crate::{
    index::Squares,
    position::Kbnk,
    table::Table,
    value::{Entry, Value},
};

/// Every placement of the four pieces on distinct squares: 64 · 63 · 62 · 61.
pub const PLACEMENTS: u64 = 64 * 63 * 62 * 61;

/// The statistics of one side to move, counting every placement of the pieces (both bishop
/// colours, no symmetry reduction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideStats {
    /// The side to move.
    pub turn: Color,
    /// Positions where White mates (a checkmated Black included).
    pub won: u64,
    /// Legal positions without a forced mate.
    pub drawn: u64,
    /// Placements on distinct squares that are not legal (kings touching, or the side not to
    /// move in check).
    pub illegal: u64,
    /// Positions by value: `histogram[0]` checkmated, `histogram[n]` mate in `n` moves.
    pub histogram: Vec<u64>,
    /// The longest mate and one position with it.
    pub longest: Option<(Value, Kbnk)>,
}

/// The counts the seed reported, counted its way: light-squared bishop only, every placement of
/// (white king, bishop, knight, black king) counted separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedCounts {
    /// Black to move and checkmated (the seed: 232).
    pub checkmates: u64,
    /// White to move with mate in 1 (the seed: 920).
    pub mate_in_one: u64,
    /// The longest forced mate, in moves (the seed: 33).
    pub longest: u8,
    /// White-to-move positions with a forced mate: the seed's solution base (the seed:
    /// 5,609,790).
    pub entries: u64,
}

impl SeedCounts {
    /// The figures the seed published: 232 checkmates, 920 mates in 1, the longest mate 33
    /// moves, 5,609,790 entries.
    pub const PUBLISHED: SeedCounts = SeedCounts {
        checkmates: 232,
        mate_in_one: 920,
        longest: 33,
        entries: 5_609_790,
    };
}

/// The statistics of the whole table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// White to move.
    pub white: SideStats,
    /// Black to move.
    pub black: SideStats,
    /// The seed's counts.
    pub seed: SeedCounts,
}

impl Stats {
    /// Counts the statistics of a table.
    pub fn of(table: &Table) -> Stats {
        let mut white = SideStats::new(Color::White);
        let mut black = SideStats::new(Color::Black);
        let mut seed = SeedCounts {
            checkmates: 0,
            mate_in_one: 0,
            longest: 0,
            entries: 0,
        };
        let black_entries = table.black_entries();
        for (index, &b) in black_entries.iter().enumerate() {
            let squares = Squares::from_index(index);
            if !squares.is_canonical() || !squares.distinct() {
                continue;
            }
            let orbit = orbit_size(squares);
            // Half of the placements of every orbit have the bishop on a light square: a mirror
            // in a file or rank changes the bishop's colour, a mirror in the diagonal does not.
            let light = orbit / 2;
            let w = table.entry(index, Color::White);
            white.add(w, orbit, squares);
            black.add(b, orbit, squares);
            if b == Entry::MATED {
                seed.checkmates += light;
            }
            if w == Entry::mate(1) {
                seed.mate_in_one += light;
            }
            if let Some(plies) = w.plies() {
                seed.entries += light;
                seed.longest = seed.longest.max(Value::from_plies(plies).moves());
            }
        }
        for side in [&mut white, &mut black] {
            side.illegal = PLACEMENTS - side.won - side.drawn;
            while side.histogram.last() == Some(&0) {
                side.histogram.pop();
            }
        }
        Stats { white, black, seed }
    }
}

impl SideStats {
    fn new(turn: Color) -> SideStats {
        SideStats {
            turn,
            won: 0,
            drawn: 0,
            illegal: 0,
            histogram: vec![0; 64],
            longest: None,
        }
    }

    fn add(&mut self, entry: Entry, count: u64, squares: Squares) {
        match entry.value() {
            None => {}
            Some(Value::Draw) => self.drawn += count,
            Some(value) => {
                self.won += count;
                self.histogram[usize::from(value.moves())] += count;
                let longer = self.longest.is_none_or(|(v, _)| value.moves() > v.moves());
                if longer && let Ok(pos) = Kbnk::from_squares(squares, self.turn) {
                    self.longest = Some((value, pos));
                }
            }
        }
    }
}

/// The number of distinct placements a canonical position stands for: 8, or 4 when all four
/// pieces stand on the diagonal a1-h8 (the mirror in it leaves them in place).
fn orbit_size(squares: Squares) -> u64 {
    let on_diagonal = |sq: u8| sq.is_multiple_of(9);
    if [squares.wk, squares.bishop, squares.knight, squares.bk]
        .into_iter()
        .all(on_diagonal)
    {
        4
    } else {
        8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's counts, recounted by brute force over every light-bishop placement.
    #[test]
    fn seed_counts_by_brute_force_agree() {
        let table = Table::generate();
        let stats = Stats::of(&table);
        let mut checkmates = 0;
        let mut mate_in_one = 0;
        let mut entries = 0;
        let mut placements = 0;
        for wk in 0..64u8 {
            for bishop in (0..64u8).filter(|&sq| (sq / 8 + sq % 8) % 2 == 1) {
                for knight in 0..64u8 {
                    for bk in 0..64u8 {
                        let squares = Squares {
                            wk,
                            bishop,
                            knight,
                            bk,
                        };
                        if !squares.distinct() {
                            continue;
                        }
                        placements += 1;
                        let Some(index) = squares.index() else {
                            continue;
                        };
                        let w = table.entry(index, Color::White);
                        checkmates += u64::from(table.entry(index, Color::Black) == Entry::MATED);
                        mate_in_one += u64::from(w == Entry::mate(1));
                        entries += u64::from(w.plies().is_some());
                    }
                }
            }
        }
        assert_eq!(placements, PLACEMENTS / 2);
        // The seed's figures (its count of entries differs: see the README).
        assert_eq!(stats.seed.checkmates, 232);
        assert_eq!(stats.seed.mate_in_one, 920);
        assert_eq!(stats.seed.longest, 33);
        assert_eq!(stats.seed.entries, 5_411_092);
        // Every placement is won, drawn or illegal, for each side to move.
        for side in [&stats.white, &stats.black] {
            assert_eq!(side.won, side.histogram.iter().sum::<u64>());
            assert_eq!(side.won + side.drawn + side.illegal, PLACEMENTS);
        }
        assert_eq!(stats.seed.checkmates, checkmates);
        assert_eq!(stats.seed.mate_in_one, mate_in_one);
        assert_eq!(stats.seed.entries, entries);
    }
}
