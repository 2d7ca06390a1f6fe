//! Regressions found by the independent audit of the rewritten pgn-judge (own lexer, own move
//! matching, archives, several threads): each test is named after its defect, and its expected
//! output is what python-chess reads in the same text (or, for a crash, any answer at all).

use std::num::NonZeroUsize;

use pgn_judge::{Format, Options, run};
use toolkit_cli::{Diagnostics, Input, Status};

/// stdout, stderr and the exit status of a `--pgn` run on `jobs` threads with small chunks.
fn judge_pgn(input: &[u8], jobs: usize) -> (String, String, Status) {
    judge(Input::from_bytes(input), jobs, 1 << 12)
}

/// The same for a file (a zip archive is read by its path), with chunks of `chunk_bytes`.
fn judge_file(path: &std::path::Path, jobs: usize, chunk_bytes: usize) -> (String, String, Status) {
    judge(Input::open(Some(path)).unwrap(), jobs, chunk_bytes)
}

fn judge(input: Input, jobs: usize, chunk_bytes: usize) -> (String, String, Status) {
    let options = Options {
        format: Format::Pgn,
        jobs: NonZeroUsize::new(jobs).unwrap(),
        chunk_bytes,
        ..Options::default()
    };
    let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
    run(input, &options, &mut out, &mut diag).unwrap();
    let status = diag.status();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(diag.into_inner()).unwrap(),
        status,
    )
}

/// The same answer on one thread and on two.
fn judge_pgn_both(input: &[u8]) -> (String, String, Status) {
    let one = judge_pgn(input, 1);
    assert_eq!(judge_pgn(input, 2), one, "two threads differ from one");
    one
}

/// Asserts that `input` is judged `expected` on one thread and on two, with nothing on stderr
/// and exit 0.
fn assert_clean(input: &[u8], expected: &str) {
    let (out, err, status) = judge_pgn_both(input);
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        (expected, "", Status::Success),
        "{:?}",
        String::from_utf8_lossy(input)
    );
}

const FOOLS_MATE: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";

#[test]
fn tags_without_a_value_by_the_thousand_do_not_overflow_the_stack() {
    // `[A]` lines are skipped tags; the lexer used to recurse once per tag, and 20,000 of them
    // (80 KB) overflowed a judging thread's stack: the process aborted.
    let input = format!("{}\n{FOOLS_MATE}", "[A]\n".repeat(200_000));
    assert_clean(input.as_bytes(), "1. A - B: Black Win; no Result tag\n");
}

#[test]
fn a_byte_order_mark_at_a_line_start_is_not_a_move() {
    // Two files joined with `cat`, each starting with a byte-order mark: the second file's mark
    // and first tag used to be movetext of the first game (a mate became Dead Moves), or, after
    // a blank line, a broken game of their own that took the second game's White tag.
    let file = format!("\u{feff}{FOOLS_MATE}");
    for joined in [
        format!("{file}{file}"),
        format!("{file}\n{file}"),
        format!("{file}\n{file}").replace('\n', "\r\n"),
    ] {
        assert_clean(
            joined.as_bytes(),
            "1. A - B: Black Win; no Result tag\n2. A - B: Black Win; no Result tag\n",
        );
    }
}

#[test]
fn a_ctrl_z_end_of_file_mark_is_white_space() {
    // Old DOS files end with Ctrl-Z (0x1A). After the moves it was a move of the game (a mate
    // became Dead Moves), after a blank line a broken game of its own; python-chess skips it.
    let mark = '\u{1a}';
    for input in [
        format!("{FOOLS_MATE}{mark}"),
        format!("{FOOLS_MATE}\n{mark}"),
        format!("{FOOLS_MATE}\n{mark}\n{FOOLS_MATE}"),
        format!("{mark}{FOOLS_MATE}"),
        FOOLS_MATE.replace("Qh4#", &format!("{mark}Qh4#{mark}")),
        FOOLS_MATE.replace("\n\n", &format!("{mark}\n\n")),
    ] {
        let games = input.matches("[White").count();
        let expected = (1..=games)
            .map(|n| format!("{n}. A - B: Black Win; no Result tag\n"))
            .collect::<String>();
        assert_clean(input.as_bytes(), &expected);
    }
}

