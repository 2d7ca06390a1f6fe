//! A proof without history that Black's draw goal fails: White keeps the game going while
//! moving along an order of its placements, so no position can occur a third time.
//!
//! Within a repetition segment (the positions since the last capture or pawn move) White's
//! placement changes only by White's moves. Merge the segment's equal neighbouring placements:
//! a position of the segment occurs at most as often as its White placement in that sequence
//! (each element of it stands for one position with Black to move and one with White to move).
//! So if no placement occurs three times in it, no position occurs three times.
//!
//! White makes sure of it by keeping to an order of its placements: every move goes to a higher
//! placement than the one before, but for at most one move in the segment (a *drop*). The
//! sequence is then one increasing run, a drop and another increasing run, each holding a
//! placement at most once. A capture or a pawn move starts a new segment with a new drop.
//!
//! The order ([`Run`]): the king's square first (a1 = 0, b1 = 1, ..., a2 = 7), then the other
//! pieces' squares (queen, rook, knight, bishop), numbered row by row after one of the board's
//! eight symmetries, which may change whenever the king moves (each king square is a block of
//! its own in the order, and the order inside a block is White's to choose). A move moves one
//! piece, so a king move goes up when its square's number does; another piece's move goes up
//! when its square's number does in the block's symmetry; and White need not name the symmetry
//! in advance, only keep one in which every move of the block went up.
//!
//! So whether White, keeping to the order from a state ([`Run`]: the drop, the symmetries left
//! in the block) on, can keep every position of the next k plies free of a stalemate, a dead
//! position and Black's mate depends on the position, k and the state alone: a search whose
//! entries the transposition table keeps like any other (monotone in k). Where it succeeds
//! Black's draw goal fails, whatever the history, as long as White's moves in the segment so
//! far kept to the order ([`run_of`]); where it fails, nothing is proved. While the drop is
//! still there the segment's positions all differ, so White's mate at any distance (the endgame
//! tables) keeps the game going too.
//!
//! It is the proof that matters in the balanced rook endings, where Black has no draw but by
//! repetition and the history-aware search grows about twice a ply. (Measured, README: letting
//! the king's symmetry, too, be chosen, or the other pieces come first, proves some positions a
//! few plies deeper but makes the proofs that fail, the common case inside the search, several
//! times dearer.)

use small_board::{Color, Move, MoveList, Position, Role, Square};

use crate::{
    table::{MoveHint, Table},
    tables::{Tables, index::Symmetry},
};

/// All eight symmetries of the board (bit s for symmetry s).
const ALL: u8 = 0xff;

/// `UP[from][to]`: the symmetries s in which a piece's move from square `from` to square `to`
/// goes up, that is in which the image of `to` under [`Symmetry`] s has the higher index (a1 =
/// 0, b1 = 1, ..., a2 = 7).
static UP: [[u8; 49]; 49] = {
    const fn image(s: u8, index: usize) -> usize {
        match Square::new(index as u32) {
            Some(sq) => Symmetry(s).apply(sq).index(),
            None => panic!("a square index"),
        }
    }
    let mut up = [[0u8; 49]; 49];
    let mut from = 0;
    while from < 49 {
        let mut to = 0;
        while to < 49 {
            let mut s = 0;
            while s < 8 {
                if image(s, to) > image(s, from) {
                    up[from][to] |= 1 << s;
                }
                s += 1;
            }
            to += 1;
        }
        from += 1;
    }
    up
};

/// Where White stands in keeping to the order in the current segment (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Whether the drop is still there.
    first: bool,
    /// The symmetries in which every move of the other pieces since the king's last move went
    /// up (never empty).
    block: u8,
}

impl Run {
    /// A new segment: the drop is there and the block just started.
    pub const FRESH: Run = Run {
        first: true,
        block: ALL,
    };

    /// Whether the drop is still there (then the segment's placements all differ).
    pub fn fresh(self) -> bool {
        self.first
    }

    /// The key of the state in the transposition table.
    fn key(self) -> u64 {
        u64::from(self.first) | u64::from(self.block) << 8
    }

