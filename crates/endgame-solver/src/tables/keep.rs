//! The keep table: for every position of the rook ending KRvKR and every state of White's
//! order ([`order`](super::order): the drop there or not, the block of rook moves), how many
//! plies White keeps the game going while keeping to the order (no stalemate, no dead
//! position, no mate of White; repetition cannot come, by the order). It turns the proof of
//! module `survival` into a look-up in the ending where it matters most: the balanced rook
//! endings, where Black has no draw but by repetition.
//!
//! The value is the largest k for which White wins the search's game of module `survival` with
//! k plies (its rules, read forwards, are the equation below), solved once for every k, with
//! more freedom for White (each run of the order only needs its own placements apart): the drop
//! may be spent on any move, and the run after it may keep to the order in any orientation of
//! the board or to a second order, rook first ([`RookFirst`]). A capture leaves the ending and
//! starts a new segment with no order: White's mate keeps it for ever, anything else at most
//! the plies before a third occurrence can come, fewer where Black forces a drawn end or a mate
//! sooner (the distance tables).
//!
//! - A position that has ended: for ever if Black is mated, else never (byte 0).
//! - Otherwise at most one ply less than the plies within which Black forces a drawn end or a
//!   mate ([`Distances`]: the draw and mate bytes); for ever while the drop is there if White
//!   mates (the segment's positions then all differ, see `solver`);
//! - and one ply more than the best of White's moves that keep to the order (0 plies with none)
//!   or the worst of Black's moves.
//!
//! The order makes the game acyclic: every White move goes up (or spends the drop), Black's
//! moves leave White's placement alone. So the table is filled in one pass, one White placement
//! and state at a time (a *slice*: Black's pieces on any squares, each side to move), those a
//! White move leads to first: the drop spent before it is there, the king's square from g7
//! down, the blocks most constrained first ([`ROOK_BLOCKS`]), and the rook's squares from the
//! top of the block's order down; blocks with as many symmetries never lead to each other, so
//! they are filled in parallel.
//!
//! The *open* states ([`OPEN_STATES`]) start a segment better: White need not pick the order's
//! orientation before its king's first move (with Black to move, the order's states pick it
//! before Black's move). There rook moves narrow the block as in the order's states, and the
//! king's first move fixes the orientation, the best of those it goes up in, leading to that
//! orientation's state with the drop there; every placement so far has the king's first
//! square, below every later one in that orientation, so the run's placements still all
//! differ. They are filled last, from the order's states. The run after the drop has open
//! states of its own (`SPENT_OPEN`): the drop's move need not pick the new run's orientation
//! either (before Black's reply); the same rules without the drop, leading to the order's
//! states with the drop spent, filled before the drop's values are taken (`best_dropped`).
//!
//! Layout: a byte per slot, slot = (((side · 36 + state) · 49 + White king) · 49 + White rook)
//! · 2401 + Black king · 49 + Black rook, the order's 18 states first, then the 9 open ones,
//! then the 9 open ones of the run after the drop (squares as they are: no orientation); a
//! *block* (the unit the file stores) is one (side, state, White king). The byte is k + 1 for k
//! plies (at most [`LONGEST`]), 255 for ever, 0 for a position that has ended (or no position).

use std::cmp::Reverse;

use rayon::prelude::*;
use small_board::{Bitboard, Color, Move, MoveList, Piece, Position, Role, Square};

use super::{
    Distances, Dtm, NONE,
    index::{Symmetry, position_of},
    material::Material,
    order::{ALL, FIRST_TRIPLE, ROOK_BLOCKS, ROOK_STATES, Run, block_index, index_in, up},
};

/// The ending the table covers.
pub const MATERIAL: Material = Material {
    white_rook: true,
    white_extra: None,
    black_rook: true,
};

/// The *open* states, after the order's ([`ROOK_STATES`]): the drop there and no king move
/// yet in the segment, so the order's orientation is still White's to choose (at its king's
/// first move, among the orientations that move goes up in); one per block of rook moves
/// ([`ROOK_BLOCKS`], the symmetries the rook's moves so far went up in), on the board as it
/// is.
pub const OPEN_STATES: usize = ROOK_BLOCKS.len();

/// The first of the open states of the run after the drop (after the [`OPEN_STATES`] with the
/// drop there): the same, with the drop spent and no king move yet in that run.
const SPENT_OPEN: usize = ROOK_STATES + OPEN_STATES;

/// States per side to move: the order's, then the open ones, then the open ones of the run
/// after the drop.
const STATES: usize = SPENT_OPEN + OPEN_STATES;

