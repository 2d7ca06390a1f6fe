//! The seed's Elo rules: ratings and game counts within the statement's bounds, the K factor, the
//! expected score and the rating after each outcome.
//!
//! | quantity | formula |
//! |---|---|
//! | expected score | E = 1 / (1 + 10^((R_opponent − R) / 400)) |
//! | K factor | 10 if R ≥ 2400; otherwise 40 if G < 30, else 20 |
//! | new rating | R' = R + K·(S − E), S = 1 (win), ½ (draw), 0 (loss) |
//!
//! FIDE's real rules differ in details (age, 2400 reached once); these are the seed's.
//!
//! # Rounding
//!
//! R' is printed rounded to the nearest integer, halves away from zero. An exact half never occurs:
//! E is rational only when the rating difference is a multiple of 400, and then K·(S − E) is an
//! integer (difference 0) or has a denominator 10^n + 1 ≥ 11 that K ∈ {10, 20, 40} cannot cancel.
//! Over every difference −4000..=4000, K·(S − E) stays at least 1.4·10⁻⁴ away from a half-integer,
//! far beyond the error of `f64` (about 10⁻¹²), so rounding the `f64` value is exact; a unit test
//! checks the margin exhaustively.

use std::{error::Error, fmt, str::FromStr};

use shakmaty::{ByColor, Color};

/// An Elo rating within the statement's bounds, 1000..=5000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(u16);

impl Rating {
    /// The lowest rating the statement allows.
    pub const MIN: Rating = Rating(1000);
    /// The highest rating the statement allows.
    pub const MAX: Rating = Rating(5000);

    /// The rating `value`, or `None` outside 1000..=5000.
    ///
    /// # Examples
    ///
    /// ```
    /// use elo::Rating;
    ///
    /// assert_eq!(Rating::try_new(1600).map(Rating::get), Some(1600));
    /// assert_eq!(Rating::try_new(999), None);
    /// ```
    pub fn try_new(value: i64) -> Option<Rating> {
        u16::try_from(value)
            .ok()
            .filter(|v| (Self::MIN.0..=Self::MAX.0).contains(v))
            .map(Rating)
    }

    /// The rating as a number.
    pub const fn get(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A player's lifetime number of games within the statement's bounds, 0..=10000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Games(u16);

impl Games {
    /// The most games the statement allows.
    pub const MAX: Games = Games(10000);

    /// The count `value`, or `None` outside 0..=10000.
    pub fn try_new(value: i64) -> Option<Games> {
        u16::try_from(value)
            .ok()
            .filter(|v| *v <= Self::MAX.0)
            .map(Games)
    }

    /// The count as a number.
    pub const fn get(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Games {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// How much one game can move a rating: 10, 20 or 40.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KFactor(u8);

impl KFactor {
    /// The seed's rule: 10 from 2400 on; below it 40 for fewer than 30 games, else 20.
    ///
    /// # Examples
    ///
    /// ```
    /// use elo::{Games, KFactor, Rating};
    ///
    /// let k = |r, g| KFactor::of(Rating::try_new(r).unwrap(), Games::try_new(g).unwrap()).get();
    /// assert_eq!((k(2399, 29), k(2399, 30), k(2400, 0)), (40, 20, 10));
    /// ```
    pub fn of(rating: Rating, games: Games) -> KFactor {
        if rating.get() >= 2400 {
            KFactor(10)
        } else if games.get() < 30 {
            KFactor(40)
        } else {
            KFactor(20)
        }
    }

    /// K as a number.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// The result of the game, from White's point of view: the order in which the seed prints the
/// three predictions. Parses from PGN's result tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-1`.
    WhiteLoses,
}

impl Outcome {
    /// The three outcomes in the seed's order: White wins, draw, White loses.
    pub const ALL: [Outcome; 3] = [Outcome::WhiteWins, Outcome::Draw, Outcome::WhiteLoses];

    /// The score S of `color` in this outcome: 1, 0.5 or 0.
    pub fn score(self, color: Color) -> f64 {
        let white = match self {
            Outcome::WhiteWins => 1.0,
            Outcome::Draw => 0.5,
            Outcome::WhiteLoses => 0.0,
        };
        color.fold_wb(white, 1.0 - white)
    }

    /// The PGN result token.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::WhiteLoses => "0-1",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A result token that is not `1-0`, `1/2-1/2` or `0-1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOutcomeError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for ParseOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "result {:?} is not one of 1-0, 1/2-1/2, 0-1", self.input)
    }
}

impl Error for ParseOutcomeError {}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        Outcome::ALL
            .into_iter()
            .find(|outcome| outcome.as_str() == s)
            .ok_or_else(|| ParseOutcomeError {
                input: s.to_owned(),
            })
    }
}

/// E = 1 / (1 + 10^((R_opponent − R) / 400)): the score `own` is expected to make against
/// `opponent`, between 0 and 1.
///
/// # Examples
///
/// ```
/// use elo::{Rating, expected_score};
///
/// let r = |v| Rating::try_new(v).unwrap();
/// assert_eq!(expected_score(r(2000), r(2000)), 0.5);
/// assert!((expected_score(r(2851), r(2792)) - 0.5841).abs() < 1e-4);
/// ```
pub fn expected_score(own: Rating, opponent: Rating) -> f64 {
    let difference = f64::from(opponent.get()) - f64::from(own.get());
    1.0 / (1.0 + 10f64.powf(difference / 400.0))
}

/// Rounds to the nearest integer, halves away from zero (`f64::round`). See the module docs for
/// why no value this crate rounds is near enough to a half for binary floating point to matter.
pub fn round_rating(exact: f64) -> i64 {
    // Ratings stay within about ±5100 here, far inside i64.
    exact.round() as i64
}

/// One player's side of the prediction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The player's colour.
    pub color: Color,
    /// The rating before the game.
    pub rating: Rating,
    /// The player's K factor.
    pub k: KFactor,
    /// The player's expected score E.
    pub expected: f64,
}

impl Prediction {
    /// The prediction for a player of `color` rated `rating` with `games` played, against an
    /// opponent rated `opponent`.
    pub fn new(color: Color, rating: Rating, games: Games, opponent: Rating) -> Prediction {
        Prediction {
            color,
            rating,
            k: KFactor::of(rating, games),
            expected: expected_score(rating, opponent),
        }
    }

