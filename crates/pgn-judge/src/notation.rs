//! The judge format's move notation: the statement's simplified algebraic notation, read as a
//! subset of SAN.
//!
//! | token | meaning |
//! |---|---|
//! | `e4` | a pawn to e4, by a push or a capture |
//! | `exd5`, `ed5` | a pawn from the e-file captures on d5 (the `x` is optional) |
//! | `e8=Q`, `e8Q`, `exd8=N` | a promotion; without a piece a pawn reaching the last rank becomes a queen |
//! | `Bc4`, `Qxf7`, `Qf7` | a piece move; `x` is optional, but when written the move must capture |
//! | `Nbd2`, `R1e2`, `Qh4e1` | disambiguation by file, rank or both |
//! | `0-0`, `O-O`, `0-0-0`, `O-O-O` | castling king side, queen side |
//!
//! Every token may end with `+` or `#`, then with one of `! ? !! ?? !? ?!`; suffixes are ignored.
//! Anything else (`e2e4`, `Pe4`, `ee4`, `Kx`) is not a move in this notation.

use std::{fmt, str::FromStr};

use shakmaty::{CastlingSide, File, Rank, Role, Square, san::San};

/// One move as written, before it is matched against the legal moves of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveToken {
    /// A piece or pawn move to a square.
    Normal {
        /// The moving piece: `K Q R B N`, or no letter for a pawn.
        role: Role,
        /// The origin file when written (`Nbd2`, `exd5`).
        file: Option<File>,
        /// The origin rank when written (`R1e2`).
        rank: Option<Rank>,
        /// Whether an `x` was written: the move must then capture.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece when written (`e8=N`).
        promotion: Option<Role>,
    },
    /// `0-0` / `O-O` (king side) or `0-0-0` / `O-O-O` (queen side).
    Castle(CastlingSide),
}

/// A token that is not a move in the judge format's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveTokenError {
    /// The token as written.
    pub token: String,
}

impl fmt::Display for ParseMoveTokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a move in algebraic notation", self.token)
    }
}

impl std::error::Error for ParseMoveTokenError {}

impl MoveToken {
    /// Parses one token of the judge format.
    ///
    /// # Examples
    ///
    /// ```
    /// use pgn_judge::MoveToken;
    /// use shakmaty::{CastlingSide, Role, Square};
    ///
    /// assert_eq!(MoveToken::from_ascii(b"O-O")?, MoveToken::Castle(CastlingSide::KingSide));
    /// let MoveToken::Normal { role, to, capture, .. } = MoveToken::from_ascii(b"Qxf7#")? else {
    ///     unreachable!()
    /// };
    /// assert_eq!((role, to, capture), (Role::Queen, Square::F7, true));
    /// assert!(MoveToken::from_ascii(b"e2e4").is_err());
    /// # Ok::<_, pgn_judge::ParseMoveTokenError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseMoveTokenError`] when the token is not a move in this notation.
    pub fn from_ascii(token: &[u8]) -> Result<MoveToken, ParseMoveTokenError> {
        MoveToken::read(token).ok_or_else(|| ParseMoveTokenError {
            token: String::from_utf8_lossy(token).into_owned(),
        })
    }

    /// [`MoveToken::from_ascii`] without the error's copy of the token: `None` for a token
    /// outside the notation (the judge's hot path, where such a token is just an Illegal Move).
    #[inline]
    pub fn read(token: &[u8]) -> Option<MoveToken> {
        parse(strip_suffixes(token))
    }

    /// The token for a SAN move read from a PGN file: the same fields, judged by the same rules.
    /// `None` for the SAN forms outside standard chess (drops like `Q@e4`, the null move `--`).
    pub fn from_san(san: &San) -> Option<MoveToken> {
        match *san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => Some(MoveToken::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            }),
            San::Castle(side) => Some(MoveToken::Castle(side)),
            San::Put { .. } | San::Null => None,
        }
        .filter(MoveToken::fits_notation)
    }

    /// The rules of the notation beyond its characters: a pawn names its origin file only to
    /// capture, from a neighbouring file (`exd5`, `ed5`; not `xd5`, `ee4`, `e2e4`); only a pawn
    /// promotes, to a queen, rook, bishop or knight.
    fn fits_notation(&self) -> bool {
        match *self {
            MoveToken::Castle(_) => true,
            MoveToken::Normal {
                role: Role::Pawn,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let origin = match file {
                    Some(from) => from.distance(to.file()) == 1,
                    None => !capture,
                };
                origin
                    && rank.is_none()
                    && promotion.is_none_or(|p| !matches!(p, Role::Pawn | Role::King))
            }
            MoveToken::Normal { promotion, .. } => promotion.is_none(),
        }
    }
}

