//! Dev-only support for the workspace's tests and benchmark inputs (never a dependency of a
//! shipped crate):
//!
//! | item | what it is for |
//! |---|---|
//! | [`Rng`] | a seeded random generator, so every failure reproduces and every generated input is the same on every machine |
//! | [`stress`] | streaming a large hostile input through a tool and reading its peak memory |
//! | [`positions`] | random legal positions of the 7x7 board, of the task's material or any |
//!
//! # Examples
//!
//! ```
//! use test_support::Rng;
//!
//! let mut rng = Rng::new(7);
//! let roll = rng.below(6);
//! assert!(roll < 6);
//! assert_eq!(Rng::new(7).below(6), roll);
//! ```

#![warn(missing_docs)]

use small_board::mix::splitmix64;

pub mod positions;
pub mod stress;

/// SplitMix64 from a fixed seed: small, fast, and well mixed enough for test generators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// The generator starting from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    /// A number below `n` (the modulo bias, under `n / 2^64`, does not matter for tests).
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// An index below `n`.
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// One element of a non-empty slice.
    ///
    /// # Panics
    ///
    /// When `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// `true` with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_sequence_from_seed_zero() {
        // Steele, Lea and Flood's SplitMix64 from seed 0.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }
}