/// Blocks per side to move: a state and White's king square.
pub const BLOCKS_PER_SIDE: usize = STATES * 49;

/// Slots per block: White's rook, Black's king and rook.
pub const BLOCK_SLOTS: usize = 49 * 49 * 49;

/// Slots in the table.
pub const SLOTS: usize = 2 * BLOCKS_PER_SIDE * BLOCK_SLOTS;

/// The byte of a position White keeps going for ever.
pub(super) const FOREVER: u8 = 255;

/// The most plies the table counts (more are counted as this many).
pub const LONGEST: u8 = 253;

/// What the table says of a position and state (ordered by the plies kept: a larger byte keeps
/// longer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Keep(pub u8);

impl Keep {
    /// Whether White keeps the game going for `plies` plies.
    pub fn keeps(self, plies: u32) -> bool {
        self.0 == FOREVER || plies < u32::from(self.0)
    }
}

/// The slot of the squares (White's king and rook, Black's king and rook) with `turn` to move
/// in `state` ([`Run::rook_state`]).
fn slot(turn: Color, state: usize, squares: [Square; 4]) -> usize {
    let side = usize::from(turn == Color::Black);
    squares
        .iter()
        .fold(side * STATES + state, |slot, sq| slot * 49 + sq.index())
}

/// A position of the table's material as its slots read it: the side to move and the squares
/// of White's king and rook and Black's king and rook (found once for the many slots a
/// segment's states read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    turn: Color,
    squares: [Square; 4],
}

impl Placed {
    /// `pos`'s placement, if it is of the table's material.
    pub fn of(pos: &Position) -> Option<Placed> {
        if Material::of(pos.board())? != MATERIAL {
            return None;
        }
        let board = pos.board();
        let square = |color, role| board.by_piece(Piece { color, role }).first();
        Some(Placed {
            turn: pos.turn(),
            squares: [
                square(Color::White, Role::King)?,
                square(Color::White, Role::Rook)?,
                square(Color::Black, Role::King)?,
                square(Color::Black, Role::Rook)?,
            ],
        })
    }

    /// The slot seen after the symmetry `sym` in the state `run`, if `run` is one of the
    /// table's states.
    pub fn slot(self, run: Run, sym: Symmetry) -> Option<usize> {
        let squares = self.squares.map(|sq| sym.apply(sq));
        Some(slot(self.turn, run.rook_state()?, squares))
    }

    /// The slot in the open state of the rook block `block` (see [`OPEN_STATES`]) with the
    /// drop there (`fresh`) or in the run after it, if `block` is one of [`ROOK_BLOCKS`].
    pub fn open_slot(self, block: u8, fresh: bool) -> Option<usize> {
        let first = if fresh { ROOK_STATES } else { SPENT_OPEN };
        let state = first + block_index(block)?;
        Some(slot(self.turn, state, self.squares))
    }
}

/// The index of White's and Black's pieces' squares among all placements.
fn placement(squares: [Square; 4]) -> usize {
    squares.iter().fold(0, |i, sq| i * 49 + sq.index())
}

/// For every placement with Black to move, the value when White's last move spent the drop:
/// the best of the two orders ([`RookFirst`]) in the best of the eight orientations for the
/// new run, or the orientation left open (the keep table's states without the drop must be
/// filled).
fn best_dropped(table: &[u8], rook_first: &RookFirst) -> Vec<u8> {
    let spent = Run::SPENT.rook_state().unwrap_or(0);
    let open = SPENT_OPEN + block_index(ALL).unwrap_or(0);
    let square = |i: usize| Square::new((i % 49) as u32).unwrap_or(Square::A1);
    (0..49usize.pow(4))
        .into_par_iter()
        .map(|i| {
            let squares = [
                square(i / 117_649),
                square(i / 2401),
                square(i / 49),
                square(i),
            ];
            (0..8)
                .map(|s| {
                    let image = squares.map(|sq| Symmetry(s).apply(sq));
                    let other = rook_first.slot(Color::Black, rook_first.start(), image);
                    table[slot(Color::Black, spent, image)].max(rook_first.table[other])
                })
                .max()
                .unwrap_or(0)
                .max(table[slot(Color::Black, open, squares)])
        })
        .collect()
}