    /// The state after a move of White's `king` (or another piece) from `from` to `to` that goes
    /// up in the order, if it does.
    fn step(self, king: bool, from: Square, to: Square) -> Option<Run> {
        let block = if king {
            (to.index() > from.index()).then_some(ALL)?
        } else {
            self.block & UP[from.index()][to.index()]
        };
        (block != 0).then_some(Run { block, ..self })
    }

    /// The state after the same move when it may spend the drop: it goes up, or the drop is
    /// spent (a new block, no drop left), or (`None`) it leaves the order with no drop left.
    fn after_step(self, king: bool, from: Square, to: Square) -> Option<Run> {
        match self.step(king, from, to) {
            Some(run) => Some(run),
            None if self.first => Some(Run {
                first: false,
                block: ALL,
            }),
            None => None,
        }
    }

    /// The state after White's reversible move `m` (see [`Run::after_step`]).
    fn after(self, m: Move) -> Option<Run> {
        self.after_step(m.role == Role::King, m.from, m.to)
    }

    /// How many symmetries the block has lost (fewer is freer).
    fn constraint(self) -> u32 {
        self.block.count_zeros()
    }
}

/// The state at the end of `segment` (the positions of the current repetition segment, in
/// order), or `None` if White's moves in it did not keep to the order.
pub fn run_of<'a>(segment: impl Iterator<Item = &'a Position>) -> Option<Run> {
    let mut run = Run::FRESH;
    let mut before: Option<&Position> = None;
    for pos in segment {
        if let Some(before) = before
            && before.turn() == Color::White
        {
            let (was, is) = (
                before.board().by_color(Color::White),
                pos.board().by_color(Color::White),
            );
            // A reversible move: one piece leaves one square for another.
            let (from, to) = ((was & !is).first()?, (is & !was).first()?);
            let king = pos.board().role_at(to) == Some(Role::King);
            run = run.after_step(king, from, to)?;
        }
        before = Some(pos);
    }
    Some(run)
}

/// The search, over the solver's transposition table and endgame tables.
pub struct Keeper<'a> {
    /// The transposition table (this search's entries under codes of their own).
    pub table: &'a mut Table,
    /// The endgame tables, for positions where they decide Black's draw.
    pub tables: &'a mut Option<Tables>,
    /// Counts the nodes searched.
    pub nodes: &'a mut u64,
}

impl Keeper<'_> {
    /// Whether White, keeping its placements apart from the state `run` on, keeps every
    /// position of the next `plies` plies, `pos` included, from ending in a draw or in Black's
    /// mate.
    pub fn keeps(&mut self, pos: &Position, plies: u32, run: Run) -> bool {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return pos.is_check() && pos.turn() == Color::Black;
        }
        if pos.is_dead() {
            return false;
        }
        if plies == 0 {
            return true;
        }
        // Entries hold whether Black breaks it (monotone in the plies, like Black's draw).
        let (stored, hint) = self.table.lookup_bound(run.key(), pos, plies);
        if let Some(breaks) = stored {
            return !breaks;
        }
        // The endgame tables' rules for Black's draw. With the drop still there, White's
        // placements in the segment all differ, so no position of it occurs twice yet (where
        // White mates, the game ends in White's mate or reaches the horizon without a third
        // occurrence).
        match self
            .tables
            .as_mut()
            .and_then(|t| t.black_draw(pos, plies, run.fresh()))
        {
            Some(true) => {
                self.table
                    .store_bound(run.key(), pos, plies, true, MoveHint::NONE);
                return false;
            }
            Some(false) => return true,
            None => {}
        }
        *self.nodes += 1;
        let white = pos.turn() == Color::White;
        // The hint first, then captures and pawn moves (a new segment); then White's moves that
        // keep to the order, those that leave the most symmetries first (king steps free them
        // all), and drops last; or Black's checks first (they are what drives White's king
        // down).
        let mut options: Vec<(u32, Move, Run)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let irreversible = m.capture.is_some() || m.role == Role::Pawn;
            let (priority, next) = if irreversible {
                (1, Run::FRESH)
            } else if !white {
                (if pos.play(m).is_check() { 2 } else { 3 }, run)
            } else {
                match run.after(m) {
                    Some(next) if next.first == run.first => (4 + next.constraint(), next),
                    Some(next) => (u32::MAX, next),
                    None => continue,
                }
            };
            let priority = if MoveHint::of(m) == hint { 0 } else { priority };
            options.push((priority, m, next));
        }
        options.sort_by_key(|o| o.0);
        // White needs one move that keeps it; Black breaks it with one move.
        let mut decided_by = MoveHint::NONE;
        let mut value = !white;
        for &(_, m, next) in &options {
            if self.keeps(&pos.play(m), plies - 1, next) == white {
                value = white;
                decided_by = MoveHint::of(m);
                break;
            }
        }
        self.table
            .store_bound(run.key(), pos, plies, !value, decided_by);
        value
    }
}

