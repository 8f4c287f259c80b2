//! The layers of ARCHITECTURE.md, checked on the sources (as rust-analyzer's tidy tests do):
//! a module imports only the layers below it, and the interpreter names no ruleset except
//! through the registry's entry point.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first, with the top-level modules each may use besides itself.
const LAYERS: &[(&str, &[&str])] = &[
    ("game", &[]),
    ("syntax", &["game"]),
    ("analysis", &["game"]),
    ("search", &["game", "analysis"]),
    ("calc", &["game", "syntax", "analysis", "search"]),
    (
        "rulesets",
        &["game", "syntax", "analysis", "search", "calc"],
    ),
    (
        "lang",
        &["game", "syntax", "analysis", "search", "calc", "rulesets"],
    ),
];

/// The modules above the layers.
const TOP: &[&str] = &["repl", "cli", "fuzzing", "transcript"];

/// The one file of `lang/` that may name `rulesets` (the registry, `rulesets::ALL`).
const REGISTRY_READER: &str = "src/lang/functions.rs";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a source text names as `crate::NAME`, outside comments.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // `crate::function!` is calc's row macro, exported at the crate root.
            let name = if name == "function" {
                "calc".to_string()
            } else {
                name
            };
            found.push((n + 1, name));
            rest = after;
        }
    }
    found
}

#[test]
fn each_layer_imports_only_the_layers_below() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    for (layer, below) in LAYERS {
        let mut files = Vec::new();
        rust_files(&root.join(layer), &mut files);
        assert!(!files.is_empty(), "no sources in src/{layer}");
        for file in files {
            let text = fs::read_to_string(&file).expect("source");
            let shown = file
                .strip_prefix(root.parent().unwrap())
                .unwrap()
                .display()
                .to_string();
            for (line, name) in crate_paths(&text) {
                // Items of the crate root (`crate::STACK_SIZE`) belong to no layer.
                let module = LAYERS.iter().any(|(l, _)| *l == name) || TOP.contains(&name.as_str());
                let allowed = name == *layer || below.contains(&name.as_str()) || !module;
                let registry_only =
                    *layer == "lang" && name == "rulesets" && shown != REGISTRY_READER;
                if !allowed || registry_only {
                    wrong.push(format!("{shown}:{line}: src/{layer} uses crate::{name}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "layer violations:\n{}", wrong.join("\n"));
}

#[test]
fn the_checker_sees_paths_outside_comments_only() {
    let text = "use crate::game::Arena; // crate::lang\n/// [`crate::lang::x`]\nlet a = crate::search::x();";
    let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["game", "search"]);
}