#[test]
fn control_characters_from_the_file_are_escaped_in_text_output() {
    // An escape sequence in a name went to the terminal as it was (it could clear the screen
    // or recolour it); the JSON output escaped it already. (The move with an escape sequence
    // glued to it is a token that is not a move.)
    let input = FOOLS_MATE
        .replace("\"A\"", "\"A\u{1b}[2J\"")
        .replace("Qh4#", "Qh4#\u{1b}[31m");
    assert_clean(
        input.as_bytes(),
        "1. A\\u{1b}[2J - B: Illegal Move; no Result tag\n",
    );
}

#[test]
fn blank_lines_between_games_are_no_game_however_many() {
    // Blank lines were held until they filled the 4 MiB limit of a game, then reported as a
    // broken game of their own.
    let input = format!("{FOOLS_MATE}{}{FOOLS_MATE}", "\n".repeat(5 << 20));
    assert_clean(
        input.as_bytes(),
        "1. A - B: Black Win; no Result tag\n2. A - B: Black Win; no Result tag\n",
    );
}

/// The hostile-input audit of 2026-11-27: a FEN or Variant tag's value was quoted whole in the
/// error (100,000 characters); it is cut after 60 like every other quoted text.
#[test]
fn a_long_fen_or_variant_tag_is_cut_in_its_error() {
    let long = "x".repeat(100_000);
    for (tag, message) in [
        ("FEN", format!("FEN tag \"{}...\": ", "x".repeat(60))),
        (
            "Variant",
            format!("variant \"{}...\" is not chess", "x".repeat(60)),
        ),
    ] {
        let game = format!("[{tag} \"{long}\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
        let (_, err, status) = judge_pgn_both(game.as_bytes());
        assert!(
            err.starts_with(&format!("error: game 1: broken PGN: {message}"))
                && err.len() < 300
                && err.lines().count() == 1,
            "{}",
            &err[..err.len().min(300)]
        );
        assert_eq!(status, Status::Invalid);
    }
}

#[test]
fn a_game_of_another_variant_is_not_judged_by_the_rules_of_chess() {
    // lichess publishes its atomic, crazyhouse, antichess, ... games as PGN with a `Variant` tag
    // and the same SAN; judged as chess, a legal atomic game was an Illegal Move (2. exd5
    // explodes both pawns, so the d-file is open for 2... Qxd2).
    let atomic = "[Variant \"Atomic\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
                  1. e4 d5 2. exd5 Qxd2+ 0-1\n\n";
    let (out, err, status) = judge_pgn_both(atomic.as_bytes());
    assert_eq!(out, "1. A - B: broken PGN\n");
    assert_eq!(
        err,
        "error: game 1: broken PGN: variant \"Atomic\" is not chess (only standard chess and Chess960 are judged)\n"
    );
    assert_eq!(status, Status::Invalid);
}

#[test]
fn a_chess960_game_is_judged_with_its_castling() {
    // python-chess (`chess.Board(fen, chess960=True)`): once the knights have left f1 and f8,
    // the kings on g1 and g8 castle king side with the rooks on h1 and h8 (the kings stay, the
    // rooks go to f1 and f8): no mate, no stalemate, a draw. The FEN's castling field is
    // Shredder's (`HAha`).
    let game = "[Variant \"Chess960\"]\n[White \"A\"]\n[Black \"B\"]\n\
                [FEN \"rnbbqnkr/pppppppp/8/8/8/8/PPPPPPPP/RNBBQNKR w HAha - 0 1\"]\n\n\
                1. Ng3 Ng6 2. O-O O-O *\n\n";
    let standard = game.replace("[Variant \"Chess960\"]\n", "[Variant \"Standard\"]\n");
    assert_clean(game.as_bytes(), "1. A - B: Draw; no Result tag\n");
    // Without the tag the FEN's castling rights are not those of standard chess.
    let (out, _, status) = judge_pgn_both(standard.as_bytes());
    assert_eq!(
        (out.as_str(), status),
        ("1. A - B: broken PGN\n", Status::Invalid)
    );
}

#[test]
fn corrupt_compressed_data_warns_that_the_verdicts_before_the_error_may_be_wrong() {
    // gzip, bzip2, zstd and zip check their data at the end of a member, block or frame: the
    // text decoded before the check fails is damaged, and games judged from it were printed
    // with wrong verdicts (24 of 600 in a gzip file with one byte flipped; `gzip -d` agrees the
    // data is corrupt) while the error only said that the games after it were not read.
    use std::io::Write;
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    for _ in 0..2_000 {
        gzip.write_all(FOOLS_MATE.as_bytes()).unwrap();
    }
    let mut gzip = gzip.finish().unwrap();
    let middle = gzip.len() / 2;
    gzip[middle] ^= 0xff;
    let (_, err, status) = judge_pgn_both(&gzip);
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error: standard input: the gzip data is corrupt")
            && last.ends_with(
                "; the games after it are not read, and the verdicts printed before it may come \
                 from the damaged data"
            ),
        "{err}"
    );
    assert_eq!(status, Status::Invalid);
}

