//! The keep table of the king-and-pawn ending KPvK: for every position and every state of
//! White's run (the order its king's squares go up in, the runs left), how many plies White
//! keeps the game going while keeping to the order (no stalemate, no dead position; repetition
//! cannot come, by the order). The pawn ending's draws with Black's king in front of the pawn
//! are refuted this way: White keeps its pawn and walks its king around it.
//!
//! The game is the one of the rook ending's keep table ([`keep`](super::keep)) with the pawn
//! ending's segments ([`pawn_keep`](super::pawn_keep)): within a segment White's placement
//! changes only by its king's moves, so a run's order is one of its king's squares (its
//! *orientation*, fixed for the run): numbered row by row after one of the board's eight
//! symmetries, or by angle around the pawn (which stands still in a segment), from one of eight
//! directions, turning either way ([`place`]), so that a king walking round its pawn goes up
//! for a whole lap. Every White king move of a run goes up in its order; a *drop*, any king
//! move, ends a run and starts the next. A pawn move starts a new segment (any orientation). A
//! promotion or Black's capture of the pawn leaves the ending: a dead position or a stalemate
//! ends the game, White's mate (the distance tables) keeps it going for ever (a new segment's
//! positions all differ), anything else counts as kept for no further ply.
//!
//! The runs of a segment form a *ladder* ([`Rung`]): the first run's drop may start a last run
//! in any orientation, or (in a symmetry's orientation) a second run in the same one; from then
//! on a drop must leave from a square above the end of the run before the one it ends, and land
//! above it, and the next run keeps the orientation. So each run from the third on starts above
//! the end of the run two before it, and as runs only go up, it comes to no square of an
//! earlier run of its parity (the odd runs', or the even runs'): a square is on at most two
//! runs, so a position occurs at most twice. (The earlier positions of a segment the table is
//! read after in the first run's state lie below the first run's start, see `survival`, and
//! count as the first run's.) In the orders around the pawn only two runs are kept: a walk
//! round the pawn does not climb, so later runs would seldom be allowed there.
//!
//! - A position that has ended: for ever if Black is mated, else never (byte 0).
//! - Otherwise one ply more than the best of White's moves that keep to the ladder (0 plies
//!   with none) or the worst of Black's moves.
//!
//! The table is small (10 MB a pawn file), so it is not stored in the table file: it is worked
//! out in memory, a pawn file at a time, the first time a search asks, one pawn square at a
//! time from the sixth rank down (a pawn move's new segment first); within one, the
//! orientations in parallel, the last run first, then the later runs from the highest bound
//! down (a drop raises the bound), then the first run, each with the king's squares from the
//! top of the orientation's order down.
//!
//! Layout: per pawn file, a byte per slot, slot = (pawn's rank − 2) · P + O + rung · K +
//! (White king · 49 + Black king) · 2 + side, with K = 49 · 49 · 2, P the slots of a pawn
//! square and O the first of the orientation's (the eight symmetries' with 51 rungs each, then
//! the sixteen angles' with two). The byte is k + 1 for k plies (at most [`LONGEST`]), 255 for
//! ever, 0 for a position that has ended (or no position).

use rayon::prelude::*;
use small_board::{Color, MoveList, Piece, Position, Role, Square};

use super::{
    Material,
    index::position_of,
    keep::{FOREVER, Keep, LONGEST},
    order::index_in,
    pawn_keep::Segment,
};

/// The ending the table covers.
pub const MATERIAL: Material = Material {
    white_rook: false,
    white_extra: Some(Role::Pawn),
    black_rook: false,
};

/// The orientations of a run: the board's eight symmetries ([`SYMMETRIES`]), then sixteen
/// orders by angle around the pawn.
pub const ORIENTATIONS: u8 = 24;

/// The orientations that are the board's symmetries (row by row), the first ones: only they
/// have the ladder's later runs (a walk around the pawn does not climb).
pub const SYMMETRIES: u8 = 8;

/// The rungs of an orientation: all in a symmetry's, the last and the first in an angle's.
fn rungs_in(orientation: u8) -> usize {
    if orientation < SYMMETRIES {
        Rung::COUNT
    } else {
        2
    }
}

