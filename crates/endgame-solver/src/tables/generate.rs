//! The retrograde generator: distance to mate, in plies, for every position of every material,
//! both sides to move, and the tables of the other kinds ([`Kind`]: Black's draw distance, each
//! side's superiority distance), all from one pass over each unit's moves.
//!
//! Materials are built in [`Material::ALL`]'s order, so every capture or promotion leads into a
//! finished table; a pawn table is built one pawn square (a *unit*) at a time, from rank 6 down,
//! so every pawn move leads into a finished unit. Within a unit only the pieces other than the
//! pawn move, and those moves are reversible.
//!
//! Each unit is solved twice, once per mating side F (the *forcer*; the other side is the
//! *defender*), level by level: level n holds the positions where F mates in exactly n plies.
//!
//! - Level 0: the defender to move is checkmated.
//! - F to move is at level n when some move leads to a position at level n − 1 (or a capture,
//!   promotion or pawn move leads to a finished table's mate in n − 1).
//! - The defender to move is at level n when it has a move, every move leads to a position F
//!   mates from (inside the unit: one already solved, so at a level ≤ n − 1; outside it: a mate
//!   in at most n − 1), and it was not at a lower level.
//!
//! This is the Bellman equation of the distance to mate read forwards, so the levels are exact;
//! `verify` checks every entry against it with `small_board`'s move generator.
//!
//! The other kinds are the same game with another goal (`Game`): the forcer wins at level 0
//! where the goal is reached on the board (for the draw table: White to move with no move, or
//! Black stalemated; for X's superiority: X's mate), and through conversions as the finished
//! tables of the kind say (a dead position ends the game drawn: reached for the draw table, not
//! for superiority). A material where X holds superiority has reached X's goal everywhere.
//!
//! The work is done on *words* (see `index`): the 49 positions that differ only in the inner
//! piece's square are one `u64`, so a move of an outer piece pulls a whole word from the word of
//! its destination (masking the squares that would block it), and a move of the inner piece is a
//! union of attack sets over the bits of the same word. Moves are pulled, not pushed (for a
//! non-pawn piece the squares it can come from are the squares it attacks), so each word is
//! written by one thread.
//! Moves into positions that hold no position (the mover's king left in check) find empty bits,
//! which is what makes pulled moves legal.

use rayon::prelude::*;
use small_board::{Bitboard, Color, Piece, Role, Square, attacks, unmove};
use std::sync::atomic::{AtomicU64, Ordering};

use super::{
    Kind, NONE,
    attack::{attack_set, dilate},
    index::{Layout, Symmetry},
    material::Material,
};

/// A defender's position that can never be a mate by conversions (a capture or pawn move
/// escapes).
const NEVER: u8 = 255;

/// The finished tables so far, by [`Kind::index`] then [`Material::code`].
pub struct Built {
    layouts: Vec<Option<Layout>>,
    tables: [Vec<Option<Vec<u8>>>; Kind::COUNT],
}

impl std::fmt::Debug for Built {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Built").finish_non_exhaustive()
    }
}

impl Built {
    fn new() -> Built {
        Built {
            layouts: Layout::all(),
            tables: Kind::ALL.map(|_| vec![None; Material::ALL.len()]),
        }
    }

    /// Any position's bytes in the finished tables of [`Kind::Mate`] and [`Kind::Draw`].
    pub fn distances(&self, pos: &small_board::Position) -> super::Distances {
        super::distances(&self.tables, &self.layouts, pos)
    }

    /// The finished tables of `kind`, in [`Material::ALL`] order (`None` for dead materials).
    pub fn tables(&self, kind: Kind) -> &[Option<Vec<u8>>] {
        &self.tables[kind.index()]
    }

    /// Takes the finished tables of `kind`, in [`Material::ALL`] order (`None` for dead
    /// materials); none of that kind is left after.
    pub fn take(&mut self, kind: Kind) -> Vec<Option<Vec<u8>>> {
        let none = vec![None; Material::ALL.len()];
        std::mem::replace(&mut self.tables[kind.index()], none)
    }
}

/// The pieces of a position, by square: the generator's own small board.
#[derive(Clone, Copy, Debug)]
struct Placement {
    pieces: [(Piece, Square); 5],
    len: usize,
}

impl Placement {
    fn occupied(&self) -> u64 {
        self.pieces[..self.len]
            .iter()
            .fold(0, |occ, &(_, sq)| occ | 1 << sq.index())
    }

