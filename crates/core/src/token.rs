//! Square names (`e4`) and UCI move tokens (`e2e4`, `e7e8q`), parsed with precise errors.
//!
//! A move token is first read by a fast path over its bytes that allocates nothing (atomic reads
//! millions a second); only a token it refuses goes through the precise reader, for the error.

use std::{error::Error, fmt, str::FromStr};

use shakmaty::{File, Rank, Role, Square};
use toolkit_cli::Quoted;

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text as given.
    pub input: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a square (expected a file a-h and a rank 1-8, like e4)",
            Quoted(&self.input)
        )
    }
}

impl Error for ParseSquareError {}

/// Parses a square name such as `e4` (lower-case file, then rank).
///
/// # Errors
///
/// [`ParseSquareError`] unless the text is exactly a file `a`–`h` followed by a rank `1`–`8`.
///
/// # Examples
///
/// ```
/// use chess_core::token::parse_square;
/// use shakmaty::Square;
///
/// assert_eq!(parse_square("e4"), Ok(Square::E4));
/// assert_eq!(parse_square("e9").unwrap_err().to_string(),
///            "\"e9\" is not a square (expected a file a-h and a rank 1-8, like e4)");
/// ```
pub fn parse_square(text: &str) -> Result<Square, ParseSquareError> {
    let error = || ParseSquareError {
        input: text.to_owned(),
    };
    let mut chars = text.chars();
    let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(error());
    };
    let file = File::from_char(f).ok_or_else(error)?;
    let rank = Rank::from_char(r).ok_or_else(error)?;
    Ok(Square::from_coords(file, rank))
}

/// A move written as two squares and an optional promotion letter: `e2e4`, `e7e8q`.
///
/// The token says nothing about legality; it only names squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciToken {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to.
    pub to: Square,
    /// The piece a pawn promotes to, when written.
    pub promotion: Option<Role>,
}

/// Why a move token could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseUciError {
    /// Not 4 or 5 characters.
    Length {
        /// The token as given.
        input: String,
    },
    /// One of the two squares is not a square.
    Square {
        /// The token as given.
        input: String,
        /// The square at fault.
        square: ParseSquareError,
    },
    /// The fifth character is not `q`, `r`, `b` or `n`.
    Promotion {
        /// The token as given.
        input: String,
        /// The character at fault.
        ch: char,
    },
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseUciError::Length { input } => write!(
                f,
                "move {} is not two squares and an optional promotion letter, like e2e4 or e7e8q",
                Quoted(input)
            ),
            ParseUciError::Square { input, square } => {
                write!(f, "move {}: {square}", Quoted(input))
            }
            ParseUciError::Promotion { input, ch } => write!(
                f,
                "move {}: promotion piece {ch:?} is not one of q, r, b, n",
                Quoted(input)
            ),
        }
    }
}

impl Error for ParseUciError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseUciError::Square { square, .. } => Some(square),
            _ => None,
        }
    }
}

impl FromStr for UciToken {
    type Err = ParseUciError;

    /// Parses `e2e4` or `e7e8q` (promotion letter in either case).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        read_fast(text.as_bytes()).map_or_else(|| read_precise(text), Ok)
    }
}

/// Reads a token without allocating; `None` for anything [`read_precise`] refuses.
fn read_fast(bytes: &[u8]) -> Option<UciToken> {
    let square = |f: u8, r: u8| {
        let file = f.checked_sub(b'a').filter(|&f| f < 8)?;
        let rank = r.checked_sub(b'1').filter(|&r| r < 8)?;
        Some(Square::from_coords(
            File::new(u32::from(file)),
            Rank::new(u32::from(rank)),
        ))
    };
    let (from, to) = match bytes {
        [a, b, c, d] | [a, b, c, d, _] => (square(*a, *b)?, square(*c, *d)?),
        _ => return None,
    };
    let promotion = match bytes.get(4).map(u8::to_ascii_lowercase) {
        None => None,
        Some(b'q') => Some(Role::Queen),
        Some(b'r') => Some(Role::Rook),
        Some(b'b') => Some(Role::Bishop),
        Some(b'n') => Some(Role::Knight),
        Some(_) => return None,
    };
    Some(UciToken {
        from,
        to,
        promotion,
    })
}