/// The first slot of `orientation` within a pawn square's.
fn orientation_offset(orientation: u8) -> usize {
    let symmetries = usize::from(orientation.min(SYMMETRIES)) * Rung::COUNT;
    let angles = usize::from(orientation.saturating_sub(SYMMETRIES)) * 2;
    (symmetries + angles) * KINGS_SLOTS
}

/// The pawn's squares on a file: ranks 2 to 6.
const PAWN_RANKS: usize = 5;

/// The index of the king's square `sq` in the order of `orientation` in a segment with the
/// pawn on `pawn`: after one of the board's symmetries row by row (a1 = 0, b1 = 1, ...), or,
/// for orientation 8 + 2d + w, by angle around the pawn from direction d (east, then 45° more
/// each), counterclockwise (w = 0) or clockwise, the nearer square first on one ray.
pub fn place(orientation: u8, pawn: Square, sq: Square) -> usize {
    if orientation < SYMMETRIES {
        return index_in(orientation, sq);
    }
    static AROUND: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let around = AROUND.get_or_init(|| {
        let mut table = vec![0; 16 * 49 * 49];
        for (order, pawn) in (0..16).flat_map(|order| Square::all().map(move |p| (order, p))) {
            let from = (order / 2) as f64 * std::f64::consts::FRAC_PI_4;
            let turn = if order % 2 == 0 { 1.0 } else { -1.0 };
            let key = |sq: Square| {
                let dx = (sq.index() % 7) as f64 - (pawn.index() % 7) as f64;
                let dy = (sq.index() / 7) as f64 - (pawn.index() / 7) as f64;
                let angle = (turn * (dy.atan2(dx) - from)).rem_euclid(std::f64::consts::TAU);
                // Whole micro-radians: the same ray gives the same key.
                ((angle * 1e6).round() as u64, (dx * dx + dy * dy) as u64)
            };
            let mut squares: Vec<Square> = Square::all().collect();
            squares.sort_by_key(|&sq| key(sq));
            for (rank, sq) in squares.into_iter().enumerate() {
                table[(order * 49 + pawn.index()) * 49 + sq.index()] = rank as u8;
            }
        }
        table
    });
    let order = usize::from(orientation - SYMMETRIES);
    usize::from(around[(order * 49 + pawn.index()) * 49 + sq.index()])
}

/// The orientations (bit o for orientation o) in whose order the king's square `king` comes
/// before `at`, the pawn standing on `pawn`: [`place`] for all of them in one look-up (the
/// search asks it of every position of a segment).
pub fn below(pawn: Square, at: Square, king: Square) -> u32 {
    static BELOW: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    let below = BELOW.get_or_init(|| {
        let mut table = vec![0; 49 * 49 * 49];
        for (pawn, at, king) in Square::all()
            .flat_map(|p| Square::all().flat_map(move |a| Square::all().map(move |k| (p, a, k))))
        {
            table[(pawn.index() * 49 + at.index()) * 49 + king.index()] = (0..ORIENTATIONS)
                .filter(|&o| place(o, pawn, king) < place(o, pawn, at))
                .fold(0, |bits, o| bits | 1 << o);
        }
        table
    });
    below[(pawn.index() * 49 + at.index()) * 49 + king.index()]
}

/// Where White stands in the ladder of runs of its segment (see the module docs), in the
/// current run's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rung {
    /// The last run: no drop left ([`Segment::Distinct`]).
    Last,
    /// The segment's first run ([`Segment::New`]): the drop may be any king move.
    First,
    /// A later run, the run before it having ended on the king's square of this index in the
    /// orientation (a1 = 0, b1 = 1, ...): the next drop must leave from above it and land
    /// above it.
    After(u8),
}

impl Rung {
    /// The rungs: one per index.
    const COUNT: usize = 2 + 49;

    fn index(self) -> usize {
        match self {
            Rung::Last => 0,
            Rung::First => 1,
            Rung::After(end) => 2 + usize::from(end),
        }
    }

    /// The rung of the run a drop starts in the same orientation, the drop leaving the king's
    /// square of index `from` for the one of index `to` (in the orientation): `None` where the
    /// ladder does not allow it. (The first run's drop may also start a last run in any
    /// orientation.)
    fn dropped(self, from: usize, to: usize) -> Option<Rung> {
        let above = |end: u8| from > usize::from(end) && to > usize::from(end);
        match self {
            Rung::Last => None,
            Rung::After(end) if !above(end) => None,
            Rung::First | Rung::After(_) => Some(Rung::After(from as u8)),
        }
    }