/// Issue 14's leftovers: the games python-chess reads around a `%` escape line longer than a game
/// may be (it skips the line between games).
#[test]
fn leftover_6_a_long_escape_line_between_games_loses_no_game() {
    let other = "[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 *\n";
    let escape = format!("%{}", "x".repeat(5 << 20));
    for end in ["\n", "\r\n", "\r"] {
        let input = format!("{FOOLS_MATE}\n{escape}{end}{other}");
        assert_clean(
            input.as_bytes(),
            "1. A - B: Black Win; no Result tag\n2. C - D: Draw; no Result tag\n",
        );
    }
}

/// Issue 14's leftovers: a game too long to hold is skipped up to the next tag pair line, where
/// the lexer would end it (outside a comment) and python-chess starts the next game; the game
/// after it was lost silently when no blank line came before its tags.
#[test]
fn leftover_6_a_game_too_long_is_skipped_to_the_next_tag_line() {
    let other = "[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 *\n";
    let too_long =
        "error: game 2: broken PGN: longer than 4 MiB (skipped up to the next tag pair line)\n";
    let x = "x".repeat(5 << 20);
    // A huge comment, after tags of its own (where the skip does not stop); wrapped clock
    // comments, whose lines start with `[` but are no tag pairs.
    for long in [
        format!("1. e4 {{{x}}}\n"),
        format!("[White \"E\"]\n[Black \"F\"]\n\n1. e4 {{{x}}}\n"),
        "1. e4 {\n[%clk 0:01:00]} e5\n".repeat(300_000),
        // A tag longer than a game may be: the tags after it are still its own (the next one
        // used to start a made-up game).
        format!("[Event \"{x}\"]\n[White \"E\"]\n[Black \"F\"]\n\n1. e4 *\n"),
        format!("[Event \"{x}\"] [White \"E\"]\r\n[Black \"F\"]\r\n\r\n1. e4 *\r\n"),
        format!("[Event \"{x}\"]\n[White \"E\"]\n1. e4 *\n"),
        // A `;` comment longer than a game inside the tag section: the tags after it too.
        format!("[Event \"E\"]\n;{x}\n[White \"E\"]\n[Black \"F\"]\n\n1. e4 *\n"),
        format!("[Event \"E\"]\n[White \"E\"]\n; {x}\r\n\n; c\n[Black \"F\"]\n1. e4 *\n"),
        format!("[White \"E\"]\n[Black \"F\"]\n;{x}\n\n1. e4 *\n"),
    ] {
        let input = format!("{FOOLS_MATE}\n{long}{other}\n{FOOLS_MATE}");
        let (out, err, status) = judge_pgn_both(input.as_bytes());
        assert_eq!(
            (out.as_str(), err.as_str(), status),
            (
                "1. A - B: Black Win; no Result tag\n2. ? - ?: broken PGN\n\
                 3. C - D: Draw; no Result tag\n4. A - B: Black Win; no Result tag\n",
                too_long,
                Status::Invalid
            )
        );
    }
}

