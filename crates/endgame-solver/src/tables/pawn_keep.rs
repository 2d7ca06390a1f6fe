//! The pawn keep table: for every position of KRPvKR, how many plies White keeps the game going
//! (no stalemate, no mate of White, no third occurrence) along the simplest order of its
//! placements, the king's square first and then the rook's, up the board (a1 = 0, b1 = 1, ...,
//! a2 = 7) or down it (g7 = 0, f7 = 1, ...: [`Order`]), or along the mirror image of either (a1
//! and g1 swapped, ...): the four *frames* of a run ([`Frame`]), White's to choose whenever a
//! run starts. A mirror frame's value of a position is its order's value of the position's
//! mirror image, so one table per order holds both of its frames. (The order down the board is
//! what a king high on the board needs: up the board it has few squares left to go to.) It is
//! the keep table ([`keep`]) of the pawn ending, where that one's states would cost 35 times its
//! size: one order in each direction, no other choice of symmetry, so two states only
//! ([`Segment`]).
//!
//! - [`Segment::Distinct`]: the segment's positions before this one all differ (say, it kept
//!   to some order without spending its drop). From here White keeps to this table's order in
//!   one increasing run, which comes to each placement at most once, so each position occurs
//!   at most twice: once before, once in the run. The table counts the plies White keeps the
//!   game going that way.
//! - [`Segment::New`]: the position starts its segment (after a capture, a pawn move, or at the
//!   start with no history), or only Black has moved in it. White has two runs, an increasing
//!   run, one move anywhere (the drop), and another increasing run ([`Segment::Distinct`] from
//!   there, in any frame: each run's placements differ, whatever the other's order); and White's
//!   mate keeps the game going for ever (its positions all differ, and nothing came before).
//!
//! A pawn move starts a new segment: [`Segment::New`] of the position it leads to, in any
//! frame (built before it: the pawn's squares from rank 6 down). A capture of the pawn leads to KRvKR, a new
//! segment: the keep table's value for a segment's start, in the best orientation or the open
//! state (the orientation chosen at the king's first move). Any other
//! capture or a promotion leaves both tables: as in the keep table, White's mate keeps it for
//! ever, anything else at most the plies before a third occurrence can come (`keep::outside`).
//! The bounds are the keep table's: Black's forced drawn end or mate within d plies caps the
//! byte at d.
//!
//! Layout: a byte per slot as in the keep table (k + 1 for k plies, 255 for ever, 0 for a
//! position that has ended or none), slot = (((((side · 2 + order) · 2 + segment) · 35 +
//! pawn) · 49 + White king) · 49 + White rook) · 2401 + Black king · 49 + Black rook, with pawn
//! = file · 5 + rank − 2 (ranks 2–6); a *block* (the unit the file stores) is one (side, order,
//! segment, pawn, White king), as big as the keep table's.

use rayon::prelude::*;
use small_board::{Bitboard, Color, Move, MoveList, Piece, Position, Role, Square, attacks};

use super::{
    Distances,
    index::{Symmetry, position_of},
    keep::{self, FOREVER, Keep},
    material::Material,
    order::{ALL, Run},
};

/// The ending the table covers.
pub const MATERIAL: Material = Material {
    white_rook: true,
    white_extra: Some(Role::Pawn),
    black_rook: true,
};

/// The pawn's squares: ranks 2–6.
const PAWNS: usize = 35;

/// Blocks per side to move: an order, a segment state, the pawn's square and White's king
/// square.
pub const BLOCKS_PER_SIDE: usize = 2 * 2 * PAWNS * 49;

/// Slots per block: White's rook, Black's king and rook.
pub const BLOCK_SLOTS: usize = keep::BLOCK_SLOTS;

/// Slots in the table.
pub const SLOTS: usize = 2 * BLOCKS_PER_SIDE * BLOCK_SLOTS;

/// Which way a run's order goes (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Up the board: the king's square from a1, then the rook's.
    Up = 0,
    /// Down the board: the reverse.
    Down = 1,
}

/// A run's frame: its order, on the board as it is or mirrored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Which way the order goes.
    pub order: Order,
    /// Whether the order is read on the mirror image (a1 and g1 swapped, ...).
    pub mirror: bool,
}

impl Frame {
    /// The four frames.
    pub const ALL: [Frame; 4] = [
        Frame::new(Order::Up, false),
        Frame::new(Order::Up, true),
        Frame::new(Order::Down, false),
        Frame::new(Order::Down, true),
    ];

