//! The order White keeps to so that no position occurs a third time, whatever Black does: the
//! certificate behind the history-free proof that Black's draw goal fails (the search in
//! `survival`, the table in [`keep`](super::keep)).
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
//! Each run only needs its own placements apart, so the order may also be seen after any
//! symmetry of the board (its *orientation*, [`run_of`]'s `sym`), chosen anew when a run
//! starts, and the drop may be spent on any move, even one that goes up: the keep table
//! (`keep`) lets White do both; a segment read back by [`run_of`] is read in one orientation.
//!
//! A run may start later ([`Steps::runs`]). White may count its moves from a later position X
//! of the segment as a new segment's (the drop there) when the positions before X all differ
//! and X's king stands higher in the orientation than the king of each of them (but the one
//! Black moved from to reach X, which has X's placement): the run from X never comes to those
//! earlier placements (its king only goes up), and the run after the drop comes to each at
//! most once, so each earlier position occurs at most twice, and each later one at most once
//! per run. Likewise a single run with the drop spent may start at any position of the
//! segment, in any orientation, when the positions before it all differ (its king need not
//! stand higher): it comes to each of them at most once. The keep table's values in those
//! states then hold after the whole segment (with the drop there, the segment's positions all
//! differ, as the table's rule on White's mate needs).

use small_board::{Bitboard, Color, Move, Position, Role, Square};

use super::index::Symmetry;

/// The fewest plies in which a position with no relevant history (a new segment's first, or one
/// whose segment holds no position that could come back in time) can reach a third occurrence:
/// the current position returns twice, each return taking at least four plies (White must move
/// a piece away and back, and so must Black); a new position needs one ply more. Before it, no
/// order is needed: the game is the one without repetition.
pub const FIRST_TRIPLE: u32 = 8;

/// All eight symmetries of the board (bit s for symmetry s): the block no move has narrowed.
pub const ALL: u8 = 0xff;

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

    /// The drop just spent: a new block, no drop left.
    pub const SPENT: Run = Run {
        first: false,
        block: ALL,
    };

    /// Whether the drop is still there (then the segment's placements all differ).
    pub fn fresh(self) -> bool {
        self.first
    }

    /// The key of the state in the transposition table.
    pub fn key(self) -> u64 {
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
            None if self.first => Some(Run::SPENT),
            None => None,
        }
    }

    /// The state after White's reversible move `m`: it goes up, or the drop is spent (a new
    /// block, no drop left), or (`None`) it leaves the order with no drop left.
    pub fn after(self, m: Move) -> Option<Run> {
        self.after_in(m, Symmetry::IDENTITY)
    }

    /// The state after White's reversible move `m` in the order seen after `sym`.
    pub fn after_in(self, m: Move, sym: Symmetry) -> Option<Run> {
        self.after_step(m.role == Role::King, sym.apply(m.from), sym.apply(m.to))
    }

    /// How many symmetries the block has lost (fewer is freer).
    pub fn constraint(self) -> u32 {
        self.block.count_zeros()
    }
}

/// The blocks a rook's moves can leave: a move along a file goes up in the four symmetries that
/// keep the ranks' direction (or in the four that reverse it), a move along a rank likewise
/// with the files; so a block of rook moves is fixed by at most one direction per axis. Most
/// constrained first (a rook move from a block leads to the same block or one before it).
pub const ROOK_BLOCKS: [u8; 9] = [0x11, 0x22, 0x44, 0x88, 0x33, 0xcc, 0x55, 0xaa, ALL];

/// The number of states a rook's moves can lead to: the drop there or not, times
/// [`ROOK_BLOCKS`].
pub const ROOK_STATES: usize = 2 * ROOK_BLOCKS.len();

/// The place of `block` in [`ROOK_BLOCKS`], if it is one (the empty set never is).
pub fn block_index(block: u8) -> Option<usize> {
    ROOK_BLOCKS.iter().position(|&b| b == block)
}

impl Run {
    /// The state's number among the [`ROOK_STATES`] (the drop spent first), if its block is one
    /// of [`ROOK_BLOCKS`].
    pub fn rook_state(self) -> Option<usize> {
        let block = block_index(self.block)?;
        Some(usize::from(self.first) * ROOK_BLOCKS.len() + block)
    }

    /// The state numbered `state` by [`Run::rook_state`].
    pub fn of_rook_state(state: usize) -> Run {
        Run {
            first: state >= ROOK_BLOCKS.len(),
            block: ROOK_BLOCKS[state % ROOK_BLOCKS.len()],
        }
    }

    /// The symmetries left in the block (bit s for symmetry s).
    pub fn block(self) -> u8 {
        self.block
    }
}

/// The symmetries in which a move from `from` to `to` goes up (see `UP`).
pub fn up(from: Square, to: Square) -> u8 {
    UP[from.index()][to.index()]
}

