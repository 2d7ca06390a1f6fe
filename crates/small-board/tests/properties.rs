//! Property tests: copy-make consistency, legality against a slow reference generator, FEN
//! round trips, SAN uniqueness, and a parser fuzz (any text gives a value or an error, never a
//! panic).

use proptest::prelude::*;
use small_board::{
    Board, Color, Move, Notation, Piece, Position, Role, Rules, Setup, Square, perft, san,
};

/// A random placement: two kings and up to 10 other pieces, then validated.
fn position() -> impl Strategy<Value = Position> {
    let piece = (0..49u32, 0..5usize, any::<bool>());
    (
        0..49u32,
        0..49u32,
        prop::collection::vec(piece, 0..10),
        any::<bool>(),
        prop::option::of(0..49u32),
        prop::sample::select(vec![Rules::TASK, Rules::STANDARD]),
    )
        .prop_filter_map("illegal position", |(wk, bk, others, black, ep, rules)| {
            let mut board = Board::empty();
            for (sq, role, white) in others {
                let color = if white { Color::White } else { Color::Black };
                board.set_piece_at(
                    Square::new(sq)?,
                    Piece {
                        color,
                        role: Role::ALL[role],
                    },
                );
            }
            board.set_piece_at(
                Square::new(wk)?,
                Piece {
                    color: Color::White,
                    role: Role::King,
                },
            );
            board.set_piece_at(
                Square::new(bk)?,
                Piece {
                    color: Color::Black,
                    role: Role::King,
                },
            );
            let turn = if black { Color::Black } else { Color::White };
            let setup = Setup {
                board,
                turn,
                ep_square: ep.and_then(Square::new),
            };
            Position::from_setup(setup, rules)
                .or_else(|_| {
                    Position::from_setup(
                        Setup {
                            ep_square: None,
                            ..setup
                        },
                        rules,
                    )
                })
                .ok()
        })
}

/// A position reached by a few random legal moves from a random placement.
fn walked_position() -> impl Strategy<Value = Position> {
    (
        position(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    )
        .prop_map(|(mut pos, picks)| {
            for pick in picks {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[pick.index(moves.len())]);
            }
            pos
        })
}

