//! Legal move generation. One generator feeds a [`Sink`]: a [`MoveList`] that receives every
//! move, a counter that adds up target sets with popcounts (perft's last ply), or a flag that
//! stops at the first piece with a move (mate and stalemate tests).
//!
//! The generator is legal, not pseudo-legal: the king steps only to squares the other side does
//! not attack with the king lifted off the board; in double check nothing else moves; in single
//! check the other pieces must capture the checker or block (`between(king, checker)`); a pinned
//! piece stays on the line through its king and its pinner. En passant, whose two vacated squares
//! can open a line, is the one move tried on the board.

use crate::{
    attacks,
    bitboard::Bitboard,
    board::Board,
    moves::{Move, MoveList},
    position::{Position, Rules},
    types::{Rank, Role, Square},
};

/// Move generation extends [`Position`] here, so that `position` need not know the generator.
impl Position {
    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move has any legal move (stops at the first piece that has one).
    pub fn has_legal_moves(&self) -> bool {
        has_moves(self)
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> MoveList {
        moves(self)
    }

    /// Replaces the contents of `moves` with the legal moves: like [`Position::legal_moves`]
    /// without moving the 2 KB list out of the call (worth it in tight search loops).
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        fill(self, moves);
    }

    /// How many legal moves there are, counted without building them.
    pub fn count_legal_moves(&self) -> u64 {
        count(self)
    }
}

/// Every legal move of `pos`.
fn moves(pos: &Position) -> MoveList {
    let mut moves = MoveList::new();
    generate(pos, &mut moves);
    moves
}

/// Replaces the contents of `list` with the legal moves of `pos` (no copy of the list).
fn fill(pos: &Position, list: &mut MoveList) {
    list.clear();
    generate(pos, list);
}

/// How many legal moves `pos` has.
fn count(pos: &Position) -> u64 {
    let mut counter = Counter(0);
    generate(pos, &mut counter);
    counter.0
}

/// Whether `pos` has a legal move.
fn has_moves(pos: &Position) -> bool {
    let mut any = Any(false);
    generate(pos, &mut any);
    any.0
}

/// Where generated moves go: a list, a counter that never looks at single moves, or a flag.
trait Sink {
    /// A piece (not a pawn) of `role` on `from` may go to each of `targets`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// A pawn on `from` may go to each of `targets` (promoting when on the last rank).
    fn pawn(&mut self, board: &Board, rules: Rules, from: Square, targets: Bitboard);
    /// One fully described move.
    fn push(&mut self, m: Move);
    /// Whether the generator may stop: the answer is known.
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

impl Sink for MoveList {
    #[inline]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move {
                role,
                from,
                to,
                capture: board.role_at(to),
                promotion: None,
                en_passant: false,
            });
        }
    }

    #[inline]
    fn pawn(&mut self, board: &Board, rules: Rules, from: Square, targets: Bitboard) {
        for to in targets {
            let capture = board.role_at(to);
            if matches!(to.rank(), Rank::First | Rank::Seventh) {
                for promotion in rules.promotions() {
                    self.push(Move {
                        role: Role::Pawn,
                        from,
                        to,
                        capture,
                        promotion: Some(promotion),
                        en_passant: false,
                    });
                }
            } else {
                self.push(Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                    en_passant: false,
                });
            }
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without building them.
struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn pawn(&mut self, _: &Board, rules: Rules, _: Square, targets: Bitboard) {
        let last_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Seventh);
        let promoting = (targets & last_ranks).count();
        self.0 +=
            u64::from(targets.count() - promoting) + u64::from(promoting * rules.promotion_count());
    }

    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Notes whether there is any move, stopping at the first piece that has one.
struct Any(bool);

impl Sink for Any {
    #[inline]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn pawn(&mut self, _: &Board, _: Rules, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }

    #[inline]
    fn done(&self) -> bool {
        self.0
    }
}

