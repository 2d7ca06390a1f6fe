//! Byte search for the short distances of PGN: a tag pair's name and value (`[Name "value"]`), a
//! comment (lichess's `{ [%clk 0:05:00] }`, after every move). `memchr`'s vector search pays a dispatch (an indirect call) and a
//! setup of some 15 cycles on every call, which is most of the work on a tag; here eight bytes
//! at a time are compared in a general-purpose register (SWAR), inlined in the caller.

use memchr::{memchr, memchr3};

/// How far the word search looks before handing the rest to `memchr`.
const SHORT: usize = 64;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` equal to `byte`, and perhaps of bytes above (more
/// significant than) such a byte, never below the first: the lowest bit set marks the first
/// equal byte exactly.
#[inline(always)]
fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The first `needle` in `text`, as [`memchr::memchr`].
#[inline]
pub fn byte(needle: u8, text: &[u8]) -> Option<usize> {
    let head = text.len().min(SHORT);
    let mut at = 0;
    while at + 8 <= head {
        let word = u64::from_le_bytes(text[at..at + 8].try_into().unwrap_or_default());
        let found = equal_bytes(word, needle);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    if let Some(found) = text[at..head].iter().position(|&x| x == needle) {
        return Some(at + found);
    }
    memchr(needle, &text[head..]).map(|found| head + found)
}

/// The first of `a`, `b` or `c` in `text`, as [`memchr::memchr3`].
#[inline]
pub fn any_of3(a: u8, b: u8, c: u8, text: &[u8]) -> Option<usize> {
    let head = text.len().min(SHORT);
    let mut at = 0;
    while at + 8 <= head {
        let word = u64::from_le_bytes(text[at..at + 8].try_into().unwrap_or_default());
        let found = equal_bytes(word, a) | equal_bytes(word, b) | equal_bytes(word, c);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    if let Some(found) = text[at..head]
        .iter()
        .position(|&x| x == a || x == b || x == c)
    {
        return Some(at + found);
    }
    memchr3(a, b, c, &text[head..]).map(|found| head + found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_same_as_memchr3(
            text in proptest::collection::vec(prop_oneof![0..8u8, any::<u8>()], 0..200),
            a in 0..8u8,
            b: u8,
            c in 0..8u8,
        ) {
            prop_assert_eq!(any_of3(a, b, c, &text), memchr3(a, b, c, &text));
            prop_assert_eq!(byte(b, &text), memchr(b, &text));
        }
    }

    #[test]
    fn bytes_next_to_a_match_and_at_the_ends() {
        // 0x01 after a 0x00 is where the word trick's borrow would show a false match.
        for len in 0..80 {
            for at in 0..len {
                let mut text = vec![b'x'; len];
                text[at] = b'"';
                if at > 0 {
                    text[at - 1] = 0;
                }
                assert_eq!(any_of3(b'"', 1, b']', &text), Some(at), "{len} {at}");
                assert_eq!(byte(b'"', &text), Some(at), "{len} {at}");
            }
            assert_eq!(any_of3(b'"', 1, b']', &vec![b'x'; len]), None);
        }
    }
}
