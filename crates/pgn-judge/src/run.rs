//! A whole run: the options of the command line, both input formats, the output chosen once.

use std::{
    io::{self, Write},
    num::NonZeroUsize,
};

use toolkit_cli::{Diagnostics, Input, Lines, json_line};

use crate::{
    games, json,
    parallel::{self, Style},
    progress::Progress,
    render,
    source::Source,
    split::CHUNK_BYTES,
    summary::{SummaryText, Tally},
};

/// The input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The judge format: counts and moves, ending with `0`.
    Judge,
    /// PGN, plain or compressed.
    Pgn,
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// One line of text per game.
    Text,
    /// One JSON object per game and line.
    Json,
}

/// What a run does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The input format.
    pub format: Format,
    /// The output.
    pub output: Output,
    /// Name the move that decided a faulty verdict.
    pub first_error: bool,
    /// Threads judging PGN at once.
    pub jobs: NonZeroUsize,
    /// Print the counts per verdict and per `Result` agreement at the end.
    pub summary: bool,
    /// Show a progress bar on stderr (the caller decides: only on a terminal).
    pub progress: bool,
    /// The text of one chunk of PGN work, in bytes (tests make it small).
    pub chunk_bytes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            format: Format::Judge,
            output: Output::Text,
            first_error: false,
            jobs: NonZeroUsize::MIN,
            summary: false,
            progress: false,
            chunk_bytes: CHUNK_BYTES,
        }
    }
}

/// The most threads judging PGN: 4 a core (more only wait for a core, and each thread has up to
/// two chunks of text in flight), and 256 at most.
const MAX_JOBS: NonZeroUsize = NonZeroUsize::new(256).unwrap();
const JOBS_PER_CORE: NonZeroUsize = NonZeroUsize::new(4).unwrap();

/// The number of threads to judge PGN on, for `requested` on a machine with `cores` available:
/// `requested`, but 4 a core and 256 at most.
///
/// # Examples
///
/// ```
/// use std::num::NonZeroUsize;
///
/// let n = |n| NonZeroUsize::new(n).unwrap();
/// assert_eq!(pgn_judge::capped_jobs(n(100_000), n(2)), n(8));
/// ```
pub fn capped_jobs(requested: NonZeroUsize, cores: NonZeroUsize) -> NonZeroUsize {
    requested
        .min(cores.saturating_mul(JOBS_PER_CORE))
        .min(MAX_JOBS)
}

/// Judges every game of `input`, printing one line (or JSON object) per game to `out` and every
/// error to `diag`; the worst status is left in `diag`.
///
/// # Examples
///
/// ```
/// use pgn_judge::{Format, Options, run};
/// use toolkit_cli::{Diagnostics, Input};
///
/// let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let options = Options { format: Format::Pgn, ..Options::default() };
/// let (mut out, mut diag) = (Vec::new(), Diagnostics::new(Vec::new()));
/// run(Input::from_bytes(pgn), &options, &mut out, &mut diag)?;
/// assert_eq!(String::from_utf8(out).unwrap(), "1. A - B: Black Win; no Result tag\n");
/// # Ok::<_, std::io::Error>(())
/// ```
///
/// # Errors
///
/// A failure to write to `out`.
pub fn run<W: Write>(
    input: Input,
    options: &Options,
    out: &mut impl Write,
    diag: &mut Diagnostics<W>,
) -> io::Result<()> {
    let pgn = options.format == Format::Pgn;
    let tally = match options.format {
        Format::Judge => judge_format(input.lines(), options, out, diag)?,
        Format::Pgn => {
            let source = match Source::open(input) {
                Ok(source) => source,
                Err(err) => {
                    diag.error(&err);
                    return Ok(());
                }
            };
            let progress = Progress::new(options.progress, source.size);
            let style = Style {
                json: options.output == Output::Json,
                first_error: options.first_error,
                jobs: options.jobs,
                chunk_bytes: options.chunk_bytes,
            };
            let tally = parallel::judge_source(source, style, out, diag, &progress);
            progress.finish();
            tally?
        }
    };
    if options.summary {
        match options.output {
            Output::Json => json_line(out, &json::SummaryJson::new(&tally, pgn))?,
            Output::Text => {
                out.flush()?;
                diag.note(&SummaryText { tally: &tally, pgn });
            }
        }
    }
    Ok(())
}

fn judge_format<W: Write>(
    lines: Lines<impl io::BufRead>,
    options: &Options,
    out: &mut impl Write,
    diag: &mut Diagnostics<W>,
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    for game in games::read(lines) {
        let game = match game {
            Ok(game) => game,
            Err(err) => {
                out.flush()?;
                diag.error(&err);
                tally.errors += 1;
                continue;
            }
        };
        tally.judged(&game.judgement);
        let fault = game.fault.as_deref();
        match options.output {
            Output::Json => json_line(
                out,
                &json::JudgedGame::new(game.number, &game.judgement, fault),
            )?,
            Output::Text => writeln!(
                out,
                "{}",
                render::verdict_line(&game.judgement, fault, options.first_error)
            )?,
        }
    }
    Ok(tally)
}