    const fn new(order: Order, mirror: bool) -> Frame {
        Frame { order, mirror }
    }

    /// The rank of White's placement (king, rook) in the frame's order: every move of a run
    /// raises it.
    pub fn key(self, king: Square, rook: Square) -> usize {
        self.place(king) * 49 + self.place(rook)
    }

    /// The square's place in the frame's order.
    fn place(self, sq: Square) -> usize {
        let sq = if self.mirror {
            Symmetry::MIRROR.apply(sq)
        } else {
            sq
        };
        match self.order {
            Order::Up => sq.index(),
            Order::Down => 48 - sq.index(),
        }
    }
}

/// Where the position stands in its repetition segment (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// The segment's positions before this one all differ; one run is left.
    Distinct = 0,
    /// The position starts its segment; two runs are left.
    New = 1,
}

/// The squares of White's king, rook and pawn and Black's king and rook, if `pos` is of the
/// table's material.
fn squares_of(pos: &Position) -> Option<[Square; 5]> {
    if Material::of(pos.board())? != MATERIAL {
        return None;
    }
    let board = pos.board();
    let square = |color, role| board.by_piece(Piece { color, role }).first();
    let squares = [
        square(Color::White, Role::King)?,
        square(Color::White, Role::Rook)?,
        square(Color::White, Role::Pawn)?,
        square(Color::Black, Role::King)?,
        square(Color::Black, Role::Rook)?,
    ];
    Some(squares)
}

/// The pawn's index, for a pawn on ranks 2–6.
fn pawn_index(pawn: Square) -> Option<usize> {
    let (file, rank) = (pawn.file().index() as usize, pawn.rank().index() as usize);
    (1..=5).contains(&rank).then(|| file * 5 + rank - 1)
}

/// The pawn's square of index `i` (see [`pawn_index`]).
fn pawn_square(i: usize) -> Square {
    Square::new(((i % 5 + 1) * 7 + i / 5) as u32).unwrap_or(Square::A1)
}

/// The slot of the squares (White's king, rook and pawn, Black's king and rook) with `turn` to
/// move, in `order`'s table.
fn slot(order: Order, turn: Color, segment: Segment, squares: [Square; 5]) -> Option<usize> {
    let side = usize::from(turn == Color::Black);
    let head =
        ((side * 2 + order as usize) * 2 + segment as usize) * PAWNS + pawn_index(squares[2])?;
    Some(head * SIDE + placement(squares))
}

/// The slot of `pos` in `segment` and `frame` (a mirror frame's is its order's slot of the
/// mirror image), if `pos` is of the table's material.
pub fn slot_of(pos: &Position, segment: Segment, frame: Frame) -> Option<usize> {
    let squares = squares_of(pos)?;
    slot(frame.order, pos.turn(), segment, framed(squares, frame))
}

/// The squares as `frame` reads them: mirrored or as they are.
fn framed(squares: [Square; 5], frame: Frame) -> [Square; 5] {
    if frame.mirror {
        mirrored(squares)
    } else {
        squares
    }
}

/// The mirror image of the squares.
fn mirrored(squares: [Square; 5]) -> [Square; 5] {
    squares.map(|sq| Symmetry::MIRROR.apply(sq))
}

/// The position of the squares with `turn` to move, if they make one.
fn position(turn: Color, squares: [Square; 5]) -> Option<Position> {
    let pieces = [
        Role::King.of(Color::White),
        Role::Rook.of(Color::White),
        Role::Pawn.of(Color::White),
        Role::King.of(Color::Black),
        Role::Rook.of(Color::Black),
    ];
    position_of(turn, pieces.into_iter().zip(squares))
}

/// The keep table's value of a KRvKR position that starts its segment: the best orientation,
/// or the orientation left open.
fn rook_ending(keep_table: &[u8], pos: &Position) -> u8 {
    let Some(placed) = keep::Placed::of(pos) else {
        return 0;
    };
    (0..8)
        .filter_map(|s| placed.slot(Run::FRESH, Symmetry(s)))
        .chain(placed.open_slot(ALL, true))
        .map(|slot| keep_table[slot])
        .max()
        .unwrap_or(0)
}

/// The bytes of the positions a capture that promotes nothing leads to, worked out once (each
/// is read from many positions of the table): a new segment, the same in every state.
struct Exits {
    /// KRvKR with White to move (Black took the pawn), by placement: [`rook_ending`].
    pawn_taken: Vec<u8>,
    /// KPvKR with White to move (Black took White's rook), by the pawn, White's king, Black's
    /// king and rook: [`keep::outside`].
    rook_taken: Vec<u8>,
    /// KRPvK with Black to move (White took Black's rook), by the pawn, White's king and rook,
    /// Black's king: [`keep::outside`].
    black_rook_taken: Vec<u8>,
}

