//! The tables' history-proof bounds against the plain minimax reference (which counts
//! repetitions on the whole line): where the draw table says Black forces a draw or a mate
//! within k plies, the reference's draw goal holds; where a side's superiority distance exceeds
//! k, the reference's horizon goal for that side fails; where a side reaches a position where
//! it mates holding superiority within k plies and no position occurs twice yet, that side's
//! horizon goal holds. On random positions of the task's
//! material after a promotion, and after lines that already repeat positions (second and third
//! occurrences). Then the solver itself after such lines at depths 6 and 7, where it takes the
//! draw table as exact when no third occurrence can come.

mod common;

use common::{BK, BR, WK, WP, WR, repeating_line};

use endgame_solver::{
    Goal, Solver, reference,
    tables::{Kind, Tables},
};
use small_board::{Color, Piece, Position};
use test_support::{
    Rng,
    positions::{promoted_material, random_position},
};

/// How many claims of each bound were checked.
#[derive(Debug, Default)]
struct Claims {
    draw_holds: u32,
    horizon_fails: u32,
    /// By colour (White, Black): where the side reaches a held mate within the plies.
    horizon_holds: [u32; 2],
    /// Of those, the ones where the held mate is not there yet.
    horizon_reached: [u32; 2],
}

/// Checks what the tables claim about the last position of `line` with `plies` left.
fn check_claims(tables: &mut Tables, line: &[Position], plies: u32, claims: &mut Claims) {
    let last = line[line.len() - 1];
    let draw = tables
        .probe_distance(Kind::Draw, &last)
        .expect("a task material");
    if draw.within(plies) {
        assert!(
            reference::wins(Goal::Draw, line, plies),
            "draw distance {draw:?} but no forced draw within {plies} after {line:?}"
        );
        claims.draw_holds += 1;
    }
    for color in Color::ALL {
        let distance = tables
            .probe_distance(Kind::Superiority(color), &last)
            .expect("a task material");
        if !distance.within(plies) {
            assert!(
                !reference::wins(Goal::Horizon(color), line, plies),
                "{color:?}'s superiority distance {distance:?} but H holds within {plies} after {line:?}"
            );
            claims.horizon_fails += 1;
        }
    }
    // A side reaches a held mate within the plies, where no position of the line occurs twice
    // yet.
    let fresh = line.iter().enumerate().all(|(i, p)| !line[..i].contains(p));
    for (c, color) in Color::ALL.into_iter().enumerate() {
        let reach = tables
            .probe_distance(Kind::ReachHeld(color), &last)
            .expect("a task material");
        if fresh && reach.within(plies) {
            assert!(
                reference::wins(Goal::Horizon(color), line, plies),
                "{color:?} reaches a held mate in {reach:?} but no H within {plies} after {line:?}"
            );
            claims.horizon_holds[c] += 1;
            if reach.0 != Some(0) {
                claims.horizon_reached[c] += 1;
            }
        }
    }
}

#[test]
fn bounds_on_random_positions() {
    let mut rng = Rng::new(12);
    let mut tables = common::tables();
    let mut claims = Claims::default();
    for (plies, count) in [(0, 300), (1, 300), (2, 300), (3, 200), (4, 100)] {
        for _ in 0..count {
            let pos = random_position(&mut rng, promoted_material);
            check_claims(&mut tables, &[pos], plies, &mut claims);
        }
    }
    // Where Black draws or mates often: a lone king or a pawn against the rook.
    for material in [&[WK, BK, BR][..], &[WK, WP, BK, BR]] {
        for plies in 0..=5 {
            for _ in 0..60 {
                let pos = random_position(&mut rng, |_| material.to_vec());
                check_claims(&mut tables, &[pos], plies, &mut claims);
            }
        }
    }
    // Deeper, the draw claims alone (the lone king's escapes are few).
    for plies in 6..=9 {
        for _ in 0..40 {
            let pos = random_position(&mut rng, |_| vec![WK, BK, BR]);
            let draw = tables.probe_distance(Kind::Draw, &pos).expect("KvKR");
            if draw.within(plies) {
                assert!(reference::wins(Goal::Draw, &[pos], plies), "{pos} {draw:?}");
                claims.draw_holds += 1;
            }
        }
    }
    eprintln!("{claims:?}");
    assert!(
        claims.draw_holds > 100
            && claims.horizon_fails > 1000
            && claims.horizon_holds.iter().all(|&n| n > 100)
            && claims.horizon_reached.iter().all(|&n| n > 50),
        "{claims:?}"
    );
}

/// Light material where short walks there and back repeat positions.
const LIGHT: [&[Piece]; 4] = [
    &[WK, BK, BR],
    &[WK, WR, BK],
    &[WK, WP, BK],
    &[WK, WR, BK, BR],
];