    /// The rungs in the order the table is filled: each after those its drops lead to.
    fn filling_order() -> impl Iterator<Item = Rung> {
        let later = (0..49u8).rev().map(Rung::After);
        std::iter::once(Rung::Last)
            .chain(later)
            .chain(std::iter::once(Rung::First))
    }
}

impl From<Segment> for Rung {
    fn from(segment: Segment) -> Rung {
        match segment {
            Segment::Distinct => Rung::Last,
            Segment::New => Rung::First,
        }
    }
}

/// Slots per orientation and rung of a pawn square: White's king, Black's king, the side to
/// move.
const KINGS_SLOTS: usize = 49 * 49 * 2;

/// Slots per pawn square.
const PAWN_SLOTS: usize =
    (SYMMETRIES as usize * Rung::COUNT + (ORIENTATIONS - SYMMETRIES) as usize * 2) * KINGS_SLOTS;

/// The pieces of the table's positions.
const WHITE_KING: Piece = Role::King.of(Color::White);
const WHITE_PAWN: Piece = Role::Pawn.of(Color::White);
const BLACK_KING: Piece = Role::King.of(Color::Black);

/// The squares of a table position: White's king, the pawn, Black's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Squares {
    white_king: Square,
    pawn: Square,
    black_king: Square,
}

impl Squares {
    fn of(pos: &Position) -> Option<Squares> {
        if Material::of(pos.board())? != MATERIAL {
            return None;
        }
        let board = pos.board();
        Some(Squares {
            white_king: pos.king(Color::White),
            pawn: board.by_piece(WHITE_PAWN).first()?,
            black_king: pos.king(Color::Black),
        })
    }

    /// The slot of these squares with `turn` to move on `rung` in `orientation`, in the
    /// table of the pawn's file.
    fn slot(self, turn: Color, rung: Rung, orientation: u8) -> usize {
        self.part(rung, orientation) + self.kings(turn)
    }

    /// The first slot of the pawn's square, `rung` and `orientation`.
    fn part(self, rung: Rung, orientation: u8) -> usize {
        let rank = self.pawn.index() / 7 - 1;
        rank * PAWN_SLOTS + orientation_offset(orientation) + rung.index() * KINGS_SLOTS
    }

    /// The slot of the kings' squares and the side to move within a pawn square, rung and
    /// orientation.
    fn kings(self, turn: Color) -> usize {
        (self.white_king.index() * 49 + self.black_king.index()) * 2
            + usize::from(turn == Color::Black)
    }
}

/// The byte one ply before a position of byte `byte`: kept one ply longer.
fn one_more(byte: u8) -> u8 {
    if byte == FOREVER {
        FOREVER
    } else {
        (byte + 1).min(LONGEST + 1)
    }
}

/// The byte of a position that has ended, if it has (`moves` its legal moves).
fn ended(pos: &Position, moves: &MoveList) -> Option<u8> {
    if moves.is_empty() {
        let mated = pos.is_check() && pos.turn() == Color::Black;
        Some(if mated { FOREVER } else { 0 })
    } else {
        pos.is_dead().then_some(0)
    }
}

/// The table, one pawn file at a time (a position's pawn moves and promotions stay on its
/// file), each worked out the first time it is read.
#[derive(Debug, Default)]
pub struct KpkKeep([Option<Box<[u8]>>; 7]);

impl KpkKeep {
    /// What the table says of `pos` on `rung` in `orientation`: `None` for another material or
    /// a later run in an angle's orientation. `white_mates` says whether White mates from a
    /// position after a promotion (KQvK), if the pawn's file is still to be worked out.
    pub fn keep(
        &mut self,
        pos: &Position,
        rung: Rung,
        orientation: u8,
        white_mates: impl FnMut(&Position) -> bool,
    ) -> Option<Keep> {
        let squares = Squares::of(pos)?;
        if rung.index() >= rungs_in(orientation) {
            return None;
        }
        let bytes = self.file(squares.pawn, white_mates);
        Some(Keep(bytes[squares.slot(pos.turn(), rung, orientation)]))
    }