/// The index of `sq` after the symmetry `s` (a1 = 0, b1 = 1, ..., a2 = 7): a rook move that
/// stays in a block goes up in it for every symmetry of the block.
pub fn index_in(s: u8, sq: Square) -> usize {
    Symmetry(s).apply(sq).index()
}

/// The state at the end of `segment` (the positions of the current repetition segment, in
/// order) in the order seen after the symmetry `sym` (the order's orientation, White's to
/// choose when a segment or a run starts), or `None` if White's moves in it did not keep to it.
pub fn run_of<'a>(segment: impl Iterator<Item = &'a Position>, sym: Symmetry) -> Option<Run> {
    run_from(Run::FRESH, segment, sym)
}

/// [`run_of`] for a run started in the state `run`.
fn run_from<'a>(
    mut run: Run,
    segment: impl Iterator<Item = &'a Position>,
    sym: Symmetry,
) -> Option<Run> {
    let mut before: Option<&Position> = None;
    for pos in segment {
        if let Some(b) = before.filter(|b| b.turn() == Color::White) {
            let step = Step::between(b.board().by_color(Color::White), pos)?;
            run = run.after_step(step.king, sym.apply(step.from), sym.apply(step.to))?;
        }
        before = Some(pos);
    }
    Some(run)
}

/// The runs of the order going on in one orientation, as a set of their states (bit
/// [`Run::rook_state`]). A state whose block is not a rook block (a queen's diagonal move can
/// leave one) is left out, which only proves less; in the rook ending every block is one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RunSet(u32);

impl RunSet {
    fn insert(&mut self, run: Run) {
        if let Some(state) = run.rook_state() {
            self.0 |= 1 << state;
        }
    }

    /// The states in increasing order, a set bit at a time (a search reads them for every
    /// reply it weighs).
    fn iter(self) -> impl Iterator<Item = Run> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let state = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (state < ROOK_STATES).then(|| Run::of_rook_state(state))
        })
    }
}

/// A segment's positions as they come, read for the many states a search asks of it: the runs
/// of the order that may count as started in it, in each orientation ([`Steps::runs`]), and
/// which positions came back. A position is pushed in constant time, so a search keeps one per
/// node of its path.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    /// Per orientation: the runs going on at the last position.
    runs: [RunSet; 8],
    /// Per orientation: the highest White king (its index in the orientation) so far.
    highest: [Option<u8>; 8],
    /// The last position's White pieces and side to move, once there is one.
    last: Option<(Bitboard, Color)>,
    /// Whether some step did not move one piece from one square to another (a segment's moves
    /// all do: they are reversible); then no run goes on.
    broken: bool,
    /// The block of rook moves while White has moved only its rook, each move going up in every
    /// symmetry of it ([`Steps::open_block`]).
    open: Option<u8>,
    /// Whether some position before the last one came back, and whether some position did.
    repeated_before: bool,
    repeated: bool,
}

/// A White move of a segment (see [`Steps`]).
#[derive(Clone, Copy, Debug)]
struct Step {
    from: Square,
    to: Square,
    king: bool,
}

impl Step {
    /// White's move from a position with the White pieces `was` to `pos`, if it moved one piece
    /// from one square to another.
    fn between(was: Bitboard, pos: &Position) -> Option<Step> {
        let is = pos.board().by_color(Color::White);
        let (from, to) = ((was & !is).first()?, (is & !was).first()?);
        let king = pos.board().role_at(to) == Some(Role::King);
        Some(Step { from, to, king })
    }
}

impl Steps {
    /// A segment with no position yet.
    pub const EMPTY: Steps = Steps {
        runs: [RunSet(0); 8],
        highest: [None; 8],
        last: None,
        broken: false,
        open: Some(ALL),
        repeated_before: false,
        repeated: false,
    };