impl Exits {
    fn new(distances: &(impl Fn(&Position) -> Distances + Sync), keep_table: &[u8]) -> Exits {
        let square = square_of;
        let pawn = |i: usize| pawn_square(i / 49usize.pow(3));
        let [wk, wr, wp, bk, br] = [
            Role::King.of(Color::White),
            Role::Rook.of(Color::White),
            Role::Pawn.of(Color::White),
            Role::King.of(Color::Black),
            Role::Rook.of(Color::Black),
        ];
        let each = |len: usize, byte: &(dyn Fn(usize) -> u8 + Sync)| -> Vec<u8> {
            (0..len).into_par_iter().map(byte).collect()
        };
        let trio = |i: usize| [square(i / 2401), square(i / 49), square(i)];
        Exits {
            pawn_taken: each(49usize.pow(4), &|i| {
                let [king, rook, _, black_king, black_rook] = placed(i, Square::A2);
                let pieces = [(wk, king), (wr, rook), (bk, black_king), (br, black_rook)];
                position_of(Color::White, pieces).map_or(0, |pos| rook_ending(keep_table, &pos))
            }),
            rook_taken: each(PAWNS * 49usize.pow(3), &|i| {
                let [a, b, c] = trio(i);
                let pieces = [(wk, a), (wp, pawn(i)), (bk, b), (br, c)];
                position_of(Color::White, pieces).map_or(0, |pos| keep::outside(distances, &pos))
            }),
            black_rook_taken: each(PAWNS * 49usize.pow(3), &|i| {
                let [a, b, c] = trio(i);
                let pieces = [(wk, a), (wr, b), (wp, pawn(i)), (bk, c)];
                position_of(Color::Black, pieces).map_or(0, |pos| keep::outside(distances, &pos))
            }),
        }
    }

    /// The byte after a capture that promotes nothing, from the squares after it (White's
    /// king, rook and pawn, Black's king and rook, the taken piece's square left as it was).
    fn after(&self, taken: Role, by: Color, squares: [Square; 5]) -> u8 {
        let at =
            |head: usize, trio: [Square; 3]| trio.iter().fold(head, |i, sq| i * 49 + sq.index());
        let pawn = || pawn_index(squares[2]).unwrap_or(0);
        let [king, rook, _, black_king, black_rook] = squares;
        match (by, taken) {
            (Color::Black, Role::Pawn) => self.pawn_taken[placement(squares)],
            (Color::Black, _) => self.rook_taken[at(pawn(), [king, black_king, black_rook])],
            (Color::White, _) => self.black_rook_taken[at(pawn(), [king, rook, black_king])],
        }
    }
}

/// What the distance tables, the ranks above the pawn and a position's own moves say, as the
/// equation reads them, the same in every order and segment state: worked out once for the
/// four.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// [`keep::leaf_of`] of the position, 0 where the squares make none.
    leaf: u8,
    /// The captures' and promotions' best byte for White (the largest, 0 with none), worst
    /// for Black (the smallest, [`FOREVER`] with none): they leave the table.
    exits: u8,
    /// After the pawn's push and its double step (where [`Quiet`] has them): Black to move
    /// in a new segment, in the best frame (read from the table filled before, the same in
    /// every order and segment state).
    pushed: [u8; 2],
    /// The mover's other moves ([`Quiet`]).
    quiet: Quiet,
}

/// The mover's moves that stay in the table, packed: the rook's destinations (bits 0–48), the
/// king's as a subset of the squares it attacks, in square order (bits 49–56), and the
/// pawn's push and double step (bits 57 and 58).
#[derive(Clone, Copy, Debug, Default)]
struct Quiet(u64);

impl Quiet {
    const KING: u32 = 49;
    const PAWN: u32 = 57;
    /// The rook's destinations.
    const ROOK: u64 = (1 << 49) - 1;

    /// Packs the quiet moves `moves` of a position with the mover's king on `king`.
    fn of(king: Square, moves: impl Iterator<Item = Move>) -> Quiet {
        Quiet(moves.fold(0, |bits, m| {
            bits | match m.role {
                Role::King => Quiet::king_bit(king, m.to),
                Role::Pawn if m.to.index() - m.from.index() == 14 => 1 << (Quiet::PAWN + 1),
                Role::Pawn => 1 << Quiet::PAWN,
                _ => 1 << m.to.index(),
            }
        }))
    }