    /// R' = R + K·(S − E) after `outcome`, unrounded. Not clamped to 1000..=5000.
    pub fn exact(&self, outcome: Outcome) -> f64 {
        f64::from(self.rating.get())
            + f64::from(self.k.get()) * (outcome.score(self.color) - self.expected)
    }

    /// The rating after `outcome` as printed: [`Prediction::exact`] rounded, halves away from zero.
    pub fn rounded(&self, outcome: Outcome) -> i64 {
        round_rating(self.exact(outcome))
    }
}

/// Both players' predictions for a game between `white` and `black` (rating and games each).
///
/// # Examples
///
/// ```
/// use elo::{Games, Outcome, Rating, predict};
///
/// let r = |v| Rating::try_new(v).unwrap();
/// let g = |v| Games::try_new(v).unwrap();
/// let p = predict((r(2851), g(1469)), (r(2792), g(1401)));
/// let white: Vec<i64> = Outcome::ALL.iter().map(|&o| p.white.rounded(o)).collect();
/// assert_eq!(white, [2855, 2850, 2845]);
/// ```
pub fn predict(white: (Rating, Games), black: (Rating, Games)) -> ByColor<Prediction> {
    ByColor {
        white: Prediction::new(Color::White, white.0, white.1, black.0),
        black: Prediction::new(Color::Black, black.0, black.1, white.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(value: i64) -> Rating {
        Rating::try_new(value).unwrap()
    }

    fn g(value: i64) -> Games {
        Games::try_new(value).unwrap()
    }

    /// The three rounded ratings of each player, White's first.
    fn table(white: (i64, i64), black: (i64, i64)) -> [[i64; 3]; 2] {
        let p = predict((r(white.0), g(white.1)), (r(black.0), g(black.1)));
        [p.white, p.black].map(|side| Outcome::ALL.map(|o| side.rounded(o)))
    }

    #[test]
    fn bounds() {
        assert_eq!(Rating::try_new(999), None);
        assert_eq!(Rating::try_new(1000), Some(Rating::MIN));
        assert_eq!(Rating::try_new(5000), Some(Rating::MAX));
        assert_eq!(Rating::try_new(5001), None);
        assert_eq!(Games::try_new(-1), None);
        assert_eq!(Games::try_new(0).map(Games::get), Some(0));
        assert_eq!(Games::try_new(10000), Some(Games::MAX));
        assert_eq!(Games::try_new(10001), None);
    }

    #[test]
    fn k_factor_boundaries() {
        let k = |rating, games| KFactor::of(r(rating), g(games)).get();
        assert_eq!(k(2399, 0), 40);
        assert_eq!(k(2399, 29), 40);
        assert_eq!(k(2399, 30), 20);
        assert_eq!(k(2399, 10000), 20);
        assert_eq!(k(2400, 0), 10);
        assert_eq!(k(2400, 29), 10);
        assert_eq!(k(2400, 30), 10);
        assert_eq!(k(1000, 29), 40);
        assert_eq!(k(5000, 0), 10);
    }

    /// Expected values from `xtask/oracles/elo/gen_fixtures.py` (exact decimal arithmetic).
    #[test]
    fn k_boundaries_move_the_rating_by_k() {
        assert_eq!(
            table((2399, 29), (2400, 0)),
            [[2419, 2399, 2379], [2395, 2400, 2405]]
        );
        assert_eq!(
            table((2399, 30), (2400, 10000)),
            [[2409, 2399, 2389], [2395, 2400, 2405]]
        );
        assert_eq!(
            table((1000, 0), (1000, 30)),
            [[1020, 1000, 980], [990, 1000, 1010]]
        );
    }

    #[test]
    fn equal_ratings_gain_and_lose_half_of_k() {
        let rating = r(1500);
        assert_eq!(expected_score(rating, rating), 0.5);
        assert_eq!(
            table((1500, 100), (1500, 100)),
            [[1510, 1500, 1490], [1490, 1500, 1510]]
        );
        assert_eq!(
            table((5000, 10000), (5000, 10000)),
            [[5005, 5000, 4995], [4995, 5000, 5005]]
        );
    }

    #[test]
    fn differences_beyond_400_points() {
        // 500 points: the favourite gains little and risks much. No clamping below 1000.
        assert_eq!(
            table((1200, 5), (1700, 5)),
            [[1238, 1218, 1198], [1662, 1682, 1702]]
        );
        // 4000 points, the extremes: E is 10^-10 away from 0 or 1.
        assert_eq!(
            table((1000, 0), (5000, 0)),
            [[1040, 1020, 1000], [4990, 4995, 5000]]
        );
        assert_eq!(
            table((5000, 0), (1000, 0)),
            [[5000, 4995, 4990], [1000, 1020, 1040]]
        );
        // Below 1000 after a loss.
        assert_eq!(table((1000, 0), (1000, 0))[0][2], 980);
    }

    #[test]
    fn the_seed_examples() {
        assert_eq!(
            table((1600, 60), (1200, 24)),
            [[1602, 1592, 1582], [1196, 1216, 1236]]
        );
        assert_eq!(
            table((2800, 1855), (2600, 2037)),
            [[2802, 2797, 2792], [2598, 2603, 2608]]
        );
        assert_eq!(
            table((2851, 1469), (2792, 1401)),
            [[2855, 2850, 2845], [2788, 2793, 2798]]
        );
    }

    #[test]
    fn expected_scores_add_up_to_one() {
        for (a, b) in [(1000, 5000), (2851, 2792), (1600, 1200), (2400, 2399)] {
            let sum = expected_score(r(a), r(b)) + expected_score(r(b), r(a));
            assert!((sum - 1.0).abs() < 1e-15, "{a} vs {b}: {sum}");
        }
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(round_rating(1591.5), 1592);
        assert_eq!(round_rating(1591.4999), 1591);
        assert_eq!(round_rating(-0.5), -1);
        assert_eq!(round_rating(995.5), 996);
    }

    /// Every rating difference, K and score: K·(S − E) never comes within 10⁻⁶ of a half-integer
    /// (the exact minimum, from the oracle, is 1.445·10⁻⁴ at a difference of 759 points), so
    /// rounding the `f64` value gives the exact answer.
    #[test]
    fn no_prediction_is_near_a_half() {
        let mut closest = f64::INFINITY;
        for difference in -4000..=4000 {
            let expected = 1.0 / (1.0 + 10f64.powf(f64::from(difference) / 400.0));
            for k in [10.0, 20.0, 40.0] {
                for score in [1.0, 0.5, 0.0] {
                    let change: f64 = k * (score - expected);
                    let distance = (change - change.floor() - 0.5).abs();
                    closest = closest.min(distance);
                }
            }
        }
        assert!(closest > 1e-6, "closest approach {closest}");
        assert!(
            (closest - 1.445e-4).abs() < 1e-6,
            "closest approach {closest}"
        );
    }

    #[test]
    fn outcomes_parse_from_pgn_tokens() {
        assert_eq!("1-0".parse(), Ok(Outcome::WhiteWins));
        assert_eq!("1/2-1/2".parse(), Ok(Outcome::Draw));
        assert_eq!("0-1".parse(), Ok(Outcome::WhiteLoses));
        assert_eq!(
            "draw".parse::<Outcome>().unwrap_err().to_string(),
            "result \"draw\" is not one of 1-0, 1/2-1/2, 0-1"
        );
        assert_eq!(Outcome::Draw.score(Color::Black), 0.5);
        assert_eq!(Outcome::WhiteWins.score(Color::Black), 0.0);
    }
}