    fn by_color(&self, color: Color) -> u64 {
        self.pieces[..self.len]
            .iter()
            .filter(|(p, _)| p.color == color)
            .fold(0, |occ, &(_, sq)| occ | 1 << sq.index())
    }

    fn king(&self, color: Color) -> Square {
        self.pieces[..self.len]
            .iter()
            .find(|(p, _)| p.color == color && p.role == Role::King)
            .map_or(Square::A1, |&(_, sq)| sq)
    }

    /// Whether a piece of `by` attacks `sq` with `occupied` as the blockers.
    fn attacked(&self, sq: Square, by: Color, occupied: u64) -> bool {
        self.pieces[..self.len]
            .iter()
            .filter(|(p, _)| p.color == by)
            .any(|&(p, from)| attack_set(p, from, occupied) & 1 << sq.index() != 0)
    }

    /// Whether `color`'s king is attacked.
    fn in_check(&self, color: Color) -> bool {
        self.attacked(self.king(color), color.other(), self.occupied())
    }

    /// The placement after piece `i` goes to `to` (capturing what stands there), becoming `role`.
    fn after(&self, i: usize, to: Square, role: Role) -> Placement {
        let mut next = *self;
        next.pieces[i] = (
            Piece {
                color: self.pieces[i].0.color,
                role,
            },
            to,
        );
        if let Some(j) = (0..self.len).find(|&j| j != i && self.pieces[j].1 == to) {
            next.pieces[j] = next.pieces[next.len - 1];
            next.len -= 1;
        }
        next
    }

    fn material(&self) -> Option<Material> {
        let mut material = Material {
            white_rook: false,
            white_extra: None,
            black_rook: false,
        };
        for &(p, _) in &self.pieces[..self.len] {
            match (p.color, p.role) {
                (_, Role::King) => {}
                (Color::White, Role::Rook) => material.white_rook = true,
                (Color::White, role) => material.white_extra = Some(role),
                (Color::Black, Role::Rook) => material.black_rook = true,
                (Color::Black, _) => return None,
            }
        }
        Some(material)
    }
}

/// A bit off the board, set in the path of a pawnless table's White king moves so that
/// `neighbours`' callers can tell them apart (it masks nothing).
const WHITE_KING_MOVE: u64 = 1 << 63;

/// What the generator needs to know of one position before the levels: whether it has a legal
/// move, whether it is checkmated, and what its captures, promotions and pawn moves lead to.
#[derive(Clone, Copy, Debug)]
struct SlotInit {
    has_moves: bool,
    mated: bool,
    /// For the game where the side to move is the forcer: the fastest mate through a
    /// conversion (child mate + 1), or `NONE`.
    conv_win: u8,
    /// For the game where the side to move defends: the longest mate through a conversion
    /// (child + 1), 0 with no conversions, or [`NEVER`] when one escapes.
    conv_loss: u8,
    /// For each kind one side forces (all but the mate table, in [`Kind::ALL`] order): with
    /// the forcer to move, as `conv_win`; with the defender to move, as `conv_loss`.
    conv: [u8; FORCED],
}

/// The kinds one side forces: [`Kind::ALL`] but the first.
const FORCED: usize = Kind::COUNT - 1;

/// The values the finished tables give the position after a conversion, by [`Kind::index`]. A
/// dead position has ended drawn: no mate, no superiority, a draw distance of 0.
fn child_value(
    built: &Built,
    unit: [&[u8]; Kind::COUNT],
    own: Material,
    child: &Placement,
    turn: Color,
) -> [u8; Kind::COUNT] {
    let Some(material) = child.material() else {
        return [NONE; Kind::COUNT];
    };
    let code = material.code() as usize;
    let Some(layout) = built.layouts[code].as_ref() else {
        return Kind::ALL.map(|kind| if kind == Kind::Draw { 0 } else { NONE });
    };
    let mut squares = [Square::A1; 5];
    for (i, piece) in layout.pieces.iter().enumerate() {
        squares[i] = child.pieces[..child.len]
            .iter()
            .find(|(p, _)| p == piece)
            .map_or(Square::A1, |&(_, sq)| sq);
    }
    let slot = layout.slot(turn, &mut squares[..layout.pieces.len()]);
    if material == own {
        unit.map(|values| values[slot])
    } else {
        Kind::ALL.map(|kind| {
            built.tables[kind.index()][code]
                .as_ref()
                .map_or(NONE, |v| v[slot])
        })
    }
}