    /// The destinations of the mover's king, rook and pawn, each with the piece's index in
    /// the squares (see [`squares_at`] for their order), the mover being `turn`.
    fn targets(self, turn: Color, squares: [Square; 5]) -> [(usize, Bitboard); 3] {
        let (king, rook) = if turn == Color::White { (0, 1) } else { (3, 4) };
        let pawns = (1..=2)
            .filter(|&step| self.pushes(step))
            .fold(0, |set, step| {
                set | 1 << (squares[2].index() + 7 * step as usize)
            });
        [
            (king, Bitboard(self.kings(squares[king]))),
            (rook, Bitboard(self.0 & Quiet::ROOK)),
            (2, Bitboard(pawns)),
        ]
    }

    /// The bit of a king move from `king` to `to`: the destination's place among the squares
    /// the king attacks, in square order.
    fn king_bit(king: Square, to: Square) -> u64 {
        let below = attacks::king_attacks(king).0 & ((1 << to.index()) - 1);
        1 << (Quiet::KING + below.count_ones())
    }

    /// The destinations of the mover's king, on `king`.
    fn kings(self, king: Square) -> u64 {
        attacks::king_attacks(king)
            .enumerate()
            .filter(|&(k, _)| self.0 >> (Quiet::KING + k as u32) & 1 != 0)
            .fold(0, |set, (_, to)| set | 1 << to.index())
    }

    /// Whether the pawn moves `step` squares (1 or 2).
    fn pushes(self, step: u32) -> bool {
        self.0 >> (Quiet::PAWN + step - 1) & 1 != 0
    }

    /// The same moves on the mirror image (a1 and g1 swapped, ...), the mover's king on
    /// `king` before it.
    fn mirrored(self, king: Square) -> Quiet {
        let image = Symmetry::MIRROR.apply(king);
        let kings = Bitboard(Symmetry::MIRROR.apply_set(self.kings(king)))
            .fold(0, |bits, to| bits | Quiet::king_bit(image, to));
        let rook = Symmetry::MIRROR.apply_set(self.0 & Quiet::ROOK);
        Quiet(rook | kings | self.0 & 0b11 << Quiet::PAWN)
    }
}

impl Entry {
    /// The entry of the squares with `turn` to move (`distances` and `exits` as for [`build`],
    /// `table` filled on every rank above the pawn; `moves` is room for the position's moves).
    fn of(
        distances: &impl Fn(&Position) -> Distances,
        exits: &Exits,
        table: &[u8],
        (turn, squares): (Color, [Square; 5]),
        moves: &mut MoveList,
    ) -> Entry {
        let Some(pos) = position(turn, squares) else {
            return Entry::default();
        };
        let leaf = keep::leaf_of(distances, &pos, moves);
        let leaving = |m: &Move| m.promotion.is_some() || m.capture.is_some();
        let left = moves
            .iter()
            .filter(|m| leaving(m))
            .map(|&m| match m.capture {
                Some(taken) if m.promotion.is_none() => exits.after(taken, turn, moved(squares, m)),
                _ => keep::outside(distances, &pos.play(m)),
            });
        let exits = if turn == Color::White {
            left.fold(0, u8::max)
        } else {
            left.fold(FOREVER, u8::min)
        };
        let quiet = Quiet::of(
            pos.king(turn),
            moves.iter().copied().filter(|m| !leaving(m)),
        );
        let pushed = [1, 2].map(|step| {
            if !quiet.pushes(step) {
                return 0;
            }
            let mut after = squares;
            after[2] = pawn_square(pawn_index(squares[2]).unwrap_or(0) + step as usize);
            best_frame(table, Color::Black, Segment::New, after)
        });
        Entry {
            leaf,
            exits,
            pushed,
            quiet,
        }
    }

    /// The entry of the mirror image (a1 and g1 swapped, ...), the mover's king on `king`
    /// before it: the game is the same there, so only the moves' squares change.
    fn mirrored(self, king: Square) -> Entry {
        Entry {
            quiet: self.quiet.mirrored(king),
            ..self
        }
    }
}

/// The squares after `m`, a move that promotes nothing, by the side to move in `squares` (a
/// captured piece's square is left as it was).
fn moved(squares: [Square; 5], m: Move) -> [Square; 5] {
    let mut after = squares;
    if let Some(piece) = squares.iter().position(|&sq| sq == m.from) {
        after[piece] = m.to;
    }
    after
}