#[cfg(test)]
mod tests {
    use small_board::Rules;

    use super::*;

    fn line(fen: &str, ucis: &[&str]) -> Vec<Position> {
        let mut line = vec![Position::from_fen(fen, Rules::TASK).unwrap()];
        for uci in ucis {
            let pos = line[line.len() - 1];
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == *uci)
                .unwrap();
            line.push(pos.play(m));
        }
        line
    }

    /// Up is a king move to a higher square, or a rook move that goes up in a symmetry its
    /// other moves since the king's last one went up in too; the drop is spent by the first
    /// move down and a second one leaves the order. Black's moves do not count.
    #[test]
    fn a_step_back_spends_the_drop() {
        let fen = "7/7/7/3k3/7/7/K5R w";
        let fresh = |line: &[Position]| run_of(line.iter()).map(Run::fresh);
        let king = line(
            fen,
            &["a1b1", "d4d5", "b1a1", "d5d4", "a1b1", "d4d5", "b1a1"],
        );
        assert_eq!(fresh(&king[..2]), Some(true));
        assert_eq!(fresh(&king[..4]), Some(false));
        assert_eq!(fresh(&king[..6]), Some(false));
        assert_eq!(fresh(&king), None);
        // g1-g2 and g2-g1 go up in no common symmetry; with a king move between them they are
        // in different blocks.
        let rook = line(fen, &["g1g2", "d4d5", "g2g1"]);
        assert_eq!(fresh(&rook), Some(false));
        let blocks = line(fen, &["g1g2", "d4d5", "a1a2", "d5d4", "g2g1"]);
        assert_eq!(fresh(&blocks), Some(true));
    }

    /// The claim the order rests on: while the state lasts, the White placements of each run
    /// all differ (so none occurs three times in the segment). Random walks of a king, a queen
    /// and a rook, stepping anywhere, each step preferring one that stays in the run.
    #[test]
    fn runs_never_repeat_a_placement() {
        let square = |index: usize| Square::new(index as u32).unwrap();
        let mut rng = test_support::Rng::new(7);
        let mut longest = 0;
        for _ in 0..2_000 {
            // Squares of the king, the queen and the rook.
            let mut placement = [0usize, 1, 2];
            let mut run = Run::FRESH;
            let mut runs: Vec<Vec<[usize; 3]>> = vec![vec![placement]];
            for _ in 0..60 {
                let mut next = None;
                for _ in 0..8 {
                    let piece = rng.index(3);
                    let to = rng.index(49);
                    if placement.contains(&to) {
                        continue;
                    }
                    let stepped = run.step(piece == 0, square(placement[piece]), square(to));
                    if next.is_none() || stepped.is_some() {
                        next = Some((piece, to));
                    }
                    if stepped.is_some() {
                        break;
                    }
                }
                let Some((piece, to)) = next else {
                    continue;
                };
                let Some(after) = run.after_step(piece == 0, square(placement[piece]), square(to))
                else {
                    break;
                };
                placement[piece] = to;
                if after.fresh() == run.fresh() {
                    runs.last_mut().unwrap().push(placement);
                } else {
                    runs.push(vec![placement]);
                }
                run = after;
            }
            for placements in &runs {
                longest = longest.max(placements.len());
                let mut sorted = placements.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), placements.len(), "{placements:?}");
            }
        }
        assert!(
            longest > 30,
            "the walks are too short to test much: {longest}"
        );
    }
}
