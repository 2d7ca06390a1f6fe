//! The keep table of the king-and-pawn ending KPvK: for every position and every state of
//! White's run (the orientation its king's squares go up in, the drop there or spent), how many
//! plies White keeps the game going while keeping to the order (no stalemate, no dead position;
//! repetition cannot come, by the order). The pawn ending's draws with Black's king in front of
//! the pawn are refuted this way: White keeps its pawn and walks its king around it.
//!
//! The game is the one of the rook ending's keep table ([`keep`](super::keep)) with the pawn
//! ending's segments ([`pawn_keep`](super::pawn_keep)): within a segment White's placement
//! changes only by its king's moves, so a run's order is one of its king's squares, numbered
//! row by row after one of the board's eight symmetries (its *orientation*, fixed for the run).
//! Every White king move goes up in it but one, the drop, which may be any king move and starts
//! the second run in any orientation. A pawn move starts a new segment (two runs, any
//! orientation). A promotion or Black's capture of the pawn leaves the ending: a dead position
//! or a stalemate ends the game, White's mate (the distance tables) keeps it going for ever (a
//! new segment's positions all differ), anything else counts as kept for no further ply.
//!
//! - A position that has ended: for ever if Black is mated, else never (byte 0).
//! - Otherwise one ply more than the best of White's moves that keep to the order (0 plies with
//!   none) or the worst of Black's moves.
//!
//! The table is small (2.7 MB), so it is not stored in the table file: it is worked out in
//! memory, a pawn file at a time, the first time a search asks (about 20 ms a file), one pawn
//! square at a time from the sixth rank down (a pawn move's new segment first), and within one
//! the drop spent before it is there, and the king's squares from the top of the orientation's
//! order down.
//!
//! Layout: per pawn file, a byte per slot, slot = ((((pawn's rank − 2) · 49 + White king) ·
//! 49 + Black king) · 2 + side) · 16 + segment state · 8 + orientation. The byte is k + 1 for
//! k plies (at most [`LONGEST`]), 255 for ever, 0 for a position that has ended (or no
//! position).

use small_board::{Color, MoveList, Piece, Position, Role, Square};

use super::{
    Material,
    index::position_of,
    keep::{FOREVER, Keep, LONGEST},
    order::{index_in, up},
    pawn_keep::Segment,
};

/// The ending the table covers.
pub const MATERIAL: Material = Material {
    white_rook: false,
    white_extra: Some(Role::Pawn),
    black_rook: false,
};

/// The orientations of a run: the board's eight symmetries.
pub const ORIENTATIONS: u8 = 8;

/// The pawn's squares on a file: ranks 2 to 6.
const PAWN_RANKS: usize = 5;

/// Slots per pawn square: White's king, Black's king, the side to move, the segment state and
/// the orientation.
const PAWN_SLOTS: usize = 49 * 49 * 2 * 2 * ORIENTATIONS as usize;

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

    /// The slot of these squares with `turn` to move in `segment` and `orientation`, in the
    /// table of the pawn's file.
    fn slot(self, turn: Color, segment: Segment, orientation: u8) -> usize {
        let rank = self.pawn.index() / 7 - 1;
        let kings = (rank * 49 + self.white_king.index()) * 49 + self.black_king.index();
        ((kings * 2 + usize::from(turn == Color::Black)) * 2 + segment as usize)
            * usize::from(ORIENTATIONS)
            + usize::from(orientation)
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
    /// What the table says of `pos` in `segment` and `orientation`: `None` for another
    /// material. `white_mates` says whether White mates from a position after a promotion
    /// (KQvK), if the pawn's file is still to be worked out.
    pub fn keep(
        &mut self,
        pos: &Position,
        segment: Segment,
        orientation: u8,
        white_mates: impl FnMut(&Position) -> bool,
    ) -> Option<Keep> {
        let squares = Squares::of(pos)?;
        let bytes = self.file(squares.pawn, white_mates);
        Some(Keep(bytes[squares.slot(pos.turn(), segment, orientation)]))
    }

    /// The best of the orientations in `segment` (see [`KpkKeep::keep`]).
    pub fn best(
        &mut self,
        pos: &Position,
        segment: Segment,
        white_mates: impl FnMut(&Position) -> bool,
    ) -> Option<Keep> {
        let squares = Squares::of(pos)?;
        let bytes = self.file(squares.pawn, white_mates);
        best(bytes, squares, pos.turn(), segment).map(Keep)
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

/// The best byte of the orientations of `squares` with `turn` to move in `segment`.
fn best(bytes: &[u8], squares: Squares, turn: Color, segment: Segment) -> Option<u8> {
    (0..ORIENTATIONS)
        .map(|o| bytes[squares.slot(turn, segment, o)])
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
        Some(squares) => best(bytes, squares, child.turn(), Segment::New).unwrap_or(0),
        None if white_mates(child) => FOREVER,
        None => 1,
    }
}

/// A table position's moves, worked out once for all its states.
struct Node {
    squares: Squares,
    turn: Color,
    /// The byte of the position if it has ended.
    ended: Option<u8>,
    /// The squares its king moves to (White's or Black's) within the segment.
    king_moves: Vec<Square>,
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
                node.king_moves.push(m.to);
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

    /// The node's byte in `segment` and `orientation`, from its children's.
    fn byte(&self, bytes: &[u8], segment: Segment, orientation: u8) -> u8 {
        if let Some(byte) = self.ended {
            return byte;
        }
        let after = |to: Square| match self.turn {
            Color::White => Squares {
                white_king: to,
                ..self.squares
            },
            Color::Black => Squares {
                black_king: to,
                ..self.squares
            },
        };
        let next = self.turn.other();
        if self.turn == Color::Black {
            return self
                .king_moves
                .iter()
                .fold(self.leaving.unwrap_or(FOREVER), |worst, &to| {
                    let child = after(to).slot(next, segment, orientation);
                    worst.min(one_more(bytes[child]))
                });
        }
        let from = self.squares.white_king;
        self.king_moves
            .iter()
            .fold(self.leaving.unwrap_or(1).max(1), |mut kept, &to| {
                let child = after(to);
                if up(from, to) & (1 << orientation) != 0 {
                    kept = kept.max(one_more(bytes[child.slot(next, segment, orientation)]));
                }
                if segment == Segment::New {
                    let dropped = best(bytes, child, next, Segment::Distinct).unwrap_or(0);
                    kept = kept.max(one_more(dropped));
                }
                kept
            })
    }
}

/// Fills the slots of the pawn on `pawn` (those of the pawn's squares above it are filled).
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
    for segment in [Segment::Distinct, Segment::New] {
        for orientation in 0..ORIENTATIONS {
            let mut kings: Vec<Square> = Square::all().collect();
            kings.sort_by_key(|&sq| std::cmp::Reverse(index_in(orientation, sq)));
            for king in kings {
                for node in &nodes[king.index()] {
                    let byte = node.byte(bytes, segment, orientation);
                    bytes[node.squares.slot(node.turn, segment, orientation)] = byte;
                }
            }
        }
    }
}