/// Everything about one valid position but its in-unit moves' values.
fn init_slot(
    built: &Built,
    unit: [&[u8]; Kind::COUNT],
    own: Material,
    pos: &Placement,
    turn: Color,
) -> SlotInit {
    let them = turn.other();
    let occupied = pos.occupied();
    let ours = pos.by_color(turn);
    let theirs = pos.by_color(them);
    let mut init = SlotInit {
        has_moves: false,
        mated: false,
        conv_win: NONE,
        conv_loss: 0,
        conv: std::array::from_fn(|k| {
            if Kind::ALL[k + 1].forcer() == Some(turn) {
                NONE
            } else {
                0
            }
        }),
    };
    let note = |init: &mut SlotInit, child: &Placement| {
        let values = child_value(built, unit, own, child, them);
        let c = values[Kind::Mate.index()];
        for (k, conv) in init.conv.iter_mut().enumerate() {
            let value = values[k + 1];
            *conv = if Kind::ALL[k + 1].forcer() == Some(turn) {
                (*conv).min(value.saturating_add(1))
            } else if value == NONE || *conv == NEVER {
                NEVER
            } else {
                (*conv).max(value + 1)
            };
        }
        // The child's value: the side to move there (them) mates in c if c is odd, is mated
        // in c if even.
        if c != NONE && c.is_multiple_of(2) {
            init.conv_win = init.conv_win.min(c + 1);
            init.conv_loss = NEVER;
        } else if c != NONE && init.conv_loss != NEVER {
            init.conv_loss = init.conv_loss.max(c + 1);
        } else {
            init.conv_loss = NEVER;
        }
    };
    for i in 0..pos.len {
        let (piece, from) = pos.pieces[i];
        if piece.color != turn {
            continue;
        }
        if piece.role == Role::Pawn {
            // White's pawn: pushes, the double step, captures; promotion on rank 7.
            let mut targets = attack_set(piece, from, occupied) & theirs;
            if let Some(one) = from.offset(0, 1).filter(|s| occupied & 1 << s.index() == 0) {
                targets |= 1 << one.index();
                if from.rank().index() == 1
                    && let Some(two) = one.offset(0, 1).filter(|s| occupied & 1 << s.index() == 0)
                {
                    targets |= 1 << two.index();
                }
            }
            for to in Bitboard(targets) {
                let roles: &[Role] = if to.rank().index() == 6 {
                    &[Role::Queen, Role::Knight]
                } else {
                    &[Role::Pawn]
                };
                for &role in roles {
                    let child = pos.after(i, to, role);
                    if !child.in_check(turn) {
                        init.has_moves = true;
                        note(&mut init, &child);
                    }
                }
            }
            continue;
        }
        let targets = attack_set(piece, from, occupied) & !ours;
        for to in Bitboard(targets) {
            let capture = theirs & 1 << to.index() != 0;
            if !capture && init.has_moves {
                continue; // a quiet move's value comes from the unit itself
            }
            let child = pos.after(i, to, piece.role);
            if child.in_check(turn) {
                continue;
            }
            init.has_moves = true;
            if capture {
                note(&mut init, &child);
            }
        }
    }
    init.mated = !init.has_moves && pos.in_check(turn);
    init
}

/// One unit's arrays, indexed by the unit's words (`words` per side) and slots.
struct Unit<'a> {
    layout: &'a Layout,
    words: usize,
    /// Per word: the outer pieces' squares and their union.
    outer: Vec<([Square; 4], u64)>,
    /// Per side: the words' valid positions and those with a legal move.
    valid: [Vec<u64>; 2],
    moves: [Vec<u64>; 2],
    mated: [Vec<u64>; 2],
    /// Per side, per slot: `conv_win` of the side to move (for the game it forces) and
    /// `conv_loss` (for the game it defends).
    conv_win: [Vec<u8>; 2],
    conv_loss: [Vec<u8>; 2],
    /// Per kind one side forces, per side, per slot: `SlotInit::conv`.
    conv: [[Vec<u8>; 2]; FORCED],
}

fn side_index(color: Color) -> usize {
    usize::from(color == Color::Black)
}

/// A game the levels solve: the forcer wins when the game reaches one of `won` (level 0), and
/// a conversion wins or loses as the finished tables say.
struct Game<'a> {
    forcer: Color,
    /// Per side to move: the positions where the game is already won (level 0).
    won: [&'a [u64]; 2],
    /// Per slot with the forcer to move: the fastest win through a conversion, or `NONE`.
    conv_win: &'a [u8],
    /// Per slot with the defender to move: the longest loss through conversions, 0 without
    /// conversions, [`NEVER`] when one escapes.
    conv_loss: &'a [u8],
}

