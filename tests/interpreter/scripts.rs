//! Snapshot tests of the scripts in `scripts/` (and of the quick research scripts named in
//! [`RESEARCH`], snapshots `research-NAME`): each script runs through a fresh `Session`
//! (not stopping at errors) and its transcript — `> input` followed by the output or the
//! error — is compared with the accepted snapshot in `tests/interpreter/snapshots/`. Every line of the
//! accepted snapshots was checked by hand against the theory cited in the scripts.
//!
//! A second test requires every script except `*errors*.cgt` to run without any error or
//! failed assertion.

use std::path::{Path, PathBuf};

use cgcalc::lang::Session;

/// The research scripts that run in about a second (the others, such as dom6x6.cgt, run
/// for minutes and are checked by their own tests).
const RESEARCH: &[&str] = &["families.cgt", "rulesets.cgt"];

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "cgt"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out.extend(RESEARCH.iter().map(|name| dir.join("research").join(name)));
    out
}

/// The snapshot name of a script: its stem, `research-` in front for research scripts.
fn snapshot_name(path: &Path) -> String {
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    if path.parent().is_some_and(|p| p.ends_with("research")) {
        format!("research-{stem}")
    } else {
        stem
    }
}

/// Runs a script; returns its transcript and whether every statement succeeded.
fn run(path: &Path) -> (String, bool) {
    let src = std::fs::read_to_string(path).unwrap();
    let origin = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned();
    // Game recursion follows birthdays: use the binary's big stack.
    std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            let mut session = Session::new();
            session.set_stack_size(cgcalc::STACK_SIZE);
            let mut transcript = String::new();
            let ok = session.run_source(&src, &origin, false, &mut |r| {
                transcript.push_str("> ");
                transcript.push_str(&r.input);
                transcript.push('\n');
                if let Some(o) = &r.output {
                    transcript.push_str(o);
                    transcript.push('\n');
                }
                if let Some(e) = &r.error {
                    transcript.push_str(e);
                    transcript.push('\n');
                }
            });
            (transcript, ok)
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn script_transcripts_match_snapshots() {
    let all = scripts();
    assert!(!all.is_empty(), "no scripts/*.cgt found");
    for path in all {
        let name = snapshot_name(&path);
        let (transcript, _) = run(&path);
        insta::assert_snapshot!(name, transcript);
    }
}

#[test]
fn scripts_run_without_errors() {
    for path in scripts() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains("errors") {
            continue;
        }
        let (transcript, ok) = run(&path);
        assert!(ok, "{name} has errors or failed assertions:\n{transcript}");
    }
}