/// A child of a position inside the table: one piece (by its index in the squares) moved.
#[derive(Clone, Copy, Debug)]
struct Child {
    /// The squares before the move.
    before: [Square; 5],
    /// The moved piece's index in the squares.
    piece: usize,
    /// Where it goes.
    to: Square,
    /// The [`placement`] after the move.
    placement: usize,
}

impl Child {
    /// The squares after the move.
    fn squares(self) -> [Square; 5] {
        let mut squares = self.before;
        squares[self.piece] = self.to;
        squares
    }
}

/// Where the equation reads the bytes of a position's children that stay in the table.
trait Children {
    /// The same order, segment state and pawn square with `turn` to move: a move of a run, or
    /// Black's.
    fn run(&self, turn: Color, child: Child) -> u8;
    /// Black to move with one run left, in the best frame: after the drop.
    fn dropped(&self, child: Child) -> u8;
}

/// A piece's weight in [`placement`], by its index in the squares (the pawn has none).
const WEIGHTS: [usize; 5] = [49 * 49 * 49, 49 * 49, 0, 49, 1];

/// The byte of the squares with `turn` to move in `segment` and `order`'s table, from their
/// [`Entry`] and their children's bytes.
fn evaluate(
    children: &impl Children,
    entry: Entry,
    (order, segment): (Order, Segment),
    turn: Color,
    squares: [Square; 5],
) -> u8 {
    // White's mate settles most of a new segment's positions without their moves (a position
    // that has ended is White's mate only where Black is mated: for ever too).
    let cap = match keep::cap_of(entry.leaf, segment == Segment::New) {
        Ok(cap) => cap,
        Err(byte) => return byte,
    };
    let frame = Frame::new(order, false);
    let at = placement(squares);
    let white = turn == Color::White;
    // White's best child (the largest byte) or Black's worst (the smallest), until it cannot
    // change.
    let mut best = entry.exits;
    'moves: for (piece, targets) in entry.quiet.targets(turn, squares) {
        let from = squares[piece];
        for to in targets {
            let child = Child {
                before: squares,
                piece,
                to,
                placement: at + to.index() * WEIGHTS[piece] - from.index() * WEIGHTS[piece],
            };
            if !white {
                best = best.min(children.run(Color::White, child));
                if best == 0 {
                    break 'moves;
                }
                continue;
            }
            let byte = if piece == 2 {
                // A pawn move starts a new segment, in any frame.
                entry.pushed[(to.index() - from.index()) / 7 - 1]
            } else {
                // A run's move raises White's key: only the king or the rook moves.
                let run = if frame.place(to) > frame.place(from) {
                    children.run(Color::Black, child)
                } else {
                    0
                };
                // With two runs left, any move may end the first.
                let drop = if segment == Segment::New {
                    children.dropped(child)
                } else {
                    0
                };
                run.max(drop)
            };
            best = best.max(byte);
            if best == FOREVER {
                break 'moves;
            }
        }
    }
    keep::one_ply_more(best, cap)
}

/// The children's bytes read from a filled table, in one order and segment state.
struct Filled<'a> {
    table: &'a [u8],
    order: Order,
    segment: Segment,
}

/// The byte of the squares with `turn` to move in `segment`, in the best frame (where a run
/// starts, White picks its frame), from a filled table.
fn best_frame(table: &[u8], turn: Color, segment: Segment, squares: [Square; 5]) -> u8 {
    Frame::ALL
        .iter()
        .filter_map(|&frame| slot(frame.order, turn, segment, framed(squares, frame)))
        .map(|slot| table[slot])
        .max()
        .unwrap_or(0)
}

impl Children for Filled<'_> {
    fn run(&self, turn: Color, child: Child) -> u8 {
        slot(self.order, turn, self.segment, child.squares()).map_or(0, |slot| self.table[slot])
    }

    fn dropped(&self, child: Child) -> u8 {
        best_frame(self.table, Color::Black, Segment::Distinct, child.squares())
    }
}

/// The children's bytes while one order, segment state and pawn square is filled (a
/// *sweep*): its own slots so far (by side to move, then [`placement`]) and the drop's bytes
/// worked out for the pawn square (Black to move, by [`placement`]).
struct Sweep<'a> {
    own: &'a [u8],
    dropped: &'a [u8],
}

