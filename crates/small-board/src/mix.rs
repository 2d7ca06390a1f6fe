//! SplitMix64 (Steele, Lea and Flood, 2014): the workspace's one 64-bit mixer. It makes the
//! Zobrist keys at compile time, hash tables spread their keys with [`mix64`], and tests and
//! benchmarks draw reproducible random numbers from [`splitmix64`] (through `test-support`).

/// The increment of the SplitMix64 sequence: 2^64 divided by the golden ratio, made odd.
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's finaliser: a bijection of `u64` in which every input bit affects every output
/// bit.
///
/// # Examples
///
/// ```
/// use small_board::mix::mix64;
///
/// assert_eq!(mix64(0), 0);
/// assert_ne!(mix64(1), mix64(2));
/// ```
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One step of the SplitMix64 sequence: the next state and the number it gives.
///
/// # Examples
///
/// ```
/// use small_board::mix::splitmix64;
///
/// // The first output from seed 0, as in the reference implementation.
/// assert_eq!(splitmix64(0).1, 0xe220_a839_7b1d_cdaf);
/// ```
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(GOLDEN_GAMMA);
    (state, mix64(state))
}
