//! Fuzzing the three-line input (issue 16): arbitrary bytes, lines of piece-like tokens, and good
//! inputs (random legal positions of the task's material, written out) with random mutations.
//! The reader never panics; it returns a problem that prints back to itself, or one error of one
//! line that names its line. On a sample, the binary does the same: one answer line and exit 0,
//! or exactly the library's error after `error: ` and exit 2.

mod common;

use endgame_solver::{Problem, input::MAX_PLIES};
use proptest::prelude::*;
use test_support::{
    Rng,
    positions::{promoted_material, random_position},
};
use toolkit_cli::{Lines, Report, Status, fixtures::execute};

/// A good input from `seed`: a random legal position of the task's material (maybe after a
/// promotion) and N up to `max_plies`, with its text.
fn good_input(seed: u64, max_plies: u32) -> (Problem, Vec<u8>) {
    let mut rng = Rng::new(seed);
    let position = random_position(&mut rng, promoted_material);
    let plies = rng.below(u64::from(max_plies) + 1) as u32;
    let problem = Problem { position, plies };
    (problem, format!("{problem}\n").into_bytes())
}

/// Text that is likely to matter to the reader, for insertions.
const SNIPPETS: [&str; 16] = [
    " ",
    "\n",
    "\r\n",
    "K",
    "V",
    "D",
    "J",
    "S",
    "h",
    "8",
    "0",
    "\u{feff}",
    "é",
    "\t",
    "Kd5",
    "99999999999999999999999",
];

/// Applies mutations `(what, where, byte)` to `bytes`.
fn mutate(bytes: &mut Vec<u8>, mutations: &[(u8, usize, u8)]) {
    for &(what, at, byte) in mutations {
        let at = at % (bytes.len() + 1);
        match what % 4 {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => bytes[at] = byte,
            _ => {
                let snippet = SNIPPETS[usize::from(byte) % SNIPPETS.len()].as_bytes();
                bytes.splice(at..at, snippet.iter().copied());
            }
        }
    }
}

fn read(bytes: &[u8]) -> Result<Problem, endgame_solver::input::ReadProblemError> {
    Problem::read(Lines::new(bytes))
}

/// The reader's promises on any input: a problem that prints back to itself, or one error line.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    match read(bytes) {
        Ok(problem) => {
            prop_assert!(problem.plies <= MAX_PLIES);
            let again = read(format!("{problem}\n").as_bytes());
            prop_assert_eq!(again.ok(), Some(problem));
        }
        Err(err) => {
            let message = err.to_string();
            prop_assert!(!message.contains('\n'), "{}", message);
            prop_assert!(
                message.starts_with("line ") || message.starts_with("expected 3 lines"),
                "{}",
                message
            );
            prop_assert!(message.len() < 300, "{}", message);
            prop_assert_eq!(err.status(), Status::Invalid);
        }
    }
    Ok(())
}

/// A line of piece-like tokens, some good, most not.
fn piece_line() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        "[KVDJSP]?[a-ik][0-9]{1,2}|[KVDJ][a-g][1-7]|[a-g][2-6]",
        0..8,
    )
    .prop_map(|tokens| tokens.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn good_inputs_print_back_to_themselves(seed in any::<u64>()) {
        let (problem, text) = good_input(seed, MAX_PLIES);
        prop_assert_eq!(read(&text).ok(), Some(problem));
    }

    #[test]
    fn mutated_good_inputs_give_a_problem_or_one_error_line(
        seed in any::<u64>(),
        mutations in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..6),
    ) {
        let (_, mut bytes) = good_input(seed, MAX_PLIES);
        mutate(&mut bytes, &mutations);
        check(&bytes)?;
    }

    #[test]
    fn arbitrary_bytes_give_a_problem_or_one_error_line(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        check(&bytes)?;
    }

    #[test]
    fn piece_like_lines_give_a_problem_or_one_error_line(
        pieces in piece_line(),
        side in "[BCW ]{0,2}",
        plies in "[0-9]{0,25}|-1|\\PC{0,5}",
        extra in "[ \n]{0,3}x?",
    ) {
        check(format!("{pieces}\n{side}\n{plies}\n{extra}").as_bytes())?;
    }
}

/// The binary on a sample of the same inputs (N at most 3, so that each good one is answered at
/// once): exit 0 with one answer line, or exit 2 with the library's error as its one stderr line.
#[test]
fn the_binary_answers_in_one_line_or_refuses_in_one_line() {
    let tables = common::tables_path().display().to_string();
    let mut rng = Rng::new(0x00f0_0d5e);
    let (mut answered, mut refused) = (0, 0);
    for i in 0..150u64 {
        let bytes = match i % 3 {
            0 => good_input(rng.next_u64(), 3).1,
            1 => {
                let (_, mut bytes) = good_input(rng.next_u64(), 3);
                let mutations: Vec<(u8, usize, u8)> = (0..1 + rng.below(4))
                    .map(|_| (rng.below(4) as u8, rng.index(64), rng.below(256) as u8))
                    .collect();
                mutate(&mut bytes, &mutations);
                bytes
            }
            _ => (0..rng.below(120)).map(|_| rng.below(256) as u8).collect(),
        };
        let expected = read(&bytes);
        if matches!(&expected, Ok(problem) if problem.plies > 3) {
            continue; // a mutation made N large: slow to answer, and not what is tested here
        }
        let run = execute(
            env!("CARGO_BIN_EXE_endgame-solver"),
            &["--tables", &tables],
            &bytes,
        );
        let shown = String::from_utf8_lossy(&bytes);
        match expected {
            Ok(_) => {
                assert_eq!(run.exit, Some(0), "{shown:?}: {}", run.stderr);
                assert_eq!(run.stdout.lines().count(), 1, "{shown:?}: {}", run.stdout);
                assert_eq!(run.stderr, "", "{shown:?}");
                answered += 1;
            }
            Err(err) => {
                assert_eq!(run.exit, Some(2), "{shown:?}: {}", run.stderr);
                assert_eq!(run.stderr, format!("error: {err}\n"), "{shown:?}");
                assert_eq!(run.stdout, "", "{shown:?}");
                refused += 1;
            }
        }
    }
    eprintln!("{answered} answered, {refused} refused");
    assert!(
        answered >= 40 && refused >= 40,
        "{answered} answered, {refused} refused"
    );
}
