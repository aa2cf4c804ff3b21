//! Checks of the workspace's shape that tests keep true: no import circle between the
//! top-level modules of a crate, and no source file longer than a limit.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    files_with(dir, "rs")
}

/// Every file under `dir` whose extension is `ext`, sorted.
pub fn files_with(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The files under `dir` that hold modules compiled for tests only: declared
/// `#[cfg(test)] mod name;` in their parent module (`name.rs` or `name/mod.rs` beside it, or
/// in the parent's own directory for a `mod.rs`, `lib.rs` or `main.rs`).
pub fn test_only_files(dir: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    for file in rust_files(dir) {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned());
        let parent = file.parent().unwrap_or(dir).to_path_buf();
        let module_dir = match stem.as_deref() {
            Some("mod" | "lib" | "main") | None => parent,
            Some(stem) => parent.join(stem),
        };
        let mut lines = text.lines().map(str::trim);
        while let Some(line) = lines.next() {
            if line != "#[cfg(test)]" {
                continue;
            }
            let Some(next) = lines.next() else { break };
            let Some(name) = next
                .strip_prefix("mod ")
                .and_then(|rest| rest.strip_suffix(';'))
            else {
                continue;
            };
            for candidate in [
                module_dir.join(format!("{name}.rs")),
                module_dir.join(name).join("mod.rs"),
            ] {
                if candidate.is_file() {
                    found.insert(candidate);
                }
            }
        }
    }
    found
}

/// The files under `dir` with extension `ext` that have more than `limit` lines, with
/// their line counts.
pub fn longer_than(dir: &Path, ext: &str, limit: usize) -> Vec<(PathBuf, usize)> {
    files_with(dir, ext)
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let lines = text.lines().count();
            (lines > limit).then_some((path, lines))
        })
        .collect()
}

/// The crate's top-level module a file of `src` belongs to (`<root>` for lib.rs/main.rs).
fn top_module(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap_or(file);
    let first = relative
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    match name.as_str() {
        "lib" | "main" => "<root>".to_string(),
        _ => name,
    }
}

/// The top-level modules a file's code names through `crate::` paths (comments and the
/// `#[cfg(test)] mod tests` at a file's end left out).
fn named_modules(text: &str) -> BTreeSet<String> {
    let code = text
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    let mut names = BTreeSet::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // `use crate::{a, b::c};` on one line.
                let group = group.split('}').next().unwrap_or_default();
                names.extend(group.split(',').filter_map(|item| ident(item.trim())));
            } else {
                names.extend(ident(rest));
            }
        }
    }
    names
}

/// The leading lower-case identifier of `text` (a module name), if any.
fn ident(text: &str) -> Option<String> {
    let name: String = text
        .chars()
        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
        .collect();
    let next = text[name.len()..].chars().next();
    (!name.is_empty() && next != Some('(')).then_some(name)
}

/// The import graph between the top-level modules of the crate whose sources are in `src`.
pub fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let tests = test_only_files(src);
    for file in rust_files(src).into_iter().filter(|f| !tests.contains(f)) {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let module = top_module(src, &file);
        let named = named_modules(&text);
        graph.entry(module.clone()).or_default().extend(
            named
                .into_iter()
                .filter(|name| *name != module && name != "self"),
        );
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for targets in graph.values_mut() {
        targets.retain(|t| modules.contains(t));
    }
    graph
}

/// The import circles between the top-level modules of the crate in `src`: each a set of
/// modules that all reach each other.
pub fn module_circles(src: &Path) -> Vec<Vec<String>> {
    let graph = module_graph(src);
    let reaches = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(m) = todo.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reaches(m))).collect();
    let mut circles: Vec<Vec<String>> = Vec::new();
    for (module, reached) in &reach {
        if !reached.contains(*module) || circles.iter().any(|c| c.contains(module)) {
            continue;
        }
        let circle: Vec<String> = reach
            .iter()
            .filter(|(other, back)| reached.contains(**other) && back.contains(*module))
            .map(|(other, _)| (*other).clone())
            .collect();
        circles.push(circle);
    }
    circles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_paths_name_their_top_module() {
        let text =
            "use crate::a::B;\nuse crate::{b, c::D};\n// crate::e\nfn f() { crate::g::h(); }\n";
        let names: Vec<String> = named_modules(text).into_iter().collect();
        assert_eq!(names, ["a", "b", "c", "g"]);
    }

    #[test]
    fn a_circle_is_found_and_a_chain_is_not() {
        let dir = std::env::temp_dir().join(format!("diplo-arch-{}", std::process::id()));
        let src = dir.join("src");
        std::fs::create_dir_all(src.join("b")).unwrap();
        std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
        std::fs::write(src.join("a.rs"), "use crate::b::X;\n").unwrap();
        std::fs::write(src.join("b/mod.rs"), "use crate::c::Y;\n").unwrap();
        std::fs::write(src.join("c.rs"), "pub struct Y;\n").unwrap();
        assert!(module_circles(&src).is_empty());
        std::fs::write(src.join("c.rs"), "use crate::a::Z;\n").unwrap();
        assert_eq!(module_circles(&src), vec![vec!["a", "b", "c"]]);
        // A test-only module may name anything.
        std::fs::write(src.join("c.rs"), "#[cfg(test)]\nmod tests;\n").unwrap();
        std::fs::create_dir_all(src.join("c")).unwrap();
        std::fs::write(src.join("c/tests.rs"), "use crate::a::Z;\n").unwrap();
        assert!(module_circles(&src).is_empty());
        let tests: Vec<PathBuf> = test_only_files(&src).into_iter().collect();
        assert_eq!(tests, vec![src.join("c/tests.rs")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