/// Issue 14's leftovers: a zip member whose CRC-32 fails (found at its end, once its text is
/// read) is reported by name, its games all judged, and the next members are read; the members
/// after it were not read.
#[test]
fn leftover_6_a_zip_member_that_fails_its_crc_is_reported_and_the_next_member_read() {
    use std::io::Write;
    use zip::{CompressionMethod, write::SimpleFileOptions};
    let other = "[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 *\n";
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in [
        ("one.pgn", format!("{FOOLS_MATE}\n{FOOLS_MATE}")),
        ("two.pgn", other.to_owned()),
    ] {
        let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
        zip.start_file(name, stored).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    let mut bytes = zip.finish().unwrap().into_inner();
    // The first game's White tag, in the first member's stored text.
    let at = bytes.windows(5).position(|w| w == b"\"A\"]\n").unwrap();
    bytes[at + 1] = b'X';
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leftover_6_crc.zip");
    std::fs::write(&path, &bytes).unwrap();
    for jobs in [1, 2] {
        let (out, err, status) = judge_file(&path, jobs, 64);
        assert_eq!(status, Status::Invalid);
        assert_eq!(
            out,
            "1. X - B: Black Win; no Result tag\n2. A - B: Black Win; no Result tag\n\
             3. C - D: Draw; no Result tag\n"
        );
        assert!(
            err.starts_with("error: ")
                && err.contains(", member \"one.pgn\": the zip data is corrupt (found at byte")
                && err.contains("CRC-32 mismatch")
                && err.lines().count() == 1,
            "{err}"
        );
    }
}

/// The hostile-input audit of 2026-11-27: a zip member stored with a method that is not read
/// (bzip2 here) stopped the whole archive, the good members before it unanswered; it is
/// reported by archive and member, and the other members are read.
#[test]
fn a_zip_member_in_a_method_not_read_is_reported_and_the_others_read() {
    use std::io::Write;
    use zip::{CompressionMethod, write::SimpleFileOptions};
    let other = "[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 *\n";
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in [
        ("one.pgn", FOOLS_MATE),
        ("two.pgn", "[White \"X\"]\n\n1. d4 *\n"),
        ("three.pgn", other),
    ] {
        let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
        zip.start_file(name, stored).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    let mut bytes = zip.finish().unwrap().into_inner();
    // The second member's method, in its local header (offset 8) and its directory entry
    // (offset 10), becomes 12: bzip2.
    let headers = |bytes: &[u8], signature: &[u8; 4]| -> Vec<usize> {
        bytes
            .windows(4)
            .enumerate()
            .filter(|(_, w)| w == signature)
            .map(|(i, _)| i)
            .collect()
    };
    let local = headers(&bytes, b"PK\x03\x04")[1];
    let central = headers(&bytes, b"PK\x01\x02")[1];
    bytes[local + 8] = 12;
    bytes[central + 10] = 12;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("audit23_bzip2_member.zip");
    std::fs::write(&path, &bytes).unwrap();
    for jobs in [1, 2] {
        let (out, err, status) = judge_file(&path, jobs, 1 << 12);
        assert_eq!(status, Status::Invalid);
        assert_eq!(
            out,
            "1. A - B: Black Win; no Result tag\n2. C - D: Draw; no Result tag\n"
        );
        assert!(
            err.starts_with("error: \"")
                && err
                    .contains("audit23_bzip2_member.zip\", member \"two.pgn\": compression method")
                && err.contains("the other members are read")
                && err.lines().count() == 1,
            "{err}"
        );
    }
}

/// The hostile-input audit of 2026-11-27: a sound zstd file made for a window over the
/// decoder's 128 MiB (`zstd --long=31`) was called corrupt, its verdicts "maybe from damaged
/// data"; it is refused as what it is.
#[test]
fn a_zstd_frame_with_a_window_too_large_is_not_called_corrupt() {
    use std::io::Write;
    let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
    encoder.window_log(31).unwrap();
    encoder.long_distance_matching(true).unwrap();
    encoder.write_all(FOOLS_MATE.as_bytes()).unwrap();
    let bytes = encoder.finish().unwrap();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("audit23_long31.pgn.zst");
    std::fs::write(&path, &bytes).unwrap();
    let (out, err, status) = judge_file(&path, 1, 1 << 12);
    assert_eq!(status, Status::Invalid);
    assert!(out.is_empty());
    assert!(
        err.contains("audit23_long31.pgn.zst\": a zstd frame needs a window larger than")
            && !err.contains("corrupt")
            && err.lines().count() == 1,
        "{err}"
    );
}

/// Issue 14's leftovers: `-j 100000` spawned 100,000 threads (4.5 s of system time for one game)
/// and `-j 100000000` ran for minutes; the count is capped at 4 threads a core, 256 at most.
/// The seventeenth session's audit: a small zstd file with a byte flipped was reported corrupt
/// "found at byte 0". The decoder fails before it takes any of the bytes it was handed, so
/// the count of bytes taken said 0; the error now names the end of what the decoder had read
/// (here the whole file: zstd checks a frame at its end).
#[test]
fn corrupt_zstd_data_is_found_where_the_decoder_had_read_to() {
    use std::io::Write;
    let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
    encoder.include_checksum(true).unwrap();
    encoder.write_all(FOOLS_MATE.as_bytes()).unwrap();
    let mut zstd = encoder.finish().unwrap();
    // Past the frame header: the block's data, checked against the frame's checksum.
    let middle = zstd.len() / 2;
    zstd[middle] ^= 0xff;
    let (_, err, status) = judge_pgn_both(&zstd);
    let expected = format!("the zstd data is corrupt (found at byte {}: ", zstd.len());
    assert!(err.contains(&expected), "{err}");
    assert_eq!(status, Status::Invalid);
}

#[test]
fn leftover_6_an_absurd_thread_count_is_capped() {
    let jobs = |requested, cores| {
        let n = |n| NonZeroUsize::new(n).unwrap();
        pgn_judge::capped_jobs(n(requested), n(cores)).get()
    };
    assert_eq!(jobs(100_000, 2), 8);
    assert_eq!(jobs(usize::MAX, usize::MAX), 256);
    assert_eq!(jobs(3, 2), 3);
    assert_eq!(jobs(1, 64), 1);
    assert_eq!(jobs(1000, 128), 256);
}

#[test]
fn a_tag_or_tag_comment_too_long_is_skipped_with_its_game_wherever_a_read_ends() {
    // The skip reads the text in pieces; the tags after the long one may be cut anywhere,
    // with blank lines and `;` comments between them (the lexer's tag section).
    let other = "[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 *\n";
    let expected = "1. A - B: Black Win; no Result tag\n2. ? - ?: broken PGN\n\
                    3. C - D: Draw; no Result tag\n4. A - B: Black Win; no Result tag\n";
    let chunk = 64;
    for k in 0..chunk {
        let x = "x".repeat((5 << 20) + k);
        // The long tag, or a long `;` comment between tags.
        for long in [
            format!(
                "[Event \"{x}\"]\n[White \"E\"]\n\n[Black \"F\"] ; c\n[Round \"1\"]\n\n1. e4 *\n"
            ),
            format!(
                "[Event \"E\"]\n;{x}\n[White \"E\"]\n\n[Black \"F\"] ; c\n[Round \"1\"]\n1. e4 *\n"
            ),
        ] {
            let input = format!("{FOOLS_MATE}\n{long}{other}\n{FOOLS_MATE}");
            let (out, _, _) = judge(Input::from_bytes(input.as_bytes()), 1, chunk);
            assert_eq!(out, expected, "{k} more bytes");
        }
    }
}
