//! Which legal moves match a move token: [`candidates`], the reference through shakmaty's legal
//! move generator, and [`matching`], the judge's way, which decides every move from attack sets
//! alone on the judge's [`Board`].
//!
//! [`matching`] finds the pieces that reach the destination with one attack lookup and keeps
//! those that leave their king unattacked, where shakmaty's generator lists every legal move
//! first (a list of 256 moves, copied on return). A property test holds it equal to
//! [`candidates`] on random positions and tokens.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Rank, Role, Square, attacks,
};

use crate::{board::Board, notation::MoveToken, rays};

/// The legal moves that match a token: same piece type, destination, castling side, the
/// disambiguation when written, the promotion piece (a queen when none is written and a pawn
/// reaches the last rank), and a capture when `x` is written. King moves of two squares are never
/// castling.
pub fn candidates(pos: &Chess, token: &MoveToken) -> MoveList {
    match *token {
        MoveToken::Castle(side) => pos.castling_moves(side),
        MoveToken::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let last_rank = role == Role::Pawn && to.rank() == pos.turn().other().backrank();
            let promotion = match promotion {
                Some(piece) => Some(piece),
                None if last_rank => Some(Role::Queen),
                None => None,
            };
            // `san_candidates` never holds castling moves.
            let mut moves = pos.san_candidates(role, to);
            moves.retain(|m| {
                file.is_none_or(|f| m.from().is_some_and(|from| from.file() == f))
                    && rank.is_none_or(|r| m.from().is_some_and(|from| from.rank() == r))
                    && (!capture || m.is_capture())
                    && m.promotion() == promotion
            });
            moves
        }
    }
}

/// How many legal moves match a token, and the move when it is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Matches {
    /// No legal move matches.
    None,
    /// Exactly this one.
    One(Move),
    /// Two or more: a Puzzle Move.
    Several,
}

impl From<MoveList> for Matches {
    fn from(moves: MoveList) -> Matches {
        match moves[..] {
            [] => Matches::None,
            [m] => Matches::One(m),
            _ => Matches::Several,
        }
    }
}

/// The legal moves that match a token, as [`candidates`] finds them, counted, from attack sets
/// alone: castling by shakmaty's generator's test, a pawn move to the en passant square as the
/// en passant captures that leave our king unattacked.
pub fn matching(board: &Board, token: &MoveToken) -> Matches {
    let (role, file, rank, capture, to, promotion) = match *token {
        MoveToken::Castle(side) => {
            return board
                .castling_move(side)
                .map_or(Matches::None, Matches::One);
        }
        MoveToken::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => (role, file, rank, capture, to, promotion),
    };
    let turn = board.turn();
    let Some(king) = board.king_of(turn) else {
        return Matches::None;
    };
    let mut filter = Bitboard::FULL;
    if let Some(file) = file {
        filter &= Bitboard::from_file(file);
    }
    if let Some(rank) = rank {
        filter &= Bitboard::from_rank(rank);
    }
    if role == Role::Pawn && board.ep_square() == Some(to) {
        return if promotion.is_some() {
            Matches::None
        } else {
            en_passant(board, king, to, filter)
        };
    }
    let them = board.by_color(!turn);
    if board.by_color(turn).contains(to) || (capture && !them.contains(to)) {
        return Matches::None;
    }
    let occupied = board.occupied();
    let ours = board.our(role);
    let from = match role {
        Role::King => {
            let from = attacks::king_attacks(to) & ours;
            // The king leaves its square: a slider behind it attacks through it.
            if from.any() && board.attacks_to(to, !turn, occupied.without(king)).any() {
                return Matches::None;
            }
            from
        }
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => rays::bishop_attacks(to, occupied) & ours,
        Role::Rook => rays::rook_attacks(to, occupied) & ours,
        Role::Queen => {
            (rays::rook_attacks(to, occupied) | rays::bishop_attacks(to, occupied)) & ours
        }
        Role::Pawn => pawn_origins(board, to, capture),
    } & filter;
    // The promotion a matching move has: the one written, a queen by default on the last rank.
    let promotion = if role == Role::Pawn && to.rank() == (!turn).backrank() {
        Some(promotion.unwrap_or(Role::Queen))
    } else if promotion.is_some() {
        return Matches::None;
    } else {
        None
    };
    // A move is legal when our king stands unattacked after it (a captured piece attacks no
    // more); the king's own moves were checked above. Another piece's move cannot stop a
    // knight's or a pawn's check but by taking it; a slider can attack the king afterwards
    // only from the king's lines, which are looked along only when one of theirs stands on
    // them.
    let theirs = them.without(to);
    let (mut rook_snipers, mut bishop_snipers) = (Bitboard::EMPTY, Bitboard::EMPTY);
    if role != Role::King {
        let steppers = (attacks::knight_attacks(king) & board.by_role(Role::Knight))
            | (attacks::pawn_attacks(turn, king) & board.by_role(Role::Pawn));
        if (steppers & theirs).any() {
            return Matches::None;
        }
        rook_snipers = rays::rook_lines(king) & board.rooks_and_queens() & theirs;
        bishop_snipers = rays::bishop_lines(king) & board.bishops_and_queens() & theirs;
    }
    // Most moves have no slider of theirs on our king's lines: every origin is then legal,
    // with no attack lookup and no loop.
    let legal = if rook_snipers.is_empty() && bishop_snipers.is_empty() {
        from
    } else {
        let mut legal = Bitboard::EMPTY;
        for from in from {
            let occupied = occupied.without(from).with(to);
            if (rook_snipers.is_empty()
                || (rays::rook_attacks(king, occupied) & rook_snipers).is_empty())
                && (bishop_snipers.is_empty()
                    || (rays::bishop_attacks(king, occupied) & bishop_snipers).is_empty())
            {
                legal.add(from);
            }
        }
        legal
    };
    if legal.more_than_one() {
        Matches::Several
    } else {
        match legal.first() {
            None => Matches::None,
            Some(from) => Matches::One(Move::Normal {
                role,
                from,
                capture: if them.contains(to) {
                    board.role_at(to)
                } else {
                    None
                },
                to,
                promotion,
            }),
        }
    }
}