impl Unit<'_> {
    fn strides(&self) -> [usize; 4] {
        let outer = self.layout.pieces.len() - 1;
        let mut strides = [0usize; 4];
        for (j, stride) in strides.iter_mut().enumerate().take(outer) {
            *stride = 49usize.pow((outer - 1 - j) as u32);
        }
        strides
    }

    /// The words reached from word `w` by one move of an outer piece of `mover` (its
    /// destination must be empty of outer pieces; the inner piece is not looked at), with the
    /// symmetry that maps the destination's inner squares back to `w`'s and the squares the
    /// move passes over. Moves are their own reverses, so these are also the words a move
    /// into `w` comes from.
    fn neighbours(&self, mover: Color, w: usize, mut visit: impl FnMut(usize, Symmetry, u64)) {
        let layout = self.layout;
        let outer = layout.pieces.len() - 1;
        let pawnless = !layout.material.has_pawn();
        let strides = self.strides();
        let (squares, occ) = self.outer[w];
        for j in 0..outer {
            let piece = layout.pieces[j];
            if piece.color != mover || piece.role == Role::Pawn {
                continue;
            }
            let from = squares[j];
            // The squares a piece can come from are the squares it can go to.
            for to in unmove::sources(piece.role, from, Bitboard(occ)) {
                let path = attacks::between(from, to).0;
                if j == 0 && pawnless {
                    let sym = Symmetry::to_triangle(to);
                    let mut moved = squares;
                    moved[0] = to;
                    for sq in &mut moved[..outer] {
                        *sq = sym.apply(*sq);
                    }
                    if let Some(child) = layout.word_of(&moved[..outer]) {
                        visit(child, sym.inverse(), path | WHITE_KING_MOVE);
                    }
                } else {
                    let child = (w as isize
                        + (to.index() as isize - from.index() as isize) * strides[j] as isize)
                        as usize;
                    visit(child, Symmetry::IDENTITY, path);
                }
            }
        }
    }

    /// The positions of word `w` (side `mover` to move) with a move into `src`, a set over the
    /// other side's words.
    fn pull_word(&self, mover: Color, src: &[u64], w: usize) -> u64 {
        let inner = self.layout.pieces[self.layout.pieces.len() - 1];
        let occ = self.outer[w].1;
        let mut acc = 0u64;
        self.neighbours(mover, w, |child, sym, path| {
            let bits = if sym == Symmetry::IDENTITY {
                src[child]
            } else {
                sym.apply_set(src[child])
            };
            acc |= bits & !path;
        });
        if inner.color == mover && src[w] != 0 {
            acc |= dilate(inner.role, src[w], occ) & !occ;
        }
        acc
    }

    /// Adds the words of the images of word `w` under the symmetries that keep its digit-0
    /// square (White's king of a pawnless table) in place.
    fn stabiliser_images(&self, w: usize, mut visit: impl FnMut(usize)) {
        if self.layout.material.has_pawn() {
            return;
        }
        let outer = self.layout.pieces.len() - 1;
        let squares = self.outer[w].0;
        for g in 1..8 {
            let sym = Symmetry(g);
            if sym.apply(squares[0]) != squares[0] {
                continue;
            }
            let mut image = squares;
            for sq in &mut image[..outer] {
                *sq = sym.apply(*sq);
            }
            if let Some(word) = self.layout.word_of(&image[..outer]) {
                visit(word);
            }
        }
    }

    /// Marks in `set` the words of side `mover` to move with a move into one of `words` (of the
    /// other side).
    fn parents(&self, mover: Color, words: &[u32], set: &WordSet) {
        let inner = self.layout.pieces[self.layout.pieces.len() - 1];
        words.par_iter().with_min_len(256).for_each(|&c| {
            if inner.color == mover {
                set.insert(c as usize);
            }
            self.neighbours(mover, c as usize, |p, _, path| {
                set.insert(p);
                if path & WHITE_KING_MOVE != 0 {
                    // White's king moved (a pawnless table): the parent may be any copy of a
                    // position whose king stands on a square some symmetry keeps (the
                    // diagonal, the middle rank or file); all move into this word.
                    self.stabiliser_images(p, |image| set.insert(image));
                }
            });
        });
    }

    /// The game where `forcer` mates.
    fn mate_game<'b>(&'b self, forcer: Color, none: &'b [u64]) -> Game<'b> {
        let f = side_index(forcer);
        let mut won = [none, none];
        won[1 - f] = &self.mated[1 - f];
        Game {
            forcer,
            won,
            conv_win: &self.conv_win[f],
            conv_loss: &self.conv_loss[1 - f],
        }
    }

    /// The game of `kind` (not [`Kind::Mate`]), won on the board at `won` (per side index).
    fn forced_game<'b>(&'b self, kind: Kind, won: &'b [Vec<u64>; 2]) -> Game<'b> {
        let forcer = kind.forcer().unwrap_or(Color::White);
        let f = side_index(forcer);
        let k = kind.index() - 1;
        Game {
            forcer,
            won: [&won[0], &won[1]],
            conv_win: &self.conv[k][f],
            conv_loss: &self.conv[k][1 - f],
        }
    }

    /// Solves `game`: the plies to its end for every slot of the unit (both sides, unit
    /// order), `NONE` where the forcer cannot force it.
    ///
    /// Only the words that can change are looked at: the forcer's words with a move into the
    /// defender's newest level, the defender's words with a move into the forcer's newest
    /// level (one of their escapes may have closed), and the words whose conversions reach the
    /// level.
    fn solve(&self, game: &Game<'_>) -> [Vec<u8>; 2] {
        let forcer = game.forcer;
        let f = side_index(forcer);
        let d = 1 - f;
        let mut values = [vec![NONE; self.words * 49], vec![NONE; self.words * 49]];
        let mut open = [self.valid[0].clone(), self.valid[1].clone()];
        // Conversion events by level: words with a conversion mate for the forcer at that
        // level, and defender words whose conversions all become mates at that level.
        let mut win_events: Vec<Vec<u32>> = vec![Vec::new(); 256];
        let mut loss_events: Vec<Vec<u32>> = vec![Vec::new(); 256];
        for w in 0..self.words {
            let mut seen_win = [false; 256];
            let mut seen_loss = [false; 256];
            for sq in Bitboard(self.valid[f][w]) {
                let c = game.conv_win[w * 49 + sq.index()];
                if c != NONE && !seen_win[c as usize] {
                    seen_win[c as usize] = true;
                    win_events[c as usize].push(w as u32);
                }
            }
            for sq in Bitboard(self.valid[d][w] & self.moves[d][w]) {
                let c = game.conv_loss[w * 49 + sq.index()];
                if c != 0 && c != NEVER && !seen_loss[c as usize] {
                    seen_loss[c as usize] = true;
                    loss_events[c as usize].push(w as u32);
                }
            }
        }
        let last_event = (0..256)
            .rev()
            .find(|&l| !win_events[l].is_empty() || !loss_events[l].is_empty())
            .unwrap_or(0);
        // Level 0: the game is won on the board.
        let won = |side: usize| -> Vec<(u32, u64)> {
            (0..self.words as u32)
                .filter_map(|w| Some((w, game.won[side][w as usize])).filter(|&(_, b)| b != 0))
                .collect()
        };
        let (won_f, won_d) = (won(f), won(d));
        apply(&mut values[f], &mut open[f], &won_f, 0);
        apply(&mut values[d], &mut open[d], &won_d, 0);
        // The newest level's words, per role (forcer, defender).
        let mut newest: [Vec<u32>; 2] = [
            won_f.iter().map(|&(w, _)| w).collect(),
            won_d.iter().map(|&(w, _)| w).collect(),
        ];
        let mut newest_bits = [game.won[f].to_vec(), game.won[d].to_vec()];
        let mut candidates = WordSet::new(self.words);
        let mut level: u8 = 0;
        while level < NONE - 1 {
            level += 1;
            let l = level as usize;
            // The forcer to move: a move into the defender's newest level, or a conversion.
            self.parents(forcer, &newest[1], &candidates);
            for &w in &win_events[l] {
                candidates.insert(w as usize);
            }
            let cand = candidates.drain();
            let new_f: Vec<(u32, u64)> = cand
                .par_iter()
                .with_min_len(64)
                .filter_map(|&w| {
                    let wi = w as usize;
                    let o = open[f][wi];
                    if o == 0 {
                        return None;
                    }
                    let mut bits = self.pull_word(forcer, &newest_bits[1], wi) & o;
                    for sq in Bitboard(o & !bits) {
                        if game.conv_win[wi * 49 + sq.index()] == level {
                            bits |= 1 << sq.index();
                        }
                    }
                    (bits != 0).then_some((w, bits))
                })
                .collect();
            // The defender to move: no move escapes, and conversions are mates by now.
            self.parents(forcer.other(), &newest[0], &candidates);
            for &w in &loss_events[l] {
                candidates.insert(w as usize);
            }
            let cand = candidates.drain();
            let new_d: Vec<(u32, u64)> = cand
                .par_iter()
                .with_min_len(64)
                .filter_map(|&w| {
                    let wi = w as usize;
                    let o = open[d][wi] & self.moves[d][wi];
                    if o == 0 {
                        return None;
                    }
                    let mut bits = o & !self.pull_word(forcer.other(), &open[f], wi);
                    for sq in Bitboard(bits) {
                        if game.conv_loss[wi * 49 + sq.index()] > level {
                            bits &= !(1 << sq.index());
                        }
                    }
                    (bits != 0).then_some((w, bits))
                })
                .collect();
            apply(&mut values[f], &mut open[f], &new_f, level);
            apply(&mut values[d], &mut open[d], &new_d, level);
            for (role, new) in [(0, &new_f), (1, &new_d)] {
                for &w in &newest[role] {
                    newest_bits[role][w as usize] = 0;
                }
                for &(w, bits) in new.iter() {
                    newest_bits[role][w as usize] = bits;
                }
                newest[role] = new.iter().map(|&(w, _)| w).collect();
            }
            if newest[0].is_empty() && newest[1].is_empty() && l > last_event {
                break;
            }
        }
        values
    }
}

