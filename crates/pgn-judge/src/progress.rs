//! The progress bar of a long run, on stderr (drawn only when asked, i.e. when stderr is a
//! terminal): bytes of the input read (with the percentage when its size is known), games and
//! moves judged per second.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar, or nothing when hidden.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    /// A bar over an input of `size` bytes (a spinner when unknown); hidden unless `shown`.
    pub fn new(shown: bool, size: Option<u64>) -> Progress {
        let bar = shown.then(|| {
            let (bar, template) = match size {
                Some(size) => (
                    ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr()),
                    "{bar:20} {bytes}/{total_bytes} {percent}% {msg}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                    "{spinner} {bytes} read {msg}",
                ),
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
        }
    }

    /// Shows how far the run is: input bytes read, games and moves judged so far.
    pub fn update(&self, read: u64, games: u64, moves: u64) {
        let Some(bar) = &self.bar else { return };
        let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
        bar.set_position(read);
        bar.set_message(format!(
            "{} games/s, {} moves/s",
            si(games as f64 / seconds),
            si(moves as f64 / seconds)
        ));
    }

    /// Runs `f` (which writes to stderr) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `12.3 k`, `4.56 M`: a rate in few digits.
fn si(value: f64) -> String {
    match value {
        v if v >= 1e6 => format!("{:.2} M", v / 1e6),
        v if v >= 1e3 => format!("{:.1} k", v / 1e3),
        v => format!("{v:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_in_few_digits() {
        assert_eq!(si(5.0), "5");
        assert_eq!(si(12_345.0), "12.3 k");
        assert_eq!(si(4_560_000.0), "4.56 M");
    }

    #[test]
    fn a_hidden_bar_does_nothing() {
        let progress = Progress::new(false, Some(10));
        progress.update(5, 1, 1);
        assert_eq!(progress.suspend(|| 3), 3);
        progress.finish();
    }
}