/// Every pseudo-legal move found by walking the board square by square, kept when the mover's
/// king is not attacked afterwards. Independent of the crate's generator.
fn reference_moves(pos: &Position) -> Vec<String> {
    let us = pos.turn();
    let board = pos.board();
    let step = if us == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    let mut add = |from: Square, to: Square, role: Role, ep: bool| {
        let mut after = *board;
        after.remove_piece_at(from);
        if ep {
            after.remove_piece_at(to.offset(0, -step).expect("ep pawn on the board"));
        }
        let last_rank = matches!(to.rank().index(), 0 | 6);
        let promotions: Vec<Option<Role>> = if role == Role::Pawn && last_rank {
            pos.rules().promotions().map(Some).collect()
        } else {
            vec![None]
        };
        for promotion in promotions {
            let mut b = after;
            b.set_piece_at(
                to,
                Piece {
                    color: us,
                    role: promotion.unwrap_or(role),
                },
            );
            let king = b.king_of(us).expect("one king");
            if !b.is_attacked(king, us.other()) {
                let suffix = promotion.map(|r| r.char().to_string()).unwrap_or_default();
                out.push(format!("{from}{to}{suffix}"));
            }
        }
    };
    for (from, piece) in board.pieces().filter(|(_, p)| p.color == us) {
        let free = |sq: Square| board.color_at(sq) != Some(us);
        let (dirs, slides): (&[(i32, i32)], bool) = match piece.role {
            Role::Knight => (
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
                false,
            ),
            Role::King => (
                &[
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ],
                false,
            ),
            Role::Rook => (&[(0, 1), (1, 0), (0, -1), (-1, 0)], true),
            Role::Bishop => (&[(1, 1), (1, -1), (-1, -1), (-1, 1)], true),
            Role::Queen => (
                &[
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ],
                true,
            ),
            Role::Pawn => {
                if let Some(one) = from
                    .offset(0, step)
                    .filter(|&sq| board.piece_at(sq).is_none())
                {
                    add(from, one, Role::Pawn, false);
                    let start = if us == Color::White { 1 } else { 5 };
                    if from.rank().index() == start
                        && let Some(two) = one
                            .offset(0, step)
                            .filter(|&sq| board.piece_at(sq).is_none())
                    {
                        add(from, two, Role::Pawn, false);
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = from.offset(df, step) {
                        if board.color_at(to) == Some(us.other()) {
                            add(from, to, Role::Pawn, false);
                        } else if pos.ep_square() == Some(to) {
                            add(from, to, Role::Pawn, true);
                        }
                    }
                }
                continue;
            }
        };
        for &(df, dr) in dirs {
            let mut cur = from;
            while let Some(to) = cur.offset(df, dr) {
                if free(to) {
                    add(from, to, piece.role, false);
                }
                if board.piece_at(to).is_some() || !slides {
                    break;
                }
                cur = to;
            }
        }
    }
    out.sort();
    out
}

fn sorted_uci(moves: &[Move]) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.sort();
    names
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn legal_moves_equal_the_reference(pos in walked_position()) {
        prop_assert_eq!(sorted_uci(&pos.legal_moves()), reference_moves(&pos), "{}", pos);
    }

    #[test]
    fn moves_never_leave_the_mover_in_check(pos in walked_position()) {
        for m in pos.legal_moves() {
            let after = pos.play(m);
            let mover = pos.turn();
            prop_assert!(!after.board().is_attacked(after.king(mover), mover.other()), "{} {}", pos, m);
        }
    }

    #[test]
    fn copy_make_matches_a_fresh_position(pos in walked_position()) {
        for m in pos.legal_moves() {
            let after = pos.play(m);
            let fresh = Position::from_setup(after.setup(), pos.rules());
            prop_assert_eq!(fresh, Ok(after), "{} {}", pos, m);
            prop_assert_eq!(after.turn(), pos.turn().other());
            prop_assert_eq!(after.piece_at(m.from), None);
        }
    }

    #[test]
    fn counting_equals_generating(pos in walked_position()) {
        prop_assert_eq!(pos.count_legal_moves(), pos.legal_moves().len() as u64);
        let by_moves: u64 = pos.legal_moves().iter().map(|&m| pos.play(m).count_legal_moves()).sum();
        prop_assert_eq!(perft(&pos, 2), by_moves);
    }

    #[test]
    fn fen_round_trips(pos in walked_position()) {
        let fen = pos.to_string();
        let again = Position::from_fen(&fen, pos.rules());
        prop_assert_eq!(again, Ok(pos), "{}", fen);
    }

    #[test]
    fn san_names_are_unique(pos in walked_position()) {
        for notation in [Notation::Czech, Notation::English] {
            let mut names: Vec<String> = pos.legal_moves().iter().map(|&m| san(&pos, m, notation)).collect();
            names.sort();
            let count = names.len();
            names.dedup();
            prop_assert_eq!(names.len(), count, "{}", pos);
        }
    }

    #[test]
    fn key_ignores_history(pos in walked_position()) {
        let fresh = Position::from_setup(Setup { ep_square: None, ..pos.setup() }, pos.rules());
        prop_assert_eq!(fresh.map(|p| p.key()), Ok(pos.key()));
    }

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_fen(&text, Rules::TASK);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[KQRBNPkqrbnpx0-9/ wb\\-a-h]{0,70}") {
        if let Ok(setup) = Setup::from_fen(&text) {
            // Whatever parses prints back to a FEN that parses to the same setup.
            prop_assert_eq!(Setup::from_fen(&setup.to_string()), Ok(setup));
        }
        let _ = Position::from_fen(&text, Rules::TASK);
    }

    #[test]
    fn square_parser_never_panics(text in "\\PC{0,4}") {
        if let Ok(sq) = text.parse::<Square>() {
            prop_assert_eq!(sq.to_string(), text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn has_legal_moves_agrees_with_the_list(pos in walked_position()) {
        prop_assert_eq!(pos.has_legal_moves(), !pos.legal_moves().is_empty(), "{}", pos);
        prop_assert_eq!(pos.is_checkmate(), pos.is_check() && pos.legal_moves().is_empty());
        prop_assert_eq!(pos.is_stalemate(), !pos.is_check() && pos.legal_moves().is_empty());
    }
}

proptest! {
    #[test]
    fn legal_moves_into_replaces_the_list(pos in walked_position(), other in walked_position()) {
        let mut list = other.legal_moves();
        pos.legal_moves_into(&mut list);
        prop_assert_eq!(list, pos.legal_moves());
    }
}