/// Our pieces that stand alone between our king and an enemy slider.
#[inline]
fn pinned(pos: &Position, king: Square) -> Bitboard {
    let board = pos.board();
    let them = board.by_color(pos.turn().other());
    let queens = board.by_role(Role::Queen);
    let snipers = them
        & ((attacks::rook_rays(king) & (board.by_role(Role::Rook) | queens))
            | (attacks::bishop_rays(king) & (board.by_role(Role::Bishop) | queens)));
    let occupied = board.occupied();
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = attacks::between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    pinned & board.by_color(pos.turn())
}

fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let king = pos.king(us);

    // King moves: the king itself must not block the attack on the square it steps to.
    let attacked = board.attacked_by(them, occupied.without(king));
    // The king's own square is attacked the same with or without the king on it.
    let checkers = if attacked.contains(king) {
        board.attackers_to(king, them, occupied)
    } else {
        Bitboard::EMPTY
    };
    sink.piece(
        board,
        Role::King,
        king,
        attacks::king_attacks(king) & !ours & !attacked,
    );
    if sink.done() {
        return;
    }

    if let Some(ep) = pos.ep_square() {
        en_passant(pos, sink, king, ep);
    }
    if checkers.more_than_one() {
        return;
    }
    let allowed = match checkers.first() {
        Some(checker) => attacks::between(king, checker).with(checker),
        None => !ours,
    };
    let pinned = pinned(pos, king);
    let restrict = |from: Square, targets: Bitboard| {
        if pinned.contains(from) {
            targets & attacks::line(king, from)
        } else {
            targets
        }
    };
    let queens = board.by_role(Role::Queen);
    for from in ours & board.by_role(Role::Knight) & !pinned {
        sink.piece(
            board,
            Role::Knight,
            from,
            attacks::knight_attacks(from) & allowed,
        );
        if sink.done() {
            return;
        }
    }
    for from in ours & board.by_role(Role::Bishop) {
        let targets = attacks::bishop_attacks(from, occupied) & allowed;
        sink.piece(board, Role::Bishop, from, restrict(from, targets));
        if sink.done() {
            return;
        }
    }
    for from in ours & board.by_role(Role::Rook) {
        let targets = attacks::rook_attacks(from, occupied) & allowed;
        sink.piece(board, Role::Rook, from, restrict(from, targets));
        if sink.done() {
            return;
        }
    }
    for from in ours & queens {
        let targets = attacks::queen_attacks(from, occupied) & allowed;
        sink.piece(board, Role::Queen, from, restrict(from, targets));
        if sink.done() {
            return;
        }
    }

    let theirs = board.by_color(them);
    let (step, start_rank) = us.fold((1, Rank::Second), (-1, Rank::Sixth));
    for from in ours & board.by_role(Role::Pawn) {
        let mut targets = attacks::pawn_attacks(us, from) & theirs;
        if let Some(one) = from.offset(0, step).filter(|&sq| !occupied.contains(sq)) {
            targets.add(one);
            if from.rank() == start_rank
                && let Some(two) = one.offset(0, step).filter(|&sq| !occupied.contains(sq))
            {
                targets.add(two);
            }
        }
        sink.pawn(board, pos.rules(), from, restrict(from, targets & allowed));
    }
}

/// En passant captures onto `ep`, each checked by looking at the board after it.
fn en_passant<S: Sink>(pos: &Position, sink: &mut S, king: Square, ep: Square) {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let Some(captured) = ep.offset(0, us.fold(-1, 1)) else {
        return;
    };
    let capturers =
        attacks::pawn_attacks(them, ep) & board.by_color(us) & board.by_role(Role::Pawn);
    for from in capturers {
        let occupied = (board.occupied().without(from).without(captured)).with(ep);
        let attackers = board.attackers_to(king, them, occupied).without(captured);
        if attackers.is_empty() {
            sink.push(Move {
                role: Role::Pawn,
                from,
                to: ep,
                capture: Some(Role::Pawn),
                promotion: None,
                en_passant: true,
            });
        }
    }
}