impl Children for Sweep<'_> {
    fn run(&self, turn: Color, child: Child) -> u8 {
        self.own[usize::from(turn == Color::Black) * SIDE + child.placement]
    }

    fn dropped(&self, child: Child) -> u8 {
        self.dropped[child.placement]
    }
}

/// The [`SIDE`] slots of each side to move of one sweep (see [`Sweep`]): `order`'s table in
/// `segment` with the pawn on `pawn`, from the sweep's entries (by side to move, then
/// [`placement`]) and the drop's bytes (as [`Sweep`] reads them; none for
/// [`Segment::Distinct`]).
fn sweep(
    (order, segment): (Order, Segment),
    pawn: Square,
    entries: &[Entry],
    dropped: &[u8],
) -> Vec<u8> {
    // White's moves in a run go up the order, Black's leave White's placement: the placements
    // from the top of the order down, White to move before Black at each.
    let frame = Frame::new(order, false);
    let mut placements: Vec<(Square, Square)> = Square::all()
        .flat_map(|king| Square::all().map(move |rook| (king, rook)))
        .collect();
    placements.sort_by_key(|&(king, rook)| std::cmp::Reverse(frame.key(king, rook)));
    let mut own = vec![0u8; 2 * SIDE];
    for (king, rook) in placements {
        for (side, turn) in [Color::White, Color::Black].into_iter().enumerate() {
            let at = side * SIDE + (king.index() * 49 + rook.index()) * 2401;
            for black in 0..2401 {
                let squares = [king, rook, pawn, square_of(black / 49), square_of(black)];
                let children = Sweep { own: &own, dropped };
                let byte = evaluate(
                    &children,
                    entries[at + black],
                    (order, segment),
                    turn,
                    squares,
                );
                own[at + black] = byte;
            }
        }
    }
    own
}

/// Slots per side to move of one order, segment state and pawn square: White's king and rook,
/// Black's king and rook.
const SIDE: usize = 49 * 49 * 2401;

/// The index of the squares' placement, the pawn's left out: White's king and rook, Black's
/// king and rook.
fn placement(squares: [Square; 5]) -> usize {
    [squares[0], squares[1], squares[3], squares[4]]
        .iter()
        .fold(0, |i, sq| i * 49 + sq.index())
}

/// The squares of the [`placement`] `at` with the pawn on `pawn`.
fn placed(at: usize, pawn: Square) -> [Square; 5] {
    let square = |piece: usize| square_of(at / WEIGHTS[piece]);
    [square(0), square(1), pawn, square(3), square(4)]
}

/// The [`placement`] of the mirror image of the placement `at` (a1 and g1 swapped, ...).
fn mirror_placement(at: usize) -> usize {
    placement(mirrored(placed(at, Square::A2)))
}

/// The square of the lowest base-49 digit of `i`.
fn square_of(i: usize) -> Square {
    Square::new((i % 49) as u32).unwrap_or(Square::A1)
}

/// The squares of slot `i` of the table (and its side to move, order and segment).
fn squares_at(i: usize) -> (Color, (Order, Segment), [Square; 5]) {
    let head = i / SIDE;
    let pawn = pawn_square(head % PAWNS);
    let segment = if (head / PAWNS).is_multiple_of(2) {
        Segment::Distinct
    } else {
        Segment::New
    };
    let order = if (head / (2 * PAWNS)).is_multiple_of(2) {
        Order::Up
    } else {
        Order::Down
    };
    let turn = if head / (4 * PAWNS) == 0 {
        Color::White
    } else {
        Color::Black
    };
    (turn, (order, segment), placed(i % SIDE, pawn))
}