/// The other order a run may keep to (the run after the drop: the keep table takes the better
/// of the two orders in the best orientation): the rook's square first (row by row), then the
/// king's, in any symmetry every king move since the rook's last move went up in (a *king
/// block*: the set of those symmetries, never empty). Its table covers runs without a drop
/// only, and is built for the keep table's build, not stored.
#[derive(Debug)]
pub struct RookFirst {
    /// The king blocks reachable from all eight symmetries, fewest symmetries first.
    blocks: Vec<u8>,
    /// A byte per slot as in the keep table: slot = ((((side · blocks + block) · 49 + White
    /// rook) · 49 + White king) · 2401 + Black king · 49 + Black rook.
    table: Vec<u8>,
}

impl RookFirst {
    /// Builds the table from the distance tables (`distances` as for [`build`]).
    pub fn build(distances: impl Fn(&Position) -> Distances + Sync) -> RookFirst {
        RookFirst::build_from(&Leaves::new(distances))
    }

    fn build_from(leaves: &Leaves) -> RookFirst {
        let blocks = king_blocks();
        let mut rook_first = RookFirst {
            table: vec![0u8; 2 * blocks.len() * 49usize.pow(4)],
            blocks,
        };
        // Blocks with as many symmetries never lead to each other: filled in parallel.
        let mut levels: Vec<Vec<usize>> = Vec::new();
        for (block, set) in rook_first.blocks.iter().enumerate() {
            match levels.last_mut() {
                Some(level) if rook_first.blocks[level[0]].count_ones() == set.count_ones() => {
                    level.push(block)
                }
                _ => levels.push(vec![block]),
            }
        }
        // The rook from the top down, the king blocks most constrained first, the king from
        // the top of its block's order down: every slice after the slices it reads.
        for rook in Square::all().rev() {
            for level in &levels {
                let this = &rook_first;
                let regions: Vec<Region> = level
                    .par_iter()
                    .map(|&block| {
                        let start = |turn| {
                            this.slot(turn, block, [Square::A1, rook, Square::A1, Square::A1])
                        };
                        let mut view = View::new(
                            &this.table,
                            [start(Color::White), start(Color::Black)],
                            49 * 2401,
                        );
                        let s = this.blocks[block].trailing_zeros() as u8;
                        let mut kings: Vec<Square> = Square::all().filter(|&k| k != rook).collect();
                        kings.sort_by_key(|&k| Reverse(index_in(s, k)));
                        for king in kings {
                            for turn in [Color::White, Color::Black] {
                                let start =
                                    this.slot(turn, block, [king, rook, Square::A1, Square::A1]);
                                view.fill(start, |view, black| {
                                    equation(
                                        leaves,
                                        turn,
                                        with_black(king, rook, black),
                                        false,
                                        |m, after| {
                                            let next = this.after(block, m, Symmetry::IDENTITY)?;
                                            Some(view.get(this.slot(Color::Black, next, after)))
                                        },
                                        |after| view.get(this.slot(Color::White, block, after)),
                                    )
                                });
                            }
                        }
                        view.into_region()
                    })
                    .collect();
                for region in regions {
                    region.write(&mut rook_first.table);
                }
            }
        }
        rook_first
    }

    /// The block a run starts with (all eight symmetries).
    pub fn start(&self) -> usize {
        self.blocks.len() - 1
    }

    /// The block after White's reversible move `m` from `block`, the order seen after `sym`,
    /// if the move keeps to it.
    pub fn after(&self, block: usize, m: Move, sym: Symmetry) -> Option<usize> {
        let (from, to) = (sym.apply(m.from), sym.apply(m.to));
        if m.role == Role::King {
            let narrowed = self.blocks[block] & up(from, to);
            self.blocks.iter().position(|&b| b == narrowed && b != 0)
        } else {
            (to.index() > from.index()).then(|| self.start())
        }
    }

    /// What the table says of `pos` (of the keep table's material) in `block`, the order seen
    /// after `sym`.
    pub fn keep(&self, pos: &Position, block: usize, sym: Symmetry) -> Keep {
        let squares = Placed::of(pos).map_or([Square::A1; 4], |placed| placed.squares);
        Keep(self.table[self.slot(pos.turn(), block, squares.map(|sq| sym.apply(sq)))])
    }

    /// The slot of the squares (White's king and rook, Black's king and rook).
    fn slot(&self, turn: Color, block: usize, squares: [Square; 4]) -> usize {
        let side = usize::from(turn == Color::Black);
        [squares[1], squares[0], squares[2], squares[3]]
            .iter()
            .fold(side * self.blocks.len() + block, |i, sq| {
                i * 49 + sq.index()
            })
    }
}