/// Reads a token character by character, saying exactly what is wrong.
fn read_precise(text: &str) -> Result<UciToken, ParseUciError> {
    // At most 6 characters are looked at, however long the text.
    let chars: Vec<char> = text.chars().take(6).collect();
    if !(4..=5).contains(&chars.len()) {
        return Err(ParseUciError::Length {
            input: text.to_owned(),
        });
    }
    let square = |pair: &[char]| {
        parse_square(&pair.iter().collect::<String>()).map_err(|square| ParseUciError::Square {
            input: text.to_owned(),
            square,
        })
    };
    let from = square(&chars[0..2])?;
    let to = square(&chars[2..4])?;
    let promotion = match chars.get(4) {
        None => None,
        Some(&ch) => match Role::from_char(ch.to_ascii_lowercase()) {
            Some(role @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(role),
            _ => {
                return Err(ParseUciError::Promotion {
                    input: text.to_owned(),
                    ch,
                });
            }
        },
    };
    Ok(UciToken {
        from,
        to,
        promotion,
    })
}

impl fmt::Display for UciToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        let t: UciToken = "e7e8q".parse().unwrap();
        assert_eq!(
            (t.from, t.to, t.promotion),
            (Square::E7, Square::E8, Some(Role::Queen))
        );
        assert_eq!(t.to_string(), "e7e8q");
        let t: UciToken = "g1f3".parse().unwrap();
        assert_eq!(t.promotion, None);
        assert_eq!(t.to_string(), "g1f3");
    }

    #[test]
    fn every_error_message() {
        let err = |s: &str| s.parse::<UciToken>().unwrap_err().to_string();
        assert_eq!(
            err("e9e4"),
            "move \"e9e4\": \"e9\" is not a square (expected a file a-h and a rank 1-8, like e4)"
        );
        assert_eq!(
            err("e2i4"),
            "move \"e2i4\": \"i4\" is not a square (expected a file a-h and a rank 1-8, like e4)"
        );
        assert_eq!(
            err("e2e"),
            "move \"e2e\" is not two squares and an optional promotion letter, like e2e4 or e7e8q"
        );
        assert_eq!(
            err("e7e8k"),
            "move \"e7e8k\": promotion piece 'k' is not one of q, r, b, n"
        );
        assert_eq!(
            parse_square("E4").unwrap_err().to_string(),
            "\"E4\" is not a square (expected a file a-h and a rank 1-8, like e4)"
        );
        assert!(parse_square("").is_err());
        assert!(parse_square("e44").is_err());
    }

    #[test]
    fn a_long_token_is_cut_in_the_message() {
        let token = "e".repeat(10 << 20);
        assert_eq!(
            token.parse::<UciToken>().unwrap_err().to_string(),
            format!(
                "move \"{}...\" is not two squares and an optional promotion letter, like e2e4 or e7e8q",
                "e".repeat(60)
            )
        );
    }

    #[test]
    fn fast_reader_agrees_with_the_precise_one() {
        let mut tokens = vec![String::new(), "e2e4".to_owned(), "é2e4".to_owned()];
        let alphabet = ["a", "h", "i", "A", "1", "8", "9", "0", "q", "Q", "k", "é"];
        for a in alphabet {
            for b in alphabet {
                tokens.push(format!("e2{a}{b}"));
                tokens.push(format!("{a}{b}e4"));
                tokens.push(format!("e7e8{a}"));
                tokens.push(format!("e7e8{a}{b}"));
            }
        }
        for token in tokens {
            assert_eq!(
                read_fast(token.as_bytes()),
                read_precise(&token).ok(),
                "{token:?}"
            );
        }
    }

    #[test]
    fn every_square_round_trips() {
        for sq in Square::ALL {
            assert_eq!(parse_square(&sq.to_string()), Ok(sq));
        }
    }
}