/// Builds the table from the distance tables (`distances(position)`: any position's
/// [`Distances`]) and the keep table, calling `progress(slots)` after each pawn rank, pair of
/// mirrored files and segment state, and `finished(start, bytes)` with the table's bytes from
/// `start` on once they are final (whole blocks: a pawn square's, by side to move, order and
/// segment state), so they may be written while the rest is built.
pub fn build(
    distances: impl Fn(&Position) -> Distances + Sync,
    keep_table: &[u8],
    mut progress: impl FnMut(u64),
    mut finished: impl FnMut(usize, &[u8]),
) -> Vec<u8> {
    let exits = Exits::new(&distances, keep_table);
    let mut table = vec![0u8; SLOTS];
    // A pawn move leads to a square further up: those first. The first run's drop leads to the
    // state with one run left, in any frame (the pawn on the mirrored file, the other order):
    // that one first, in both orders, for a file and its mirror together. Each sweep reads no
    // other sweep of its segment state and file pair: they run side by side.
    for rank in (1..=5).rev() {
        for files in [&[0, 6][..], &[1, 5], &[2, 4], &[3]] {
            let pawns: Vec<Square> = files
                .iter()
                .map(|file| square_of(rank * 7 + file))
                .collect();
            // The first pawn's squares, by side to move, then placement.
            let squares = |i: usize| placed(i % SIDE, pawns[0]);
            // By pawn, then side to move and placement. The mirrored file's are the mirror
            // images of the first's.
            let first: Vec<Entry> = (0..2 * SIDE)
                .into_par_iter()
                .map_init(MoveList::new, |moves, i| {
                    let turn = [Color::White, Color::Black][i / SIDE];
                    Entry::of(&distances, &exits, &table, (turn, squares(i)), moves)
                })
                .collect();
            let mut entries = vec![first];
            if pawns.len() == 2 {
                let images = (0..2 * SIDE)
                    .into_par_iter()
                    .map(|i| {
                        let (side, at) = (i / SIDE, mirror_placement(i % SIDE));
                        let king = placed(at, pawns[0])[[0, 3][side]];
                        entries[0][side * SIDE + at].mirrored(king)
                    })
                    .collect();
                entries.push(images);
            }
            // After the state with one run left: by pawn, then placement (Black to move).
            let mut dropped = Vec::new();
            for segment in [Segment::Distinct, Segment::New] {
                let sweeps: Vec<(Order, usize)> = [Order::Up, Order::Down]
                    .into_iter()
                    .flat_map(|order| (0..pawns.len()).map(move |k| (order, k)))
                    .collect();
                let filled: Vec<Vec<u8>> = sweeps
                    .par_iter()
                    .map(|&(order, k)| {
                        let entries = &entries[k];
                        let dropped = dropped.get(k * SIDE..).unwrap_or(&[]);
                        sweep((order, segment), pawns[k], entries, dropped)
                    })
                    .collect();
                for ((order, k), own) in sweeps.into_iter().zip(filled) {
                    for (side, turn) in [Color::White, Color::Black].into_iter().enumerate() {
                        let first = [Square::A1, Square::A1, pawns[k], Square::A1, Square::A1];
                        if let Some(start) = slot(order, turn, segment, first) {
                            table[start..start + SIDE]
                                .copy_from_slice(&own[side * SIDE..(side + 1) * SIDE]);
                        }
                    }
                }
                if segment == Segment::Distinct {
                    // The best frame of the mirror image is the same (the frames come in
                    // mirrored pairs).
                    dropped = (0..SIDE)
                        .into_par_iter()
                        .map(|i| {
                            // The Black-to-move half of the first pawn's squares.
                            let squares = squares(SIDE + i);
                            best_frame(&table, Color::Black, Segment::Distinct, squares)
                        })
                        .collect();
                    if pawns.len() == 2 {
                        let images: Vec<u8> = (0..SIDE)
                            .into_par_iter()
                            .map(|i| dropped[mirror_placement(i)])
                            .collect();
                        dropped.extend(images);
                    }
                }
                progress(2 * 2 * (pawns.len() * SIDE) as u64);
            }
            // Nothing later writes these pawns' slots: a pawn move leads up the board.
            for &pawn in &pawns {
                for start in pawn_starts(pawn) {
                    finished(start, &table[start..start + SIDE]);
                }
            }
        }
    }
    table
}

/// Where the slots of each side to move, order and segment state with the pawn on `pawn` start
/// in the table (each run [`SIDE`] slots long).
fn pawn_starts(pawn: Square) -> impl Iterator<Item = usize> {
    [Color::White, Color::Black]
        .into_iter()
        .flat_map(move |turn| {
            [Order::Up, Order::Down].into_iter().flat_map(move |order| {
                [Segment::Distinct, Segment::New]
                    .into_iter()
                    .filter_map(move |segment| {
                        let first = [Square::A1, Square::A1, pawn, Square::A1, Square::A1];
                        slot(order, turn, segment, first)
                    })
            })
        })
}

/// What the table says of `pos` in `segment` and `frame`, from the table's bytes.
pub fn keep_in(table: &[u8], pos: &Position, segment: Segment, frame: Frame) -> Option<Keep> {
    Some(Keep(table[slot_of(pos, segment, frame)?]))
}

