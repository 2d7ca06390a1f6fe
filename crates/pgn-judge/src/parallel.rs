//! Judging PGN chunks on every core, printing in input order.
//!
//! One thread reads and decompresses the input and splits it into chunks of whole games
//! ([`crate::split`]); `jobs` threads judge chunks and render their lines; the calling thread
//! prints each chunk's lines and errors in the order of the input. At most `2 × jobs + 2` chunks
//! are in flight, so memory stays bounded whatever the input. With one job everything runs on
//! the calling thread, through the same functions: the output is the same byte for byte.

use std::{
    collections::BTreeMap,
    io::{self, Write},
    num::NonZeroUsize,
    sync::{Mutex, mpsc},
    thread,
};

use toolkit_cli::{Diagnostics, Report, json_line};

use crate::{
    json,
    pgn::{self, BrokenGame, GameError},
    progress::Progress,
    render,
    source::{self, Source, SourceError},
    split::{Chunk, Item, MAX_GAME_BYTES, Splitter},
    summary::Tally,
};

/// How the work is shared and the games printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    pub json: bool,
    pub first_error: bool,
    pub jobs: NonZeroUsize,
    pub chunk_bytes: usize,
}

/// A chunk judged: its lines, its errors in order, its counts, and how far the input had been
/// read when it was made.
#[derive(Debug, Default)]
struct Judged {
    text: Vec<u8>,
    errors: Vec<Reported>,
    tally: Tally,
    read: u64,
}

/// An error of a chunk, printed after its lines.
#[derive(Debug)]
enum Reported {
    Game { number: u64, error: BrokenGame },
    Binary { start: u64, end: u64 },
}

/// Binary data where games should be.
#[derive(Debug)]
struct BinaryData {
    start: u64,
    end: u64,
}

impl std::fmt::Display for BinaryData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "bytes {} to {} of the text: binary data (control bytes), not PGN; skipped",
            self.start, self.end
        )
    }
}

impl Report for BinaryData {}

fn judge_chunk(chunk: &Chunk, read: u64, style: Style) -> Judged {
    let mut judged = Judged {
        text: Vec::with_capacity(chunk.items.len() * 64),
        read,
        ..Judged::default()
    };
    let mut line = String::new();
    for item in &chunk.items {
        let game = match item {
            Item::Game {
                number,
                range,
                tags,
            } => {
                let text = &chunk.text[range.clone()];
                match tags {
                    Some(tags) => pgn::judge_scanned_game(*number, text, tags),
                    None => pgn::judge_game(*number, text),
                }
            }
            Item::TooLong { number } => pgn::PgnGame {
                number: *number,
                white: "?".into(),
                black: "?".into(),
                result: None,
                outcome: Err(BrokenGame::TooLong {
                    max: MAX_GAME_BYTES,
                }),
            },
            Item::Binary { start, end } => {
                judged.errors.push(Reported::Binary {
                    start: *start,
                    end: *end,
                });
                continue;
            }
        };
        judged.tally.pgn_game(&game);
        if style.json {
            // Writing to a vector cannot fail.
            let _ = json_line(&mut judged.text, &json::PgnGameJson::from(&game));
        } else {
            line.clear();
            render::push_pgn_line(&mut line, &game, style.first_error);
            line.push('\n');
            judged.text.extend_from_slice(line.as_bytes());
        }
        if let Err(error) = game.outcome {
            judged.errors.push(Reported::Game {
                number: game.number,
                error,
            });
        }
    }
    judged.tally.errors = judged.errors.len() as u64;
    judged
}

