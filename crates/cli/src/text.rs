//! User text inside a message: quoted as Rust's `{:?}` quotes it, and cut when it is long, so a
//! 10 MB token gives a one-line error, not a 10 MB one.

use std::{borrow::Cow, fmt};

/// The most characters of the user's text a message shows.
pub const MAX_QUOTED_CHARS: usize = 60;

/// Shows text the way `{:?}` does (`"Garry"`, with escapes), cut after [`MAX_QUOTED_CHARS`]
/// characters with `...` before the closing quote.
///
/// # Examples
///
/// ```
/// use toolkit_cli::Quoted;
///
/// assert_eq!(Quoted("9x").to_string(), "\"9x\"");
/// let long = "x".repeat(1000);
/// assert_eq!(Quoted(&long).to_string(), format!("\"{}...\"", "x".repeat(60)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        match text.char_indices().nth(MAX_QUOTED_CHARS) {
            None => write!(f, "{text:?}"),
            Some((cut, _)) => {
                let quoted = format!("{:?}", &text[..cut]);
                f.write_str(&quoted[..quoted.len() - 1])?;
                f.write_str("...\"")
            }
        }
    }
}

/// User text shown bare (no quotes), [`bare`], cut after [`MAX_QUOTED_CHARS`] characters with
/// `...`: for output formats that print a token bare (`Illegal Move at ply 3: Zz3`).
///
/// # Examples
///
/// ```
/// use toolkit_cli::text::cut;
///
/// assert_eq!(cut("Zz3"), "Zz3");
/// assert_eq!(cut(&"x".repeat(100)), format!("{}...", "x".repeat(60)));
/// assert_eq!(cut("Zz3\u{1b}[2J"), "Zz3\\u{1b}[2J");
/// ```
pub fn cut(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        None => bare(text),
        Some((end, _)) => Cow::Owned(format!("{}...", bare(&text[..end]))),
    }
}

/// User text shown as it is but for its control characters, escaped as `{:?}` escapes them
/// (`\u{1b}`, `\t`): text read from a file cannot move a terminal's cursor, change its colours
/// or break the output's lines.
///
/// # Examples
///
/// ```
/// use toolkit_cli::text::bare;
///
/// assert_eq!(bare("Gérry"), "Gérry");
/// assert_eq!(bare("A\u{1b}[31mB\tC"), "A\\u{1b}[31mB\\tC");
/// ```
pub fn bare(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_as_debug_does() {
        for text in ["", "e4", "G\u{e9}rry", "tab\there", "say \"hi\"", "it's"] {
            assert_eq!(Quoted(text).to_string(), format!("{text:?}"));
        }
        let sixty = "é".repeat(60);
        assert_eq!(Quoted(&sixty).to_string(), format!("{sixty:?}"));
    }

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        let text = "é".repeat(61);
        assert_eq!(
            Quoted(&text).to_string(),
            format!("\"{}...\"", "é".repeat(60))
        );
        let escaped = "\n".repeat(100);
        assert_eq!(
            Quoted(&escaped).to_string(),
            format!("\"{}...\"", "\\n".repeat(60))
        );
    }
}