/// The sets of symmetries king moves can narrow all eight to, fewest first (a set's subsets
/// come before it).
fn king_blocks() -> Vec<u8> {
    let mut sets = vec![0xffu8];
    let mut i = 0;
    while i < sets.len() {
        for from in Square::all() {
            for to in Square::all() {
                let step = from != to
                    && from.file().index().abs_diff(to.file().index()) <= 1
                    && from.rank().index().abs_diff(to.rank().index()) <= 1;
                let narrowed = sets[i] & up(from, to);
                if step && narrowed != 0 && !sets.contains(&narrowed) {
                    sets.push(narrowed);
                }
            }
        }
        i += 1;
    }
    sets.sort_by_key(|s| s.count_ones());
    sets
}

/// The position of the squares with `turn` to move, if they make one.
fn position(turn: Color, squares: [Square; 4]) -> Option<Position> {
    let pieces = [
        Role::King.of(Color::White),
        Role::Rook.of(Color::White),
        Role::King.of(Color::Black),
        Role::Rook.of(Color::Black),
    ];
    position_of(turn, pieces.into_iter().zip(squares))
}

/// What the distance tables and each position's own moves say, as the equation reads it: for
/// each position of the ending, what is settled before its moves are looked at
/// ([`Leaves::leaf`]) and what its moves are ([`Moves`]), worked out once for the many states
/// that read them.
struct Leaves {
    /// By side and placement: the byte itself where the position has ended or holds none (0,
    /// or [`FOREVER`] when Black is mated), else the plies within which Black forces a drawn
    /// end or a mate (at most [`LAST_BOUND`]), else [`WHITE_MATES`], else [`NO_BOUND`].
    leaves: Vec<u8>,
    /// By side and placement, for a position that has not ended: [`Moves::quiet`] (held apart
    /// from the captures' byte, which would pad each entry to 24 bytes).
    quiet: Vec<[u64; 2]>,
    /// By side and placement: [`Moves::captures`].
    captures: Vec<u8>,
}

/// The legal moves of a position of the ending, as the equation reads them: the squares the
/// mover's king and rook go to without a capture, and the captures' best byte for White (the
/// largest, 0 with none) or worst for Black (the smallest, [`FOREVER`] with none), the same in
/// every state (a capture leaves the ending: [`outside`]).
#[derive(Clone, Copy, Debug, Default)]
struct Moves {
    quiet: [u64; 2],
    captures: u8,
}

/// A leaf where White mates (for ever while the drop is there).
const WHITE_MATES: u8 = 254;

/// A leaf with no bound.
const NO_BOUND: u8 = 253;

/// The largest bound a leaf holds (a larger one is held as this: a lower bound, sound).
pub(super) const LAST_BOUND: u8 = 252;

impl Leaves {
    fn new(distances: impl Fn(&Position) -> Distances + Sync) -> Leaves {
        let square = |i: usize| Square::new((i % 49) as u32).unwrap_or(Square::A1);
        let (leaves, moves): (Vec<u8>, Vec<Moves>) = (0..2 * 49usize.pow(4))
            .into_par_iter()
            .map_init(MoveList::new, |legal, i| {
                let turn = if i < 49usize.pow(4) {
                    Color::White
                } else {
                    Color::Black
                };
                let squares = [
                    square(i / 117_649),
                    square(i / 2401),
                    square(i / 49),
                    square(i),
                ];
                let Some(pos) = position(turn, squares) else {
                    return (0, Moves::default());
                };
                let leaf = leaf_of(&distances, &pos, legal);
                if legal.is_empty() {
                    return (leaf, Moves::default());
                }
                let mut moves = Moves {
                    quiet: [0; 2],
                    captures: if turn == Color::White { 0 } else { FOREVER },
                };
                for &m in legal.iter() {
                    if m.capture.is_some() {
                        let child = outside(&distances, &pos.play(m));
                        moves.captures = match turn {
                            Color::White => moves.captures.max(child),
                            Color::Black => moves.captures.min(child),
                        };
                    } else {
                        moves.quiet[usize::from(m.role != Role::King)] |= 1 << m.to.index();
                    }
                }
                (leaf, moves)
            })
            .unzip();
        let (quiet, captures) = moves.into_iter().map(|m| (m.quiet, m.captures)).unzip();
        Leaves {
            leaves,
            quiet,
            captures,
        }
    }

    /// The leaf of the ending's squares with `turn` to move (see [`Leaves::leaves`]).
    fn leaf(&self, turn: Color, squares: [Square; 4]) -> u8 {
        let side = usize::from(turn == Color::Black);
        self.leaves[side * 49usize.pow(4) + placement(squares)]
    }

