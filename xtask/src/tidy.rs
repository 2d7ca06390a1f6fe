//! `cargo xtask tidy`: the structure checks rust-analyzer's `tidy` inspired, run by `test-all`.
//!
//! - **Modules depend one way.** In every crate under `crates/`, the top-level modules (`foo.rs`
//!   or `foo/`, with everything under it) must not import each other in a circle. An edge
//!   `a → b` is any `crate::b` path in `a`'s code (`use` lists included) or, in a top-level file,
//!   a `super::b` path. Unit tests (from the first `#[cfg(test)]` of a file) and the crate roots
//!   (`lib.rs`, `main.rs`) are not counted.
//! - **Modules stay readable.** No source file under `crates/*/src` passes [`MAX_LINES`] lines.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

use crate::cmd::Result;

/// The most lines one source file may have (the style guide: files mostly 100–1,000 lines).
pub const MAX_LINES: usize = 1000;

pub fn run() -> Result {
    let problems = check(Path::new("crates"))?;
    if problems.is_empty() {
        eprintln!("tidy: module graphs are acyclic, no file over {MAX_LINES} lines");
        Ok(())
    } else {
        Err(format!(
            "tidy found {}:\n  {}",
            problems.len(),
            problems.join("\n  ")
        ))
    }
}

/// Every problem under `crates`, one line each.
fn check(crates: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for krate in sorted_entries(crates)? {
        let src = krate.join("src");
        if !src.is_dir() {
            continue;
        }
        let files = rust_files(&src)?;
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for file in &files {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let lines = text.lines().count();
            if lines > MAX_LINES {
                problems.push(format!(
                    "{} has {lines} lines, more than {MAX_LINES}: split it by concept",
                    file.display()
                ));
            }
            let relative = file.strip_prefix(&src).unwrap_or(file);
            let Some(module) = top_module(relative) else {
                continue;
            };
            let top_level_file = relative.components().count() == 1;
            let deps = graph.entry(module.clone()).or_default();
            for dep in dependencies(&text, top_level_file) {
                if dep != module {
                    deps.insert(dep);
                }
            }
        }
        // Only edges to modules of this crate count (`crate::shakmaty` re-exports do not).
        let modules: BTreeSet<String> = graph.keys().cloned().collect();
        for deps in graph.values_mut() {
            deps.retain(|d| modules.contains(d));
        }
        for cycle in cycles(&graph) {
            problems.push(format!(
                "{}: modules import each other in a circle: {}",
                krate.display(),
                cycle.join(" → ")
            ));
        }
    }
    Ok(problems)
}

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    Ok(entries)
}

fn rust_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in sorted_entries(dir)? {
        if path.is_dir() {
            files.extend(rust_files(&path)?);
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(path);
        }
    }
    Ok(files)
}

/// The top-level module a file (relative to `src/`) belongs to; `None` for the crate roots
/// and binaries under `src/bin`.
fn top_module(relative: &Path) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    if relative.components().count() == 1 {
        let name = first.strip_suffix(".rs")?;
        return (!matches!(name, "lib" | "main")).then(|| name.to_owned());
    }
    (first != "bin").then(|| first.to_owned())
}

/// The modules a file's code names through `crate::` (and, in a top-level file, `super::`).
fn dependencies(text: &str, top_level_file: bool) -> BTreeSet<String> {
    let code = strip_comments_and_strings(text);
    let code = match code.find("#[cfg(test)]") {
        Some(i) => &code[..i],
        None => &code[..],
    };
    let mut deps = BTreeSet::new();
    let mut prefixes = vec!["crate"];
    if top_level_file {
        prefixes.push("super");
    }
    for prefix in prefixes {
        let mut rest = code;
        while let Some(i) = rest.find(prefix) {
            let before = rest[..i].chars().next_back();
            let after = rest[i + prefix.len()..].trim_start();
            rest = &rest[i + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            let Some(path) = after.strip_prefix("::") else {
                continue;
            };
            let path = path.trim_start();
            if let Some(group) = path.strip_prefix('{') {
                deps.extend(group_heads(group));
            } else if let Some(name) = identifier(path) {
                deps.insert(name.to_owned());
            }
        }
    }
    deps
}

/// The first identifier of each path in a `use` group (`a, b::{c, d}, e}` gives a, b, e).
fn group_heads(group: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut expect_head = true;
    let mut chars = group.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => expect_head = true,
            c if expect_head && depth == 0 && (c.is_alphabetic() || c == '_') => {
                if let Some(name) = identifier(&group[i..]) {
                    if name != "self" {
                        heads.push(name.to_owned());
                    }
                    for _ in 1..name.chars().count() {
                        chars.next();
                    }
                }
                expect_head = false;
            }
            _ => {}
        }
    }
    heads
}