    /// The best of the orientations (see [`KpkKeep::keep`]), each on the rung `rungs` gives
    /// it (`None`: not read): `None` for another material or no orientation read.
    pub fn best(
        &mut self,
        pos: &Position,
        rungs: impl Fn(u8) -> Option<Rung>,
        white_mates: impl FnMut(&Position) -> bool,
    ) -> Option<Keep> {
        let squares = Squares::of(pos)?;
        let bytes = self.file(squares.pawn, white_mates);
        best(bytes, squares, pos.turn(), rungs).map(Keep)
    }

    /// The table of the file of `pawn`, worked out if it is not yet: one pawn square at a time
    /// from the sixth rank down.
    fn file(&mut self, pawn: Square, mut white_mates: impl FnMut(&Position) -> bool) -> &[u8] {
        let file = pawn.index() % 7;
        self.0[file].get_or_insert_with(|| {
            let mut bytes = vec![0; PAWN_RANKS * PAWN_SLOTS].into_boxed_slice();
            for pawn in (1..=PAWN_RANKS)
                .rev()
                .filter_map(|rank| Square::new((rank * 7 + file) as u32))
            {
                fill(&mut bytes, pawn, &mut white_mates);
            }
            bytes
        })
    }
}

/// The best byte of the orientations of `squares` with `turn` to move, each on the rung
/// `rungs` gives it (`None`, or a later run in an angle's orientation: not read).
fn best(
    bytes: &[u8],
    squares: Squares,
    turn: Color,
    rungs: impl Fn(u8) -> Option<Rung>,
) -> Option<u8> {
    (0..ORIENTATIONS)
        .filter_map(|o| {
            let rung = rungs(o).filter(|rung| rung.index() < rungs_in(o))?;
            Some(bytes[squares.slot(turn, rung, o)])
        })
        .max()
}

/// The byte of `child`, after a move that leaves its segment (a pawn move or a capture): a new
/// segment's best, or the end or White's mate after leaving the ending.
fn left(bytes: &[u8], child: &Position, white_mates: &mut impl FnMut(&Position) -> bool) -> u8 {
    let mut moves = MoveList::new();
    child.legal_moves_into(&mut moves);
    if let Some(byte) = ended(child, &moves) {
        return byte;
    }
    match Squares::of(child) {
        Some(squares) => best(bytes, squares, child.turn(), |_| Some(Rung::First)).unwrap_or(0),
        None if white_mates(child) => FOREVER,
        None => 1,
    }
}

/// A table position's moves, worked out once for all its rungs and orientations.
struct Node {
    squares: Squares,
    turn: Color,
    /// The byte of the position if it has ended.
    ended: Option<u8>,
    /// Its king's moves (White's or Black's) within the segment: the square moved to and the
    /// child's slot within its pawn square, rung and orientation ([`Squares::kings`]).
    king_moves: Vec<(Square, usize)>,
    /// The best (White) or worst (Black) byte of the moves that leave the segment, one ply
    /// before.
    leaving: Option<u8>,
}

impl Node {
    /// The node of the position of `squares` with `turn` to move, if they make one; the pawn's
    /// squares above `squares.pawn` filled in `bytes`.
    fn of(
        bytes: &[u8],
        squares: Squares,
        turn: Color,
        white_mates: &mut impl FnMut(&Position) -> bool,
    ) -> Option<Node> {
        let pieces = [
            (WHITE_KING, squares.white_king),
            (WHITE_PAWN, squares.pawn),
            (BLACK_KING, squares.black_king),
        ];
        let pos = position_of(turn, pieces)?;
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        let mut node = Node {
            squares,
            turn,
            ended: ended(&pos, &moves),
            king_moves: Vec::new(),
            leaving: None,
        };
        for &m in &moves {
            if m.role == Role::King && m.capture.is_none() {
                let child = match turn {
                    Color::White => Squares {
                        white_king: m.to,
                        ..squares
                    },
                    Color::Black => Squares {
                        black_king: m.to,
                        ..squares
                    },
                };
                node.king_moves.push((m.to, child.kings(turn.other())));
                continue;
            }
            let byte = one_more(left(bytes, &pos.play(m), white_mates));
            node.leaving = Some(match (node.leaving, turn) {
                (None, _) => byte,
                (Some(b), Color::White) => b.max(byte),
                (Some(b), Color::Black) => b.min(byte),
            });
        }
        Some(node)
    }