    /// The moves of the ending's squares with `turn` to move (see [`Moves`]).
    fn moves(&self, turn: Color, squares: [Square; 4]) -> Moves {
        let side = usize::from(turn == Color::Black);
        let i = side * 49usize.pow(4) + placement(squares);
        Moves {
            quiet: self.quiet[i],
            captures: self.captures[i],
        }
    }
}

/// The leaf of a position (see [`Leaves::leaves`]), with its legal moves put in `legal`: none
/// where the leaf settles the position in every state without them (it has ended, or its
/// bound is 0 or 1).
pub(super) fn leaf_of(
    distances: &impl Fn(&Position) -> Distances,
    pos: &Position,
    legal: &mut MoveList,
) -> u8 {
    legal.clear();
    let bound = bound_of(distances, pos);
    // A position that has ended is bound to 0 unless Black is mated (White's mate): the bound
    // settles it as its end does.
    if bound.0 <= 1 && !bound.1 {
        return bound.0;
    }
    pos.legal_moves_into(legal);
    if legal.is_empty() {
        return if pos.is_check() && pos.turn() == Color::Black {
            FOREVER
        } else {
            0
        };
    }
    match bound {
        (NONE, true) => WHITE_MATES,
        (NONE, false) => NO_BOUND,
        (cap, _) => cap.min(LAST_BOUND),
    }
}

/// What the distance tables settle of a position from its leaf, before its moves are looked
/// at: `Err(byte)` for an end, a bound of 1 (the position itself is kept, its moves cannot do
/// better), White's mate while the drop is there (`fresh`); else `Ok` of the byte's cap.
pub(super) fn cap_of(leaf: u8, fresh: bool) -> Result<u8, u8> {
    match leaf {
        0 | 1 | FOREVER => Err(leaf),
        WHITE_MATES if fresh => Err(FOREVER),
        WHITE_MATES | NO_BOUND => Ok(NONE),
        cap => Ok(cap),
    }
}

/// The bound of a position that has not ended: the byte it cannot exceed (the plies within
/// which Black forces a drawn end or a mate), and whether White mates.
pub(super) fn bound_of(distances: &impl Fn(&Position) -> Distances, pos: &Position) -> (u8, bool) {
    let Distances { mate, draw } = distances(pos);
    match Dtm::from_byte(mate, pos.turn()) {
        Dtm::Mate(Color::Black, d) => (draw.min(d as u8), false),
        Dtm::Mate(Color::White, _) => (draw, true),
        Dtm::Draw => (draw, false),
    }
}

/// The byte of a position outside the table (after a capture: a new segment), from the
/// distance tables alone. White's mate keeps it for ever (its positions all differ). Else no
/// order binds White there, so only the plies before a third occurrence can come are sure
/// ([`FIRST_TRIPLE`]: the game is the one without repetition up to then), and the plies
/// within which Black forces a drawn end or a mate bound them.
pub(super) fn outside(distances: &impl Fn(&Position) -> Distances, pos: &Position) -> u8 {
    if pos.legal_moves().is_empty() {
        return if pos.is_check() && pos.turn() == Color::Black {
            FOREVER
        } else {
            0
        };
    }
    if pos.is_dead() {
        return 0;
    }
    match bound_of(distances, pos) {
        (NONE, true) => FOREVER,
        // FIRST_TRIPLE - 1 plies at most: byte FIRST_TRIPLE.
        (d, _) => d.min(FIRST_TRIPLE as u8),
    }
}

/// The byte of the squares with `turn` to move in `state`, from the slices already filled
/// (and, for the states with the drop there, [`best_dropped`]).
fn evaluate(
    table: &impl Fn(usize) -> u8,
    dropped: &[u8],
    leaves: &Leaves,
    state: usize,
    turn: Color,
    squares: [Square; 4],
) -> u8 {
    if state >= ROOK_STATES {
        return evaluate_open(table, dropped, leaves, state, turn, squares);
    }
    let run = Run::of_rook_state(state);
    equation(
        leaves,
        turn,
        squares,
        run.fresh(),
        |m, after| {
            // While the drop is there White may spend it on any move: the move starts a new run,
            // in an order of its own ([`best_dropped`]).
            let dropped = || dropped[placement(after)];
            match run.after(m) {
                Some(next) if next.fresh() == run.fresh() => {
                    let up = next
                        .rook_state()
                        .map_or(0, |next| table(slot(Color::Black, next, after)));
                    Some(if run.fresh() { up.max(dropped()) } else { up })
                }
                Some(_) => Some(dropped()),
                None => None,
            }
        },
        |after| table(slot(Color::White, state, after)),
    )
}