/// The en passant captures to `to` (the en passant square, empty, so that no other pawn move
/// reaches it) from the origins in `filter` that leave our king unattacked, with both pawns
/// gone from their squares.
#[cold]
#[inline(never)]
fn en_passant(board: &Board, king: Square, to: Square, filter: Bitboard) -> Matches {
    let turn = board.turn();
    let mut legal = Bitboard::EMPTY;
    for from in attacks::pawn_attacks(!turn, to) & board.our(Role::Pawn) & filter {
        let captured = Square::from_coords(to.file(), from.rank());
        let occupied = board.occupied().without(from).without(captured).with(to);
        let attackers = board.attacks_to(king, !turn, occupied).without(captured);
        if attackers.is_empty() {
            legal.add(from);
        }
    }
    if legal.more_than_one() {
        Matches::Several
    } else {
        legal.first().map_or(Matches::None, |from| {
            Matches::One(Move::EnPassant { from, to })
        })
    }
}

/// Whether the side to move has a legal move: a king step to a safe square decides it quickly,
/// else the other moves are tried until one leaves the king unattacked.
pub fn has_legal_move(board: &Board) -> bool {
    let turn = board.turn();
    if let Some(king) = board.king_of(turn) {
        let occupied = board.occupied().without(king);
        let steps = attacks::king_attacks(king) & !board.by_color(turn);
        if steps
            .into_iter()
            .any(|to| board.attacks_to(to, !turn, occupied).is_empty())
        {
            return true;
        }
    }
    other_legal_move(board)
}

/// Whether a move other than a king step is legal: a piece's or pawn's move (no slider of theirs
/// nor the piece it checks with attacks our king after it), en passant, castling.
#[cold]
#[inline(never)]
fn other_legal_move(board: &Board) -> bool {
    let turn = board.turn();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    let ours = board.by_color(turn);
    let occupied = board.occupied();
    let leaves_king_safe = |from: Square, to: Square| {
        let occupied = occupied.without(from).with(to);
        board
            .attacks_to(king, !turn, occupied)
            .without(to)
            .is_empty()
    };
    for from in ours.without(king) {
        let targets = match board.role_at(from) {
            Some(Role::Pawn) => pawn_targets(board, from),
            Some(Role::Knight) => attacks::knight_attacks(from),
            Some(Role::Bishop) => rays::bishop_attacks(from, occupied),
            Some(Role::Rook) => rays::rook_attacks(from, occupied),
            Some(Role::Queen) => {
                rays::rook_attacks(from, occupied) | rays::bishop_attacks(from, occupied)
            }
            Some(Role::King) | None => Bitboard::EMPTY,
        } & !ours;
        if targets.into_iter().any(|to| leaves_king_safe(from, to)) {
            return true;
        }
    }
    board
        .ep_square()
        .is_some_and(|to| en_passant(board, king, to, Bitboard::FULL) != Matches::None)
        || CastlingSide::ALL
            .into_iter()
            .any(|side| board.castling_move(side).is_some())
}