/// Checks every entry of every `stride`-th block of `table` against the equation its children
/// give (`distances` and `keep_table` as for [`build`]), calling `progress(slots)` after each
/// block: how many entries break it, and messages for at most ten.
pub fn check(
    table: &[u8],
    distances: impl Fn(&Position) -> Distances + Sync,
    keep_table: &[u8],
    stride: usize,
    progress: impl Fn(u64) + Sync,
) -> (u64, Vec<String>) {
    let exits = Exits::new(&distances, keep_table);
    let broken: Vec<(u64, Vec<String>)> = (0..2 * BLOCKS_PER_SIDE)
        .into_par_iter()
        .step_by(stride)
        .map(|block| {
            let mut found = (0, Vec::new());
            let mut moves = MoveList::new();
            for i in block * BLOCK_SLOTS..(block + 1) * BLOCK_SLOTS {
                let (turn, state, squares) = squares_at(i);
                let entry = Entry::of(&distances, &exits, table, (turn, squares), &mut moves);
                let (order, segment) = state;
                let children = Filled {
                    table,
                    order,
                    segment,
                };
                let want = evaluate(&children, entry, state, turn, squares);
                if want != table[i] {
                    found.0 += 1;
                    if found.1.len() < 10 {
                        found.1.push(format!(
                            "{turn:?} to move, {state:?}, {squares:?}: stored {}, the children give {want}",
                            table[i]
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

    /// The positions among 20,000 random draws of the table's squares (`seed` starts the
    /// generator), with their side to move and squares.
    fn random_positions(mut seed: u64) -> impl Iterator<Item = (Color, [Square; 5], Position)> {
        (0..20_000).filter_map(move |_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let digit = |k: u32| (seed >> (6 * k)) as usize % 49;
            let pawn = pawn_square((seed >> 40) as usize % PAWNS);
            let squares = [0, 1, 2, 3].map(|k| square_of(digit(k)));
            let squares = [squares[0], squares[1], pawn, squares[2], squares[3]];
            let turn = [Color::White, Color::Black][(seed >> 50) as usize % 2];
            Some((turn, squares, position(turn, squares)?))
        })
    }

    /// The legal moves of `pos` that stay in the table (no capture, no promotion).
    fn staying(pos: &Position) -> Vec<Move> {
        let moves = pos.legal_moves();
        moves
            .iter()
            .filter(|m| m.capture.is_none() && m.promotion.is_none())
            .copied()
            .collect()
    }

    /// `Quiet` packs and unpacks exactly the legal moves that stay in the table.
    #[test]
    fn quiet_moves_unpack_to_the_legal_moves_that_stay() {
        let mut checked = [0; 2];
        for (turn, squares, pos) in random_positions(0x9e37_79b9_7f4a_7c15) {
            let staying = staying(&pos);
            let mut want: Vec<(usize, Square)> = staying
                .iter()
                .map(|m| {
                    let piece = squares.iter().position(|&sq| sq == m.from);
                    (piece.unwrap_or(5), m.to)
                })
                .collect();
            let quiet = Quiet::of(pos.king(turn), staying.into_iter());
            let mut got: Vec<(usize, Square)> = quiet
                .targets(turn, squares)
                .into_iter()
                .flat_map(|(piece, targets)| targets.map(move |to| (piece, to)))
                .collect();
            want.sort_by_key(|&(piece, to)| (piece, to.index()));
            got.sort_by_key(|&(piece, to)| (piece, to.index()));
            assert_eq!(got, want, "{squares:?}, {turn:?} to move");
            checked[usize::from(squares[2].rank().index() == 1)] += 1;
        }
        assert!(checked.iter().all(|&n| n > 1000), "{checked:?}");
    }

    /// The mirror image of a position's packed moves are the packed moves of its mirror
    /// image (what the build relies on for the mirrored file's entries).
    #[test]
    fn mirrored_quiet_moves_are_the_mirror_images_moves() {
        let mut checked = 0;
        for (turn, squares, pos) in random_positions(0x2545_f491_4f6c_dd1d) {
            let Some(image) = position(turn, mirrored(squares)) else {
                continue;
            };
            let quiet = |pos: &Position| Quiet::of(pos.king(turn), staying(pos).into_iter()).0;
            assert_eq!(
                Quiet(quiet(&pos)).mirrored(pos.king(turn)).0,
                quiet(&image),
                "{squares:?}, {turn:?} to move"
            );
            assert_eq!(
                placement(mirrored(squares)),
                mirror_placement(placement(squares))
            );
            checked += 1;
        }
        assert!(checked > 5000, "{checked}");
    }
}