/// The byte of the squares with `turn` to move in the open state `state` (with the drop there
/// or in the run after it): a rook move that goes up in some symmetry of the block stays open
/// (in the narrowed block), a king move fixes the orientation (the best of those it goes up
/// in), and while the drop is there any move may spend it.
fn evaluate_open(
    table: &impl Fn(usize) -> u8,
    dropped: &[u8],
    leaves: &Leaves,
    state: usize,
    turn: Color,
    squares: [Square; 4],
) -> u8 {
    let fresh = state < SPENT_OPEN;
    let (first, run) = if fresh {
        (ROOK_STATES, Run::FRESH)
    } else {
        (SPENT_OPEN, Run::SPENT)
    };
    let block = ROOK_BLOCKS[state - first];
    let fixed = run.rook_state().unwrap_or(0);
    equation(
        leaves,
        turn,
        squares,
        fresh,
        |m, after| {
            let ups = up(m.from, m.to);
            let stay = if m.role == Role::King {
                (0..8)
                    .filter(|s| ups & 1 << s != 0)
                    .map(|s| {
                        let image = after.map(|sq| Symmetry(s).apply(sq));
                        table(slot(Color::Black, fixed, image))
                    })
                    .max()
            } else {
                block_index(block & ups).map(|b| table(slot(Color::Black, first + b, after)))
            };
            if fresh {
                Some(stay.unwrap_or(0).max(dropped[placement(after)]))
            } else {
                stay
            }
        },
        |after| table(slot(Color::White, state, after)),
    )
}

/// The equation of an entry (see the module docs): the byte of the squares with `turn` to move,
/// where `fresh` says the drop is there, from the bytes of the children inside the ending:
/// `white(m, squares after m)` for White's move `m` (`None` if it leaves the order),
/// `black(squares after)` for Black's.
fn equation(
    leaves: &Leaves,
    turn: Color,
    squares: [Square; 4],
    fresh: bool,
    white: impl Fn(Move, [Square; 4]) -> Option<u8>,
    black: impl Fn([Square; 4]) -> u8,
) -> u8 {
    let cap = match cap_of(leaves.leaf(turn, squares), fresh) {
        Ok(cap) => cap,
        Err(byte) => return byte,
    };
    let moves = leaves.moves(turn, squares);
    // The mover's king and rook, and their quiet moves with the squares after each.
    let pieces = if turn == Color::White { [0, 1] } else { [2, 3] };
    let quiet = pieces
        .into_iter()
        .zip(moves.quiet)
        .flat_map(|(piece, targets)| {
            Bitboard(targets).map(move |to| {
                let m = Move {
                    role: if piece % 2 == 0 {
                        Role::King
                    } else {
                        Role::Rook
                    },
                    from: squares[piece],
                    to,
                    capture: None,
                    promotion: None,
                    en_passant: false,
                };
                let mut after = squares;
                after[piece] = to;
                (m, after)
            })
        });
    let best = if turn == Color::White {
        quiet.fold(moves.captures, |best, (m, after)| {
            white(m, after).map_or(best, |child| best.max(child))
        })
    } else {
        quiet.fold(moves.captures, |worst, (_, after)| worst.min(black(after)))
    };
    one_ply_more(best, cap)
}

/// The byte of a position whose best move (White's) or worst (Black's) leads to `best`: one ply
/// more, at most [`LONGEST`] plies counted, and no more than its `cap`.
pub(super) fn one_ply_more(best: u8, cap: u8) -> u8 {
    let searched = if best == FOREVER {
        FOREVER
    } else {
        (best + 1).min(LONGEST + 1)
    };
    searched.min(cap)
}

/// A task's view of a table while tasks that do not read each other's slices fill them in
/// parallel: its own region (one span per side to move, filled in order) and the table.
struct View<'a> {
    table: &'a [u8],
    region: Region,
}

/// The bytes a [`View`] fills: one span of `len` slots at each of `starts` (by side to move).
struct Region {
    starts: [usize; 2],
    len: usize,
    own: Vec<u8>,
}