    /// The positions of `segment`, in order.
    pub fn of<'a>(segment: impl Iterator<Item = &'a Position>) -> Steps {
        // Positions sharing a key count as the same, which only makes a start rarer.
        let mut seen: Vec<(u64, Color)> = Vec::new();
        let mut steps = Steps::EMPTY;
        for pos in segment {
            let key = (pos.key(), pos.turn());
            steps.push(pos, seen.contains(&key));
            seen.push(key);
        }
        steps
    }

    /// Counts `pos`, the segment's next position (`repeat`: it occurred before in the segment).
    /// A run counts as started at it (see the module docs, "A run may start later") if it is
    /// the first, or if the positions before it all differ and its king stands higher than in
    /// every one of them but the one Black moved from to reach it; a single run with the drop
    /// spent, if the positions before it all differ. (A run started at that one
    /// comes to it too, so the exception adds no state: a new run starts only where the king
    /// stands higher than ever.)
    pub fn push(&mut self, pos: &Position, repeat: bool) {
        let white = pos.board().by_color(Color::White);
        let step = match self.last {
            Some((was, Color::White)) => {
                let step = Step::between(was, pos);
                self.broken |= step.is_none();
                step
            }
            _ => None,
        };
        if self.broken {
            self.open = None;
        } else if let Some(step) = step {
            self.open = self
                .open
                .map(|block| block & up(step.from, step.to))
                .filter(|&block| !step.king && block != 0);
        }
        let king = pos.king(Color::White);
        for (s, (runs, highest)) in self.runs.iter_mut().zip(&mut self.highest).enumerate() {
            let sym = Symmetry(s as u8);
            if let Some(step) = step {
                let (from, to) = (sym.apply(step.from), sym.apply(step.to));
                let mut after = RunSet::default();
                for run in runs.iter() {
                    if let Some(run) = run.after_step(step.king, from, to) {
                        after.insert(run);
                    }
                }
                *runs = after;
            }
            let height = Some(sym.apply(king).index() as u8);
            if self.last.is_none() || (!self.repeated && *highest < height) {
                runs.insert(Run::FRESH);
            }
            if !self.repeated {
                runs.insert(Run::SPENT);
            }
            *highest = (*highest).max(height);
        }
        self.repeated_before = self.repeated;
        self.repeated |= repeat;
        self.last = Some((white, pos.turn()));
    }

    /// The states at the last position, in the order seen after `sym`, of the runs White may
    /// count as started in the segment (see [`Steps::push`]). Each state once: runs that reach
    /// the same state go on alike.
    pub fn runs(&self, sym: Symmetry) -> impl Iterator<Item = Run> {
        let runs = if self.broken {
            RunSet::default()
        } else {
            self.runs[usize::from(sym.0)]
        };
        runs.iter()
    }

    /// Whether a run with the drop spent may start at the segment's last position (in any
    /// orientation, or in one its king's first move picks: the keep table's open states after
    /// the drop): the positions before it all differ, and the run comes to each at most once.
    pub fn single_run(&self) -> bool {
        !self.repeated_before
    }

    /// The block of rook moves of the segment where White has moved only its rook, each move
    /// going up in every symmetry of the block: the keep table's open state for its last
    /// position; `None` once White's king has moved or the rook's moves go up in no symmetry
    /// together.
    pub fn open_block(&self) -> Option<u8> {
        self.open
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

    /// Every rook move goes up in one of the four one-direction blocks, and the blocks are
    /// closed under the narrowing a move does.
    #[test]
    fn rook_moves_keep_to_the_rook_blocks() {
        let singles = [0x33u8, 0xcc, 0x55, 0xaa];
        for from in Square::all() {
            for to in Square::all() {
                let along = from.file() == to.file() || from.rank() == to.rank();
                if from != to && along {
                    assert!(
                        singles.contains(&UP[from.index()][to.index()]),
                        "{from}{to}"
                    );
                }
            }
        }
        for &block in &ROOK_BLOCKS {
            for single in singles {
                let narrowed = block & single;
                assert!(narrowed == 0 || ROOK_BLOCKS.contains(&narrowed));
                // Most constrained first.
                if narrowed != 0 && narrowed != block {
                    assert!(block_index(narrowed) < block_index(block));
                }
            }
        }
        for state in 0..ROOK_STATES {
            assert_eq!(Run::of_rook_state(state).rook_state(), Some(state));
        }
    }

    /// Up is a king move to a higher square, or a rook move that goes up in a symmetry its
    /// other moves since the king's last one went up in too; the drop is spent by the first
    /// move down and a second one leaves the order. Black's moves do not count.
    #[test]
    fn a_step_back_spends_the_drop() {
        let fen = "7/7/7/3k3/7/7/K5R w";
        let fresh = |line: &[Position]| run_of(line.iter(), Symmetry::IDENTITY).map(Run::fresh);
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

    /// A segment stays open while White moves only its rook, each move up in some symmetry
    /// the earlier ones went up in too: g1-g2 and g2-g1 never are; a king move closes it.
    #[test]
    fn only_rook_moves_keep_a_segment_open() {
        let fen = "7/7/7/3k3/7/7/K5R w";
        let open = |ucis: &[&str]| Steps::of(line(fen, ucis).iter()).open_block();
        assert_eq!(open(&[]), Some(ALL));
        assert_eq!(open(&["g1g2"]), Some(up(Square::G1, Square::G2)));
        assert_eq!(
            open(&["g1g2", "d4d5", "g2g3"]),
            Some(up(Square::G1, Square::G2))
        );
        assert_eq!(open(&["g1g2", "d4d5", "g2g1"]), None);
        assert_eq!(open(&["a1b1"]), None);
        assert_eq!(open(&["g1g2", "d4d5", "a1b1"]), None);
    }

    /// A run may start again where White's king stands higher than ever before in the segment
    /// (with the drop there, so fresh), while the positions before it all differ: here the king
    /// steps b1-a1 (the drop) and then up to a2, above b1. When Black's king came back to d4,
    /// the start position occurs twice before a2, and no run starts there. A run with the drop
    /// spent may start at the last position while the positions before it all differ.
    #[test]
    fn a_run_starts_again_where_the_king_is_highest() {
        let fen = "7/7/7/3k3/7/7/K5R w";
        let fresh = |ucis: &[&str]| {
            Steps::of(line(fen, ucis).iter())
                .runs(Symmetry::IDENTITY)
                .into_iter()
                .any(Run::fresh)
        };
        let single = |ucis: &[&str]| Steps::of(line(fen, ucis).iter()).single_run();
        assert!(!fresh(&["a1b1", "d4d5", "b1a1", "d5d6"]));
        assert!(fresh(&["a1b1", "d4d5", "b1a1", "d5d6", "a1a2"]));
        assert!(fresh(&["a1b1", "d4d5", "b1a1", "d5d6", "a1a2", "d6d7"]));
        // Black's king back on d4: the start twice before a2.
        assert!(!fresh(&["a1b1", "d4d5", "b1a1", "d5d4", "a1a2"]));
        assert!(single(&["a1b1", "d4d5", "b1a1", "d5d6"]));
        assert!(single(&["a1b1", "d4d5", "b1a1", "d5d4"]));
        assert!(!single(&["a1b1", "d4d5", "b1a1", "d5d4", "a1a2"]));
    }

    /// The runs [`Steps`] carries along are those of its definition, read from scratch: a run
    /// from the first position, and from each later one whose king stands higher in the
    /// orientation than in every earlier position but the one Black moved from to reach it,
    /// while the positions before it all differ ([`run_of`] from there), and a run with the
    /// drop spent from each position whose earlier positions all differ. Random rook
    /// endings lines, each side often undoing its last move to come to a position again.
    #[test]
    fn steps_carry_the_runs_of_their_definition() {
        let mut rng = test_support::Rng::new(11);
        let start = Position::from_fen("7/7/7/3k3/7/7/K5R w", Rules::TASK).unwrap();
        let (mut starts, mut repeats) = (0, 0);
        for _ in 0..300 {
            let mut line = vec![start];
            let mut steps = Steps::of(line.iter());
            let mut played = Vec::new();
            for _ in 0..40 {
                let pos = line[line.len() - 1];
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.capture.is_none())
                    .collect();
                if moves.is_empty() {
                    break;
                }
                // The mover's own last move, undone.
                let back = played.len().checked_sub(2).and_then(|i| {
                    let last: Move = played[i];
                    moves
                        .iter()
                        .find(|m| m.from == last.to && m.to == last.from)
                });
                let m = match back {
                    Some(&m) if rng.index(3) > 0 => m,
                    _ => moves[rng.index(moves.len())],
                };
                played.push(m);
                let next = pos.play(m);
                let repeat = line.contains(&next);
                repeats += usize::from(repeat);
                line.push(next);
                steps.push(&next, repeat);
                let differ = |n: usize| (0..n).all(|i| !line[..i].contains(&line[i]));
                for sym in (0..8).map(Symmetry) {
                    let height = |i: usize| sym.apply(line[i].king(Color::White)).index();
                    let white = |i: usize| line[i].board().by_color(Color::White);
                    let mut expected: Vec<Run> = (0..line.len())
                        .filter(|&x| {
                            x == 0
                                || (differ(x)
                                    && (0..x).all(|i| {
                                        height(i) < height(x)
                                            || (i + 1 == x && white(i) == white(x))
                                    }))
                        })
                        .filter_map(|x| run_of(line[x..].iter(), sym))
                        .collect();
                    expected.extend(
                        (0..line.len())
                            .filter(|&x| differ(x))
                            .filter_map(|x| run_from(Run::SPENT, line[x..].iter(), sym)),
                    );
                    starts += expected.len();
                    let mut got: Vec<Run> = steps.runs(sym).collect();
                    for runs in [&mut expected, &mut got] {
                        runs.sort_by_key(|run| run.key());
                        runs.dedup();
                    }
                    assert_eq!(got, expected, "{line:?} in {sym:?}");
                }
                assert_eq!(steps.single_run(), differ(line.len() - 1));
                assert_eq!(steps.open_block(), Steps::of(line.iter()).open_block());
            }
        }
        assert!(
            starts > 10_000 && repeats > 1_000,
            "{starts} runs, {repeats} repeats"
        );
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
