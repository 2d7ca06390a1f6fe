//! Unmoves against moves, both ways, on random legal positions of kings and up to four other
//! pieces of any kind: every unmove's predecessor has the move back, and every legal move (but en
//! passant) is found among the unmoves of the position it leads to; and after a double step
//! that gives an en passant square, it is the only unmove.

use small_board::{Position, Role, Rules};
use test_support::{
    Rng,
    positions::{any_material, random_position},
};

const ALL_BUT_KING: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

#[test]
fn every_unmove_has_its_move() {
    let mut rng = Rng::new(0x5eed_1234_5678_9abc);
    let mut count = 0;
    for _ in 0..3000 {
        let pos = random_position(&mut rng, any_material);
        for (u, before) in pos.unmoves(&ALL_BUT_KING) {
            let found = before.legal_moves().into_iter().any(|m| {
                m.from == u.from
                    && m.to == u.to
                    && m.promotion == u.promotion
                    && m.capture == u.uncapture
                    && before.play(m).same_as(&pos)
            });
            assert!(found, "{u:?} from {before} does not lead to {pos}");
            count += 1;
        }
    }
    assert!(count > 50_000, "only {count} unmoves");
}

#[test]
fn every_move_has_its_unmove() {
    let mut rng = Rng::new(0x0bad_cafe_f00d_d00d);
    for _ in 0..3000 {
        let pos = random_position(&mut rng, any_material);
        for m in pos.legal_moves().into_iter().filter(|m| !m.en_passant) {
            let after = pos.play(m);
            let found = after
                .unmoves(&ALL_BUT_KING)
                .iter()
                .any(|(u, before)| u.from == m.from && u.to == m.to && before.same_as(&pos));
            assert!(found, "{m} from {pos}: no unmove back from {after}");
        }
    }
}

/// The position of `fen` and the one after White's double step e2-e4.
fn double_step(fen: &str) -> (Position, Position) {
    let pos = Position::from_fen(fen, Rules::TASK).expect(fen);
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "e2e4")
        .expect("e2e4 is legal");
    (pos, pos.play(m))
}

#[test]
fn double_step_is_the_only_unmove_after_it() {
    let (pos, after) = double_step("3k3/7/7/7/7/4P2/3K3 w");
    let back = after.unmoves(&ALL_BUT_KING);
    assert!(back.iter().any(|(_, b)| b.same_as(&pos)));
    // With a black pawn beside it, the en passant square pins the last move down.
    let (pos, after) = double_step("3k3/7/7/5p1/7/4P2/3K3 w");
    assert!(after.ep_square().is_some());
    let back = after.unmoves(&ALL_BUT_KING);
    assert_eq!(back.len(), 1);
    assert!(back[0].1.same_as(&pos));
}