fn identifier(text: &str) -> Option<&str> {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    (end > 0).then(|| &text[..end])
}

/// The code with comments, string and character literals blanked out (line structure kept),
/// so that `crate::x` in a doc comment or a message is not an import.
fn strip_comments_and_strings(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            i += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            out.extend(rest[..end].chars().filter(|&c| c == '\n'));
            i += end;
        } else if let Some(len) = raw_string_len(rest) {
            out.extend(rest[..len].chars().filter(|&c| c == '\n'));
            i += len;
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() {
                match rest.as_bytes()[j] {
                    b'\\' => j += 2,
                    b'"' => break,
                    _ => j += 1,
                }
            }
            let end = (j + 1).min(rest.len());
            out.extend(rest[..end].chars().filter(|&c| c == '\n'));
            i += end;
        } else if let Some(len) = char_literal_len(rest) {
            i += len;
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of a raw string literal (`r"..."`, `r#"..."#`) at the start of `text`.
fn raw_string_len(text: &str) -> Option<usize> {
    let body = text.strip_prefix('r')?;
    let hashes = body.len() - body.trim_start_matches('#').len();
    let open = &body[hashes..];
    open.strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = open[1..].find(&close)?;
    Some(1 + hashes + 1 + end + close.len())
}

/// The length of a character literal at the start of `text` (`'a'`, `'\n'`, `'\u{1F600}'`),
/// `None` for a lifetime.
fn char_literal_len(text: &str) -> Option<usize> {
    let body = text.strip_prefix('\'')?;
    let len = if body.starts_with('\\') {
        body.find('\'')? + 1
    } else {
        let c = body.chars().next()?;
        body[c.len_utf8()..]
            .starts_with('\'')
            .then_some(c.len_utf8() + 1)?
    };
    Some(len + 1)
}

/// One cycle (as a closed path) per strongly connected component with more than one module.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for start in graph.keys() {
        if seen.contains(start.as_str()) {
            continue;
        }
        if let Some(path) = path_back(graph, start) {
            seen.extend(
                path.iter()
                    .map(String::as_str)
                    .filter_map(|m| graph.get_key_value(m).map(|(k, _)| k.as_str())),
            );
            found.push(path);
        }
    }
    found
}

/// A shortest path from `start` back to itself, if any (breadth first).
fn path_back(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut parent: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(node).into_iter().flatten() {
            if next == start {
                // Walk the parents back from `node` to `start`, then close the circle.
                let mut path = vec![node.to_owned()];
                let mut at = node;
                while at != start {
                    at = parent[at];
                    path.push(at.to_owned());
                }
                path.reverse();
                path.push(start.to_owned());
                return Some(path);
            }
            if !parent.contains_key(next.as_str()) && next != start {
                parent.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_are_found_in_use_groups_and_paths() {
        let text = r#"
//! Uses crate::nothing in a doc comment.
use std::fmt;
use crate::{
    index::Squares,
    rules::{self, attacks},
    self as me,
};
use crate::value::Value;
fn f() -> crate::position::Kbnk { let s = "crate::fake"; let c = '{'; $crate::macro_only }
#[cfg(test)]
mod tests { use crate::later; }
"#;
        let deps: Vec<String> = dependencies(text, false).into_iter().collect();
        assert_eq!(deps, ["index", "position", "rules", "value"]);
        let deps: Vec<String> = dependencies("use super::{a, b};", true)
            .into_iter()
            .collect();
        assert_eq!(deps, ["a", "b"]);
        assert!(dependencies("use super::a;", false).is_empty());
    }

    #[test]
    fn a_cycle_is_reported_as_a_closed_path() {
        let graph: BTreeMap<String, BTreeSet<String>> = [
            ("file", &["table"][..]),
            ("table", &["generate"]),
            ("generate", &["file", "index"]),
            ("index", &[]),
        ]
        .into_iter()
        .map(|(m, deps)| (m.to_owned(), deps.iter().map(|d| (*d).to_owned()).collect()))
        .collect();
        assert_eq!(
            cycles(&graph),
            vec![vec!["file", "table", "generate", "file"]]
        );
        let acyclic: BTreeMap<String, BTreeSet<String>> =
            [("a".to_owned(), BTreeSet::from(["b".to_owned()]))].into();
        assert!(cycles(&acyclic).is_empty());
    }

    #[test]
    fn crate_roots_and_binaries_belong_to_no_module() {
        assert_eq!(top_module(Path::new("lib.rs")), None);
        assert_eq!(top_module(Path::new("main.rs")), None);
        assert_eq!(top_module(Path::new("bin/x.rs")), None);
        assert_eq!(top_module(Path::new("table.rs")).as_deref(), Some("table"));
        assert_eq!(
            top_module(Path::new("serve/api.rs")).as_deref(),
            Some("serve")
        );
    }
}