impl<'a> View<'a> {
    fn new(table: &'a [u8], starts: [usize; 2], len: usize) -> View<'a> {
        let own = vec![0; 2 * len];
        View {
            table,
            region: Region { starts, len, own },
        }
    }

    fn get(&self, slot: usize) -> u8 {
        let Region { starts, len, own } = &self.region;
        for (side, &start) in starts.iter().enumerate() {
            let at = slot.wrapping_sub(start);
            if at < *len {
                return own[side * len + at];
            }
        }
        self.table[slot]
    }

    /// Fills the slice of 2401 slots (Black's placements) at `start` with `byte(black)` (in
    /// parallel too: a level may hold a single block).
    fn fill(&mut self, start: usize, byte: impl Fn(&View, usize) -> u8 + Sync) {
        let view = &*self;
        let slice: Vec<u8> = (0..49 * 49)
            .into_par_iter()
            .with_min_len(343)
            .map(|black| byte(view, black))
            .collect();
        let Region { starts, len, own } = &mut self.region;
        let side = usize::from(start.wrapping_sub(starts[1]) < *len);
        let at = side * *len + start - starts[side];
        own[at..at + slice.len()].copy_from_slice(&slice);
    }

    /// The region filled, to write into the table once no view borrows it.
    fn into_region(self) -> Region {
        self.region
    }
}

impl Region {
    fn write(self, table: &mut [u8]) {
        for (side, start) in self.starts.into_iter().enumerate() {
            table[start..start + self.len]
                .copy_from_slice(&self.own[side * self.len..][..self.len]);
        }
    }
}

/// The squares of a slice's White pieces and Black's placement `black` (0..2401).
fn with_black(king: Square, rook: Square, black: usize) -> [Square; 4] {
    let square = |i| Square::new(i as u32).unwrap_or(Square::A1);
    [king, rook, square(black / 49), square(black % 49)]
}

/// Builds the table from the distance tables (`distances(position)`: any position's
/// [`Distances`]), calling `progress(slots)` after each White king square.
pub fn build(
    distances: impl Fn(&Position) -> Distances + Sync,
    mut progress: impl FnMut(u64),
) -> Vec<u8> {
    let leaves = Leaves::new(distances);
    let mut table = vec![0u8; SLOTS];
    let blocks = ROOK_STATES / 2;
    let mut dropped = Vec::new();
    for first in [false, true] {
        if first {
            fill_open(&mut table, &dropped, &leaves, SPENT_OPEN, &mut progress);
            dropped = best_dropped(&table, &RookFirst::build_from(&leaves));
        }
        for king in Square::all().rev() {
            // Blocks with as many symmetries never lead to each other: filled in parallel.
            for level in [0..4, 4..8, 8..9] {
                let regions: Vec<Region> = level
                    .into_par_iter()
                    .map(|block| {
                        let state = usize::from(first) * blocks + block;
                        let start =
                            |turn| slot(turn, state, [king, Square::A1, Square::A1, Square::A1]);
                        let mut view = View::new(
                            &table,
                            [start(Color::White), start(Color::Black)],
                            BLOCK_SLOTS,
                        );
                        // The rook's squares from the top of the block's order down (any
                        // symmetry of the block orders them: a rook move that stays in the
                        // block goes up in each).
                        let s = Run::of_rook_state(state).block().trailing_zeros() as u8;
                        let mut rooks: Vec<Square> = Square::all().filter(|&r| r != king).collect();
                        rooks.sort_by_key(|&r| Reverse(index_in(s, r)));
                        for rook in rooks {
                            for turn in [Color::White, Color::Black] {
                                let start = slot(turn, state, [king, rook, Square::A1, Square::A1]);
                                view.fill(start, |view, black| {
                                    let squares = with_black(king, rook, black);
                                    evaluate(
                                        &|i| view.get(i),
                                        &dropped,
                                        &leaves,
                                        state,
                                        turn,
                                        squares,
                                    )
                                });
                            }
                        }
                        view.into_region()
                    })
                    .collect();
                for region in regions {
                    region.write(&mut table);
                }
            }
            progress((blocks * 2 * BLOCK_SLOTS) as u64);
        }
    }
    fill_open(&mut table, &dropped, &leaves, ROOK_STATES, &mut progress);
    table
}

/// Fills the open states from `first` on (with the drop there, or in the run after it), after
/// the order's states they lead to: the blocks most constrained first, the rook's squares from
/// the top of the block's order down (as in the order's states), every king square side by side
/// (a king move leaves the open states).
fn fill_open(
    table: &mut [u8],
    dropped: &[u8],
    leaves: &Leaves,
    first: usize,
    progress: &mut impl FnMut(u64),
) {
    let square = |i: usize| Square::new(i as u32).unwrap_or(Square::A1);
    for (b, &block) in ROOK_BLOCKS.iter().enumerate() {
        let state = first + b;
        let s = block.trailing_zeros() as u8;
        let mut rooks: Vec<Square> = Square::all().collect();
        rooks.sort_by_key(|&r| Reverse(index_in(s, r)));
        for rook in rooks {
            for turn in [Color::White, Color::Black] {
                let slices: Vec<u8> = (0..49 * 2401)
                    .into_par_iter()
                    .with_min_len(49)
                    .map(|i| {
                        let squares = with_black(square(i / 2401), rook, i % 2401);
                        evaluate(&|i| table[i], dropped, leaves, state, turn, squares)
                    })
                    .collect();
                for (king, slice) in slices.chunks(2401).enumerate() {
                    let start = slot(turn, state, [square(king), rook, Square::A1, Square::A1]);
                    table[start..start + 2401].copy_from_slice(slice);
                }
            }
        }
        progress((2 * 49 * BLOCK_SLOTS) as u64);
    }
}

/// Checks every entry of every `stride`-th block of `table` against the equation its
/// children give (`distances` as for [`build`], `rook_first` built from it), calling
/// `progress(slots)` after each block: how many entries break it, and messages for at most ten.
pub fn check(
    table: &[u8],
    distances: impl Fn(&Position) -> Distances + Sync,
    rook_first: &RookFirst,
    stride: usize,
    progress: impl Fn(u64) + Sync,
) -> (u64, Vec<String>) {
    let leaves = Leaves::new(distances);
    let dropped = best_dropped(table, rook_first);
    let broken: Vec<(u64, Vec<String>)> = (0..2 * BLOCKS_PER_SIDE)
        .into_par_iter()
        .step_by(stride)
        .map(|block| {
            let (turn, state, king) = (
                if block < BLOCKS_PER_SIDE {
                    Color::White
                } else {
                    Color::Black
                },
                block % BLOCKS_PER_SIDE / 49,
                Square::new((block % 49) as u32).unwrap_or(Square::A1),
            );
            let mut found = (0, Vec::new());
            for (i, &stored) in table[block * BLOCK_SLOTS..][..BLOCK_SLOTS].iter().enumerate() {
                let square = |i: usize| Square::new((i % 49) as u32).unwrap_or(Square::A1);
                let squares = [king, square(i / 2401), square(i / 49), square(i)];
                let want = evaluate(&|i| table[i], &dropped, &leaves, state, turn, squares);
                if want != stored {
                    found.0 += 1;
                    if found.1.len() < 10 {
                        found.1.push(format!(
                            "{turn:?} to move, state {state}, {squares:?}: stored {stored}, the children give {want}"
                        ));
                    }
                }
            }
            progress(BLOCK_SLOTS as u64);
            found
        })
        .collect();
    let count = broken.iter().map(|b| b.0).sum();
    let mut messages: Vec<String> = broken.into_iter().flat_map(|b| b.1).collect();
    messages.truncate(10);
    (count, messages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::generate;

    /// `leaf_of` against its definition (the end, else the bound), and its moves: all the legal
    /// moves wherever the leaf leaves the position to them.
    #[test]
    fn a_leaf_is_the_end_or_the_bound_and_comes_with_the_moves_it_needs() {
        let built = generate::build_all_until(MATERIAL, |_, _| {});
        let distances = |pos: &Position| built.distances(pos);
        let square = |i: usize| Square::new((i % 49) as u32).unwrap_or(Square::A1);
        let mut legal = MoveList::new();
        let mut settled_by_the_bound = 0;
        for i in (0..2 * 49usize.pow(4)).step_by(7) {
            let turn = [Color::White, Color::Black][i / 49usize.pow(4)];
            let squares = [i / 117_649, i / 2401, i / 49, i].map(square);
            let Some(pos) = position(turn, squares) else {
                continue;
            };
            let moves = pos.legal_moves();
            let want = if moves.is_empty() {
                if pos.is_check() && turn == Color::Black {
                    FOREVER
                } else {
                    0
                }
            } else {
                match bound_of(&distances, &pos) {
                    (NONE, true) => WHITE_MATES,
                    (NONE, false) => NO_BOUND,
                    (cap, _) => cap.min(LAST_BOUND),
                }
            };
            let leaf = leaf_of(&distances, &pos, &mut legal);
            assert_eq!(leaf, want, "{squares:?}, {turn:?} to move");
            if matches!(leaf, 0 | 1 | FOREVER) {
                settled_by_the_bound += usize::from(!moves.is_empty());
            } else {
                assert_eq!(legal, moves, "{squares:?}, {turn:?} to move");
            }
        }
        assert!(
            settled_by_the_bound > 0,
            "no position was settled by its bound"
        );
    }
}