impl FromStr for MoveToken {
    type Err = ParseMoveTokenError;

    fn from_str(s: &str) -> Result<MoveToken, ParseMoveTokenError> {
        MoveToken::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for MoveToken {
    /// Prints the token in SAN form: `Nbd2`, `exd5`, `e8=Q`, `Qxf7`, `O-O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveToken::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            MoveToken::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            MoveToken::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{}", file.char())?;
                }
                if let Some(rank) = rank {
                    write!(f, "{}", rank.char())?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(promotion) = promotion {
                    write!(f, "={}", promotion.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

/// The token without its check/mate suffix and its annotation: `+` or `#`, then one of
/// `!`, `?`, `!!`, `??`, `!?`, `?!`.
fn strip_suffixes(token: &[u8]) -> &[u8] {
    // The annotations are every glyph pair and single glyph.
    let mut rest = token;
    for _ in 0..2 {
        match rest {
            [head @ .., b'!' | b'?'] => rest = head,
            _ => break,
        }
    }
    match rest {
        [head @ .., b'+' | b'#'] => head,
        _ => rest,
    }
}

fn parse(token: &[u8]) -> Option<MoveToken> {
    // The common shapes first: `e4`, `Nf3`, `Nxe5`, `exd5`.
    let normal = |role, file, capture, to| MoveToken::Normal {
        role,
        file,
        rank: None,
        capture,
        to,
        promotion: None,
    };
    match *token {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            return Some(normal(Role::Pawn, None, false, square(f, r)));
        }
        [
            p @ (b'K' | b'Q' | b'R' | b'B' | b'N'),
            f @ b'a'..=b'h',
            r @ b'1'..=b'8',
        ] => {
            return Some(normal(role_of(p), None, false, square(f, r)));
        }
        [
            p @ (b'K' | b'Q' | b'R' | b'B' | b'N'),
            b'x',
            f @ b'a'..=b'h',
            r @ b'1'..=b'8',
        ] => {
            return Some(normal(role_of(p), None, true, square(f, r)));
        }
        [from @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] if from.abs_diff(f) == 1 => {
            return Some(normal(Role::Pawn, file_of(from), true, square(f, r)));
        }
        _ => {}
    }
    match token {
        b"0-0" | b"O-O" => return Some(MoveToken::Castle(CastlingSide::KingSide)),
        b"0-0-0" | b"O-O-O" => return Some(MoveToken::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    let (role, rest) = match token.first()? {
        &letter @ (b'K' | b'Q' | b'R' | b'B' | b'N') => {
            (Role::from_char(char::from(letter))?, &token[1..])
        }
        _ => (Role::Pawn, token),
    };
    // The promotion suffix (`=Q` or `Q`), pawns only.
    let (rest, promotion) = match rest {
        [head @ .., b'=', letter] | [head @ .., letter @ (b'Q' | b'R' | b'B' | b'N')]
            if role == Role::Pawn =>
        {
            let promotion = match letter {
                b'Q' | b'R' | b'B' | b'N' => Role::from_char(char::from(*letter))?,
                _ => return None,
            };
            (head, Some(promotion))
        }
        _ => (rest, None),
    };
    // The destination is always the last two characters.
    let [origin @ .., to_file, to_rank] = rest else {
        return None;
    };
    let to = Square::from_coords(file_of(*to_file)?, rank_of(*to_rank)?);
    let (origin, capture) = match origin {
        [head @ .., b'x'] => (head, true),
        _ => (origin, false),
    };
    let (file, rank) = match *origin {
        [] => (None, None),
        [c] if file_of(c).is_some() => (file_of(c), None),
        [c] if role != Role::Pawn => (None, Some(rank_of(c)?)),
        [f, r] if role != Role::Pawn => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    Some(MoveToken::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
    .filter(MoveToken::fits_notation)
}

/// The square of a file letter `a`-`h` and a rank digit `1`-`8`.
fn square(file: u8, rank: u8) -> Square {
    Square::from_coords(
        File::new(u32::from(file - b'a')),
        Rank::new(u32::from(rank - b'1')),
    )
}

/// The role of a piece letter `K`, `Q`, `R`, `B` or `N`.
fn role_of(letter: u8) -> Role {
    match letter {
        b'K' => Role::King,
        b'Q' => Role::Queen,
        b'R' => Role::Rook,
        b'B' => Role::Bishop,
        _ => Role::Knight,
    }
}

fn file_of(c: u8) -> Option<File> {
    (b'a'..=b'h')
        .contains(&c)
        .then(|| File::new(u32::from(c - b'a')))
}

fn rank_of(c: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&c)
        .then(|| Rank::new(u32::from(c - b'1')))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(token: &str) -> (Role, Option<File>, Option<Rank>, bool, Square, Option<Role>) {
        match token.parse::<MoveToken>() {
            Ok(MoveToken::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            }) => (role, file, rank, capture, to, promotion),
            other => panic!("{token}: {other:?}"),
        }
    }

    #[test]
    fn the_statements_forms() {
        assert_eq!(
            normal("e4"),
            (Role::Pawn, None, None, false, Square::E4, None)
        );
        assert_eq!(
            normal("Qf7"),
            (Role::Queen, None, None, false, Square::F7, None)
        );
        assert_eq!(
            normal("Qxf7#"),
            (Role::Queen, None, None, true, Square::F7, None)
        );
        assert_eq!(
            normal("ed5"),
            (Role::Pawn, Some(File::E), None, false, Square::D5, None)
        );
        assert_eq!(
            normal("exd5"),
            (Role::Pawn, Some(File::E), None, true, Square::D5, None)
        );
        for castle in ["0-0", "O-O", "O-O+", "0-0!?"] {
            assert_eq!(
                castle.parse(),
                Ok(MoveToken::Castle(CastlingSide::KingSide))
            );
        }
        assert_eq!(
            "0-0-0#".parse(),
            Ok(MoveToken::Castle(CastlingSide::QueenSide))
        );
    }

    #[test]
    fn extras_that_san_writers_produce() {
        assert_eq!(
            normal("Nbd2"),
            (Role::Knight, Some(File::B), None, false, Square::D2, None)
        );
        assert_eq!(
            normal("R1e2"),
            (Role::Rook, None, Some(Rank::First), false, Square::E2, None)
        );
        assert_eq!(
            normal("Qh4xe1+"),
            (
                Role::Queen,
                Some(File::H),
                Some(Rank::Fourth),
                true,
                Square::E1,
                None
            )
        );
        assert_eq!(
            normal("e8=Q"),
            (Role::Pawn, None, None, false, Square::E8, Some(Role::Queen))
        );
        assert_eq!(
            normal("dxe8N+!!"),
            (
                Role::Pawn,
                Some(File::D),
                None,
                true,
                Square::E8,
                Some(Role::Knight)
            )
        );
    }

    #[test]
    fn tokens_outside_the_notation() {
        for token in [
            "", "e2e4", "Pe4", "ee4", "xd5", "e9", "i4", "E4", "Kx", "K", "e8=K", "e8=", "Ne8=Q",
            "0-0-0-0", "O-0", "o-o", "e4+#", "e4!!!", "Qa1b2c3", "ae4", "e4 ",
        ] {
            assert!(token.parse::<MoveToken>().is_err(), "{token:?} parsed");
        }
    }

    #[test]
    fn display_round_trips() {
        for token in [
            "e4", "exd5", "Nbd2", "R1e2", "Qh4xe1", "e8=Q", "dxe8=N", "O-O", "O-O-O",
        ] {
            let parsed: MoveToken = token.parse().unwrap();
            assert_eq!(parsed.to_string(), token);
            assert_eq!(parsed.to_string().parse(), Ok(parsed));
        }
    }
}