/// A set of words that many threads mark at once (the words a level must look at).
struct WordSet(Vec<AtomicU64>);

impl WordSet {
    fn new(words: usize) -> WordSet {
        WordSet((0..words.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    fn insert(&self, w: usize) {
        let (cell, bit) = (&self.0[w / 64], 1u64 << (w % 64));
        if cell.load(Ordering::Relaxed) & bit == 0 {
            cell.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// The words marked, in order, leaving the set empty.
    fn drain(&mut self) -> Vec<u32> {
        self.0
            .par_iter_mut()
            .enumerate()
            .with_min_len(1024)
            .flat_map_iter(|(i, cell)| {
                let mut bits = std::mem::take(cell.get_mut());
                std::iter::from_fn(move || {
                    let bit = (bits != 0).then(|| bits.trailing_zeros())?;
                    bits &= bits - 1;
                    Some((i * 64) as u32 + bit)
                })
            })
            .collect()
    }
}

/// Writes `level` into the slots of each (word, bits) and closes them.
fn apply(values: &mut [u8], open: &mut [u64], new: &[(u32, u64)], level: u8) {
    for &(w, bits) in new {
        let w = w as usize;
        open[w] &= !bits;
        for sq in Bitboard(bits) {
            values[w * 49 + sq.index()] = level;
        }
    }
}

/// Builds the unit of `layout` with digit 0 in `d0s` (all of them for a pawnless table, one
/// pawn square for a pawn table) into `tables` (the material's whole tables, by
/// [`Kind::index`]).
fn build_unit(
    built: &Built,
    layout: &Layout,
    d0s: std::ops::Range<usize>,
    tables: &mut [Vec<u8>; Kind::COUNT],
) {
    let base = d0s.start * layout.block_words;
    let words = d0s.len() * layout.block_words;
    let k = layout.pieces.len();
    let material = layout.material;
    let side_words = layout.side_words();
    let mut unit = Unit {
        layout,
        words,
        outer: (0..words)
            .into_par_iter()
            .map(|w| {
                let squares = layout.outer_squares(base + w);
                let occ = squares[..k - 1]
                    .iter()
                    .fold(0u64, |o, s| o | 1 << s.index());
                (squares, occ)
            })
            .collect(),
        valid: [vec![0; words], vec![0; words]],
        moves: [vec![0; words], vec![0; words]],
        mated: [vec![0; words], vec![0; words]],
        conv_win: [vec![NONE; words * 49], vec![NONE; words * 49]],
        conv_loss: [vec![0; words * 49], vec![0; words * 49]],
        conv: std::array::from_fn(|_| [vec![0; words * 49], vec![0; words * 49]]),
    };
    let own: [&[u8]; Kind::COUNT] = std::array::from_fn(|k| &tables[k][..]);
    for turn in Color::ALL {
        let s = side_index(turn);
        let [c0, c1, c2, c3, c4, c5] = &mut unit.conv;
        unit.valid[s]
            .par_iter_mut()
            .zip(unit.moves[s].par_iter_mut())
            .zip(unit.mated[s].par_iter_mut())
            .zip(unit.conv_win[s].par_chunks_mut(49))
            .zip(unit.conv_loss[s].par_chunks_mut(49))
            .zip(c0[s].par_chunks_mut(49))
            .zip(c1[s].par_chunks_mut(49))
            .zip(c2[s].par_chunks_mut(49))
            .zip(c3[s].par_chunks_mut(49))
            .zip(c4[s].par_chunks_mut(49))
            .zip(c5[s].par_chunks_mut(49))
            .enumerate()
            .for_each(
                |(
                    w,
                    ((((((((((valid, moves), mated), win), loss), c0), c1), c2), c3), c4), c5),
                )| {
                    let squares = layout.outer_squares(base + w);
                    let mut pos = Placement {
                        pieces: [(layout.pieces[0], Square::A1); 5],
                        len: k,
                    };
                    let mut occ = 0u64;
                    for (j, (&piece, &sq)) in
                        layout.pieces.iter().zip(&squares).take(k - 1).enumerate()
                    {
                        pos.pieces[j] = (piece, sq);
                        if occ & 1 << sq.index() != 0 {
                            return; // two outer pieces on a square
                        }
                        occ |= 1 << sq.index();
                    }
                    let kings = [pos.king(Color::White), pos.king(Color::Black)];
                    if layout.pieces[k - 1].role != Role::King && kings[0].distance(kings[1]) <= 1 {
                        return;
                    }
                    for inner in Square::all() {
                        if occ & 1 << inner.index() != 0 {
                            continue;
                        }
                        pos.pieces[k - 1] = (layout.pieces[k - 1], inner);
                        let kings = [pos.king(Color::White), pos.king(Color::Black)];
                        if kings[0].distance(kings[1]) <= 1 || pos.in_check(turn.other()) {
                            continue;
                        }
                        let init = init_slot(built, own, material, &pos, turn);
                        let bit = 1u64 << inner.index();
                        *valid |= bit;
                        if init.has_moves {
                            *moves |= bit;
                        }
                        if init.mated {
                            *mated |= bit;
                        }
                        let i = inner.index();
                        win[i] = init.conv_win;
                        loss[i] = init.conv_loss;
                        [c0[i], c1[i], c2[i], c3[i], c4[i], c5[i]] = init.conv;
                    }
                },
            );
    }
    let none = vec![0u64; words];
    // A game the forcer cannot win anywhere (its material rules it out).
    let unsolved = || [vec![NONE; words * 49], vec![NONE; words * 49]];
    // Where each game is won on the board (level 0), per side index. The draw table: White to
    // move with no move, or Black stalemated, has ended as Black wants.
    let ended = |color: Color| -> Vec<u64> {
        let s = side_index(color);
        (0..words)
            .map(|i| {
                let no_move = unit.valid[s][i] & !unit.moves[s][i];
                match color {
                    Color::White => no_move,
                    Color::Black => no_move & !unit.mated[s][i],
                }
            })
            .collect()
    };
    let draw_won = [ended(Color::White), ended(Color::Black)];
    // X's mate on the board: the goal of X's superiority and of White's held mate.
    let mate_won = Color::ALL.map(|color| {
        let d = side_index(color.other());
        let mut won = [vec![0; words], vec![0; words]];
        won[d].copy_from_slice(&unit.mated[d]);
        won
    });
    // Superiority: a material where the forcer holds it has reached the goal everywhere; else
    // the forcer's mate is the goal on the board.
    let superiority = |color: Color| -> [Vec<u8>; 2] {
        if material.superiority() == Some(color) {
            return [0, 1].map(|s| {
                let mut side = vec![NONE; words * 49];
                for (i, &bits) in unit.valid[s].iter().enumerate() {
                    for sq in Bitboard(bits) {
                        side[i * 49 + sq.index()] = 0;
                    }
                }
                side
            });
        }
        let kind = Kind::Superiority(color);
        unit.solve(&unit.forced_game(kind, &mate_won[side_index(color)]))
    };
    // White's mate holding superiority: none in a material without it (a capture or
    // promotion into one reads that material's table: none); else Black mated on the board.
    let held = || -> [Vec<u8>; 2] {
        if material.superiority() == Some(Color::White) {
            unit.solve(&unit.forced_game(Kind::HeldMate, &mate_won[side_index(Color::White)]))
        } else {
            unsolved()
        }
    };
    // The games that need no other game's result run side by side: each level of one game is
    // a short parallel step, and another game's work fills the gaps between them.
    let ((by_white, by_black), (draw, ((white_sup, black_sup), held))) = rayon::join(
        || {
            rayon::join(
                || unit.solve(&unit.mate_game(Color::White, &none)),
                || unit.solve(&unit.mate_game(Color::Black, &none)),
            )
        },
        || {
            rayon::join(
                || unit.solve(&unit.forced_game(Kind::Draw, &draw_won)),
                || {
                    rayon::join(
                        || rayon::join(|| superiority(Color::White), || superiority(Color::Black)),
                        held,
                    )
                },
            )
        },
    );
    // Black's held mate: Black's mate where Black holds superiority (KvKR, which keeps it in
    // every line), the goal of Black's reach below.
    let black_held = if material.superiority() == Some(Color::Black) {
        finite_bits(&by_black)
    } else {
        [vec![0; words], vec![0; words]]
    };
    // Reaching the held mate: its finite positions (Black's mates among them) are the goal,
    // and so is any other mate of Black. Black's reach likewise: Black's held mate, or Black's
    // mate (White to move mated); none where Black has no rook, which it never gets back (the
    // reader answers it without reading).
    let reach = |color: Color, held: [Vec<u64>; 2]| -> [Vec<u8>; 2] {
        if color == Color::Black && !material.black_rook {
            return unsolved();
        }
        let mated = side_index(color.other());
        let mut won = held;
        for (word, &m) in won[mated].iter_mut().zip(&unit.mated[mated]) {
            *word |= m;
        }
        unit.solve(&unit.forced_game(Kind::ReachHeld(color), &won))
    };
    let white_held = finite_bits(&held);
    let (white_reach, black_reach) = rayon::join(
        || reach(Color::White, white_held),
        || reach(Color::Black, black_held),
    );
    // Distances to mate: the two games, one byte each (the parity tells who mates).
    let mut mate = by_white;
    for (side, other) in mate.iter_mut().zip(&by_black) {
        side.par_iter_mut()
            .zip(other.par_iter())
            .for_each(|(o, &b)| *o = (*o).min(b));
    }
    for (kind, solved) in [
        (Kind::Mate, mate),
        (Kind::Draw, draw),
        (Kind::Superiority(Color::White), white_sup),
        (Kind::Superiority(Color::Black), black_sup),
        (Kind::HeldMate, held),
        (Kind::ReachHeld(Color::White), white_reach),
        (Kind::ReachHeld(Color::Black), black_reach),
    ] {
        for (s, side) in solved.iter().enumerate() {
            let start = (s * side_words + base) * 49;
            tables[kind.index()][start..start + words * 49].copy_from_slice(side);
        }
    }
}

/// Per side, per word: the bits of the slots whose value in `values` is finite.
fn finite_bits(values: &[Vec<u8>; 2]) -> [Vec<u64>; 2] {
    values.each_ref().map(|side| {
        side.par_chunks_exact(49)
            .map(|slots| {
                slots
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != NONE)
                    .fold(0u64, |word, (i, _)| word | 1 << i)
            })
            .collect()
    })
}

/// Builds every table, calling `progress` with the slots done after each unit.
pub fn build_all(progress: impl FnMut(&Material, u64)) -> Built {
    build_all_until(Material::ALL[Material::ALL.len() - 1], progress)
}

/// Builds the tables up to `last` in build order (tests use it to build the small ones).
pub fn build_all_until(last: Material, mut progress: impl FnMut(&Material, u64)) -> Built {
    let mut built = Built::new();
    let end = Material::ALL.iter().position(|&m| m == last).unwrap_or(0);
    for material in Material::ALL.into_iter().take(end + 1) {
        let Some(layout) = built.layouts[material.code() as usize].clone() else {
            continue;
        };
        let mut tables = Kind::ALL.map(|_| vec![NONE; layout.blocks() * layout.block_slots()]);
        if material.has_pawn() {
            // Pawn squares from rank 6 down: a push leads to a unit already built.
            for d0 in (0..layout.digit0_count()).rev() {
                build_unit(&built, &layout, d0..d0 + 1, &mut tables);
                progress(&material, 2 * layout.block_slots() as u64);
            }
        } else {
            build_unit(&built, &layout, 0..layout.digit0_count(), &mut tables);
            progress(&material, (layout.blocks() * layout.block_slots()) as u64);
        }
        for (kind, table) in Kind::ALL.into_iter().zip(tables) {
            built.tables[kind.index()][material.code() as usize] = Some(table);
        }
    }
    built
}

/// The total number of slots of all tables (for a progress bar).
pub fn total_slots() -> u64 {
    Material::ALL
        .iter()
        .filter(|m| !m.is_dead())
        .map(|&m| {
            let layout = Layout::new(m);
            (layout.blocks() * layout.block_slots()) as u64
        })
        .sum()
}