/// Prints a judged chunk: its lines, then its errors.
fn print<W: Write>(
    judged: Judged,
    out: &mut impl Write,
    diag: &mut Diagnostics<W>,
    tally: &mut Tally,
    progress: &Progress,
) -> io::Result<()> {
    out.write_all(&judged.text)?;
    if !judged.errors.is_empty() {
        out.flush()?;
    }
    progress.suspend(|| {
        for error in &judged.errors {
            match error {
                Reported::Game { number, error } => diag.error(&GameError {
                    number: *number,
                    error,
                }),
                Reported::Binary { start, end } => diag.error(&BinaryData {
                    start: *start,
                    end: *end,
                }),
            }
        }
    });
    tally.add(&judged.tally);
    progress.update(judged.read, tally.games, tally.moves);
    Ok(())
}

/// Reads the whole source, splitting and judging on `jobs` threads; the counts of the run.
pub(crate) fn judge_source<W: Write>(
    source: Source,
    style: Style,
    out: &mut impl Write,
    diag: &mut Diagnostics<W>,
    progress: &Progress,
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let failures = if style.jobs.get() == 1 {
        let mut result = Ok(());
        let read = source.read.clone();
        let failures = produce(source, style.chunk_bytes, &mut |chunk| {
            let judged = judge_chunk(&chunk, read.get(), style);
            result = print(judged, out, diag, &mut tally, progress);
            result.is_ok()
        });
        result?;
        failures
    } else {
        in_parallel(source, style, out, diag, &mut tally, progress)?
    };
    for failure in failures {
        progress.suspend(|| diag.error(&failure));
        tally.errors += 1;
    }
    Ok(tally)
}

/// Splits every part of the source into chunks for `emit` (which returns `false` to stop); the
/// errors of damaged zip members, after which the next member is read, and last the error that
/// ended the input early, if any.
fn produce(
    source: Source,
    chunk_bytes: usize,
    emit: &mut dyn FnMut(Chunk) -> bool,
) -> Vec<SourceError> {
    let mut splitter = Splitter::new(chunk_bytes);
    let mut failures = Vec::new();
    for part in source.parts {
        // A part that cannot be opened, or whose text breaks off.
        let failure = match part {
            Ok(mut part) => match splitter.split(&mut part.reader, emit) {
                Ok(()) => continue,
                Err(err) => (part.describe)(err),
            },
            Err(err) => err,
        };
        let goes_on = source::goes_on_after(&failure);
        failures.push(failure);
        if !goes_on {
            return failures;
        }
    }
    splitter.finish(emit);
    failures
}

fn in_parallel<W: Write>(
    source: Source,
    style: Style,
    out: &mut impl Write,
    diag: &mut Diagnostics<W>,
    tally: &mut Tally,
    progress: &Progress,
) -> io::Result<Vec<SourceError>> {
    let jobs = style.jobs.get();
    let read = source.read.clone();
    // A permit for each chunk in flight: the reader waits when all are out.
    let (permit_tx, permit_rx) = mpsc::sync_channel::<()>(2 * jobs + 2);
    let (work_tx, work_rx) = mpsc::sync_channel::<(u64, Chunk, u64)>(jobs);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, Judged)>();
    thread::scope(|scope| {
        let producer = scope.spawn(move || {
            let mut index = 0;
            produce(source, style.chunk_bytes, &mut |chunk| {
                let ok =
                    permit_tx.send(()).is_ok() && work_tx.send((index, chunk, read.get())).is_ok();
                index += 1;
                ok
            })
        });
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            scope.spawn(move || {
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((index, chunk, read))) = next else {
                        return;
                    };
                    if done_tx
                        .send((index, judge_chunk(&chunk, read, style)))
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let printed = (|| {
            let mut pending = BTreeMap::new();
            let mut next = 0;
            for (index, judged) in &done_rx {
                pending.insert(index, judged);
                while let Some(judged) = pending.remove(&next) {
                    print(judged, out, diag, tally, progress)?;
                    let _ = permit_rx.recv();
                    next += 1;
                }
            }
            Ok(())
        })();
        // On a failure to print, stop the others: no more permits, no more results.
        drop(permit_rx);
        drop(done_rx);
        let failures = producer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        printed.map(|()| failures)
    })
}