/// Where the pawn on `from` moves, en passant aside: captures of their pieces, one step forward
/// to an empty square, and two from its first square when both are empty.
fn pawn_targets(board: &Board, from: Square) -> Bitboard {
    let turn = board.turn();
    let occupied = board.occupied();
    let captures = attacks::pawn_attacks(turn, from) & board.by_color(!turn);
    let (step, first_rank) = match turn {
        Color::White => (8, Rank::Second),
        Color::Black => (-8, Rank::Seventh),
    };
    let mut pushes = Bitboard::EMPTY;
    if let Some(one) = from.offset(step).filter(|&one| !occupied.contains(one)) {
        pushes.add(one);
        if let Some(two) = from.offset(2 * step).filter(|&two| !occupied.contains(two))
            && from.rank() == first_rank
        {
            pushes.add(two);
        }
    }
    captures | pushes
}

/// Our pawns that move to `to` (en passant aside): pushes to an empty square unless a capture is
/// written, captures of an enemy piece.
#[inline(always)]
fn pawn_origins(board: &Board, to: Square, capture: bool) -> Bitboard {
    let turn = board.turn();
    let pawns = board.our(Role::Pawn);
    if board.by_color(!turn).contains(to) {
        return attacks::pawn_attacks(!turn, to) & pawns;
    }
    if capture || board.occupied().contains(to) {
        return Bitboard::EMPTY;
    }
    let back = |sq: Square| match turn {
        Color::White => sq.offset(-8),
        Color::Black => sq.offset(8),
    };
    let Some(one) = back(to) else {
        return Bitboard::EMPTY;
    };
    if pawns.contains(one) {
        return Bitboard::from_square(one);
    }
    let double_rank = match turn {
        Color::White => Rank::Fourth,
        Color::Black => Rank::Fifth,
    };
    match back(one) {
        Some(two) if to.rank() == double_rank && !board.occupied().contains(one) => {
            pawns & Bitboard::from_square(two)
        }
        _ => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{File, fen::Fen, san::San};
    use test_support::Rng;

    /// Tokens to try in a position: every legal move as SAN, and near misses of each (no
    /// disambiguation, a bare destination, a wrong `x`, every promotion, a wrong piece), and
    /// random ones.
    fn tokens(pos: &Chess, rng: &mut Rng) -> Vec<MoveToken> {
        let mut tokens = vec![
            MoveToken::Castle(CastlingSide::KingSide),
            MoveToken::Castle(CastlingSide::QueenSide),
        ];
        for m in pos.legal_moves() {
            let San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } = San::from_move(pos, m)
            else {
                continue;
            };
            let exact = MoveToken::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            };
            tokens.push(exact);
            let near = |file, rank, capture, promotion| MoveToken::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            };
            tokens.push(near(None, None, capture, promotion));
            tokens.push(near(None, None, !capture, promotion));
            if role == Role::Pawn {
                tokens.push(near(None, None, false, None));
                for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    tokens.push(near(file, None, capture, Some(p)));
                }
            } else {
                tokens.push(near(file, rank, capture, None));
            }
        }
        for _ in 0..8 {
            let role = *rng.pick(&Role::ALL);
            let file = rng.chance(1, 3).then(|| File::new(rng.below(8) as u32));
            let rank =
                (role != Role::Pawn && rng.chance(1, 4)).then(|| Rank::new(rng.below(8) as u32));
            tokens.push(MoveToken::Normal {
                role,
                file,
                rank,
                capture: rng.chance(1, 3),
                to: Square::new(rng.below(64) as u32),
                promotion: None,
            });
        }
        tokens
    }

    fn check(pos: &Chess, rng: &mut Rng) {
        let board = Board::from_chess(pos);
        for token in tokens(pos, rng) {
            let fast = matching(&board, &token);
            let reference = Matches::from(candidates(pos, &token));
            assert_eq!(
                fast,
                reference,
                "{token} in {}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
        }
        let legal = pos.legal_moves();
        assert_eq!(has_legal_move(&board), !legal.is_empty());
        assert_eq!(
            other_legal_move(&board),
            legal
                .iter()
                .any(|m| m.role() != Role::King || m.is_castle())
        );
    }

    #[test]
    fn the_fast_path_agrees_with_the_legal_move_generator() {
        let mut rng = Rng::new(0x004d_4154_4348_4553);
        for mut pos in crate::board::tests::starts() {
            for _ in 0..120 {
                check(&pos, &mut rng);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.index(moves.len())]);
            }
        }
    }

    #[test]
    fn castling_can_be_the_only_legal_move() {
        // Chess960: the king on g1 has no safe step, the rook alone moves to f1.
        let setup: Fen = "k7/8/b7/8/8/7p/r6P/6KR w H - 0 1".parse().unwrap();
        let pos: Chess = setup
            .into_position(shakmaty::CastlingMode::Chess960)
            .unwrap();
        assert!(pos.legal_moves().iter().all(|m| m.is_castle()));
        assert!(has_legal_move(&Board::from_chess(&pos)));
    }
}