/// The prefixes of `line` that do not end the game before their last position.
fn prefixes(line: &[Position]) -> impl Iterator<Item = &[Position]> {
    (1..=line.len())
        .map(|end| &line[..end])
        .take_while(|prefix| {
            let before = &prefix[..prefix.len() - 1];
            before.iter().all(|p| p.has_legal_moves() && !p.is_dead())
        })
}

#[test]
fn bounds_after_repeating_lines() {
    let mut rng = Rng::new(13);
    let mut tables = common::tables();
    let mut claims = Claims::default();
    let mut thrice = 0;
    for material in LIGHT {
        for _ in 0..25 {
            let line = repeating_line(&mut rng, material);
            thrice += usize::from(line.iter().filter(|&p| *p == line[0]).count() == 3);
            for prefix in prefixes(&line) {
                for plies in 0..=4 {
                    check_claims(&mut tables, prefix, plies, &mut claims);
                }
            }
        }
    }
    eprintln!("{claims:?}, {thrice} lines with the start three times");
    assert!(
        thrice > 50 && claims.draw_holds > 50 && claims.horizon_fails > 1000,
        "{claims:?}, {thrice} lines with the start three times"
    );
}

/// At depths 6 and 7 a third occurrence can only come from a position already on the line: the
/// solver searches where one could and trusts the draw table elsewhere.
#[test]
fn draw_goal_at_depths_six_and_seven_after_repeating_lines() {
    let mut rng = Rng::new(14);
    let mut solver = Solver::with_tables(256 << 20, common::tables());
    let mut compared = 0;
    for material in &LIGHT[..3] {
        for _ in 0..6 {
            let line = repeating_line(&mut rng, material);
            for prefix in prefixes(&line).step_by(2) {
                for plies in [6, 7] {
                    let fast = solver.wins(Goal::Draw, prefix, plies);
                    let plain = reference::wins(Goal::Draw, prefix, plies);
                    assert_eq!(fast, plain, "draw at depth {plies} after {prefix:?}");
                    compared += 1;
                }
            }
        }
    }
    eprintln!("{compared} comparisons");
}

/// The horizon goals after the same lines: the solver refutes a horizon goal that fails with
/// repetition ignored before it searches with it counted, and plays the game without
/// repetition where no third occurrence can come within the plies left.
#[test]
fn horizon_goals_at_depths_six_and_seven_after_repeating_lines() {
    let mut rng = Rng::new(16);
    let mut solver = Solver::with_tables(256 << 20, common::tables());
    let (mut compared, mut held) = (0, 0);
    for material in LIGHT {
        for _ in 0..12 {
            let line = repeating_line(&mut rng, material);
            for prefix in prefixes(&line) {
                for plies in [6, 7] {
                    for goal in Color::ALL.map(Goal::Horizon) {
                        let fast = solver.wins(goal, prefix, plies);
                        let plain = reference::wins(goal, prefix, plies);
                        assert_eq!(fast, plain, "{goal:?} at depth {plies} after {prefix:?}");
                        compared += 1;
                        held += u32::from(plain);
                    }
                }
            }
        }
    }
    eprintln!("{compared} comparisons, {held} holding");
    assert!(
        held > 10 && compared - held > 10,
        "{held} of {compared} hold"
    );
}

/// Where the solver proves that White keeps the game going along an order of its placements
/// (`Solver::keeps_going`), Black's draw goal fails by the plain minimax: after lines that
/// repeat positions (the proof must not count on a segment that left the order) and from
/// random positions.
#[test]
fn keeping_the_game_going_refutes_the_draw() {
    let mut rng = Rng::new(15);
    let mut solver = Solver::with_tables(256 << 20, common::tables());
    let (mut claims, mut tried) = (0, 0);
    let mut check = |solver: &mut Solver, line: &[Position], plies: u32| {
        tried += 1;
        if solver.keeps_going(line, plies) {
            assert!(
                !reference::wins(Goal::Draw, line, plies),
                "White keeps going for {plies} plies but Black draws after {line:?}"
            );
            claims += 1;
        }
    };
    for material in LIGHT {
        for _ in 0..30 {
            let line = repeating_line(&mut rng, material);
            for prefix in prefixes(&line) {
                let deepest = if material.len() == 4 { 4 } else { 7 };
                for plies in 0..=deepest {
                    check(&mut solver, prefix, plies);
                }
            }
        }
    }
    for plies in 6..=8 {
        for _ in 0..20 {
            let pos = random_position(&mut rng, |_| vec![WK, WR, BK]);
            check(&mut solver, &[pos], plies);
        }
    }
    eprintln!("{claims} of {tried} proofs");
    assert!(claims > 500, "{claims} of {tried}");
}