    /// The node's byte on `rung` in `orientation`, from its children's: `part` holds the
    /// orientation's slots of the pawn's square ([`Squares::kings`] on each rung), `last` the
    /// best of every orientation's on the last rung (for the first rung's drop).
    fn byte(&self, part: &[u8], rung: Rung, orientation: u8, last: &[u8]) -> u8 {
        if let Some(byte) = self.ended {
            return byte;
        }
        let here = rung.index() * KINGS_SLOTS;
        if self.turn == Color::Black {
            let leaving = self.leaving.unwrap_or(FOREVER);
            return self.king_moves.iter().fold(leaving, |worst, &(_, child)| {
                worst.min(one_more(part[here + child]))
            });
        }
        let from = self.squares.white_king;
        let place = |sq| place(orientation, self.squares.pawn, sq);
        let kept = self.leaving.unwrap_or(1).max(1);
        self.king_moves.iter().fold(kept, |mut kept, &(to, child)| {
            if place(to) > place(from) {
                kept = kept.max(one_more(part[here + child]));
            }
            let ladder = orientation < SYMMETRIES;
            if let Some(next) = rung.dropped(place(from), place(to)).filter(|_| ladder) {
                kept = kept.max(one_more(part[next.index() * KINGS_SLOTS + child]));
            }
            if rung == Rung::First {
                kept = kept.max(one_more(last[child]));
            }
            kept
        })
    }
}

/// Fills the slots of the pawn on `pawn` (those of the pawn's squares above it are filled),
/// the orientations in parallel: first every rung but the first, then the first, whose drop
/// may start the last run in any orientation.
fn fill(bytes: &mut [u8], pawn: Square, white_mates: &mut impl FnMut(&Position) -> bool) {
    // Per White king square, its nodes, White's to move first (Black's read them).
    let nodes: Vec<Vec<Node>> = Square::all()
        .map(|white_king| {
            [Color::White, Color::Black]
                .into_iter()
                .flat_map(|turn| Square::all().map(move |black_king| (turn, black_king)))
                .filter_map(|(turn, black_king)| {
                    let squares = Squares {
                        white_king,
                        pawn,
                        black_king,
                    };
                    Node::of(bytes, squares, turn, white_mates)
                })
                .collect()
        })
        .collect();
    let rank = pawn.index() / 7 - 1;
    let square = &mut bytes[rank * PAWN_SLOTS..(rank + 1) * PAWN_SLOTS];
    let fill_rungs = |part: &mut [u8], orientation: u8, rungs: &[Rung], last: &[u8]| {
        let mut kings: Vec<Square> = Square::all().collect();
        kings.sort_by_key(|&sq| std::cmp::Reverse(place(orientation, pawn, sq)));
        for &rung in rungs.iter().filter(|r| r.index() < rungs_in(orientation)) {
            for &king in &kings {
                for node in &nodes[king.index()] {
                    let byte = node.byte(part, rung, orientation, last);
                    part[rung.index() * KINGS_SLOTS + node.squares.kings(node.turn)] = byte;
                }
            }
        }
    };
    let later: Vec<Rung> = Rung::filling_order()
        .filter(|&rung| rung != Rung::First)
        .collect();
    let mut parts = orientation_parts(square);
    parts
        .par_iter_mut()
        .for_each(|(orientation, part)| fill_rungs(part, *orientation, &later, &[]));
    let last: Vec<u8> = (0..KINGS_SLOTS)
        .map(|kings| {
            let of = |part: &[u8]| part[Rung::Last.index() * KINGS_SLOTS + kings];
            parts.iter().map(|(_, part)| of(part)).max().unwrap_or(0)
        })
        .collect();
    parts
        .par_iter_mut()
        .for_each(|(orientation, part)| fill_rungs(part, *orientation, &[Rung::First], &last));
}

/// A pawn square's slots cut into its orientations' (see [`orientation_offset`]).
fn orientation_parts(mut square: &mut [u8]) -> Vec<(u8, &mut [u8])> {
    let mut parts = Vec::with_capacity(usize::from(ORIENTATIONS));
    for orientation in 0..ORIENTATIONS {
        let (part, rest) =
            std::mem::take(&mut square).split_at_mut(rungs_in(orientation) * KINGS_SLOTS);
        parts.push((orientation, part));
        square = rest;
    }
    parts
}
