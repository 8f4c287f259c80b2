//! The history file: loaded when the REPL starts, appended to after each line, with a warning
//! (not an error) when that fails.

use std::io;
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::History;

/// The history file (`CGCALC_HISTORY`, else `~/.cgcalc_history`) and whether saving to it has
/// failed this session.
pub(super) struct HistoryFile {
    path: PathBuf,
    /// Appending failed and was reported once: later failures are not reported.
    append_failed: bool,
}

impl HistoryFile {
    pub(super) fn new(path: PathBuf) -> HistoryFile {
        HistoryFile {
            path,
            append_failed: false,
        }
    }

    /// Loads the file into `history`. A missing file is normal (the first session). Any other
    /// failure leaves `history` empty and returns the warning to show.
    pub(super) fn load(&self, history: &mut impl History) -> Option<String> {
        let e = match history.load(&self.path) {
            Ok(()) => return None,
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::NotFound => return None,
            Err(e) => e,
        };
        // Lines read before the error are dropped. Clearing the in-memory history cannot fail.
        history.clear().ok();
        Some(format!(
            "cgcalc: warning: cannot read history file {}: {e}; starting without history",
            self.path.display()
        ))
    }

    /// Appends the lines added to `history` since the last call. Returns the warning to show
    /// the first time this fails in the session, `None` otherwise.
    pub(super) fn append(&mut self, history: &mut impl History) -> Option<String> {
        let e = history.append(&self.path).err()?;
        if std::mem::replace(&mut self.append_failed, true) {
            return None;
        }
        Some(format!(
            "cgcalc: warning: cannot write history file {}: {e}; this session's lines may not \
             be saved",
            self.path.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::HistoryFile;
    use rustyline::history::{DefaultHistory, History};
    use std::path::PathBuf;

    /// A fresh scratch directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cgcalc-history-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn missing_history_file_is_no_warning() {
        let h = HistoryFile::new(scratch("missing").join("history"));
        let mut history = DefaultHistory::new();
        assert_eq!(h.load(&mut history), None);
        assert_eq!(history.len(), 0);
    }

    #[test]
    fn history_round_trip() {
        let path = scratch("round-trip").join("history");
        let mut h = HistoryFile::new(path.clone());
        let mut history = DefaultHistory::new();
        history.add("g = {0|1}").unwrap();
        assert_eq!(h.append(&mut history), None);
        history.add("g + g").unwrap();
        assert_eq!(h.append(&mut history), None);
        let mut again = DefaultHistory::new();
        assert_eq!(HistoryFile::new(path).load(&mut again), None);
        assert_eq!(again.len(), 2);
    }

    #[test]
    fn corrupt_history_file_is_a_warning_and_is_not_used() {
        let path = scratch("corrupt").join("history");
        std::fs::write(&path, b"#V2\n1+1\nbad \xff\n2+2\n").unwrap();
        let mut history = DefaultHistory::new();
        let warning = HistoryFile::new(path.clone()).load(&mut history);
        assert_eq!(
            warning,
            Some(format!(
                "cgcalc: warning: cannot read history file {}: stream did not contain valid \
                 UTF-8; starting without history",
                path.display()
            ))
        );
        assert_eq!(history.len(), 0, "nothing half-loaded");
    }

    #[test]
    fn unreadable_history_file_is_a_warning() {
        // A directory opens but cannot be read (tests run as root, so permissions would not
        // stop them).
        let path = scratch("unreadable");
        let warning = HistoryFile::new(path.clone()).load(&mut DefaultHistory::new());
        assert_eq!(
            warning,
            Some(format!(
                "cgcalc: warning: cannot read history file {}: Is a directory (os error 21); \
                 starting without history",
                path.display()
            ))
        );
    }

    #[test]
    fn unwritable_history_file_warns_once() {
        let path = scratch("unwritable").join("no-such-dir").join("history");
        let mut h = HistoryFile::new(path.clone());
        let mut history = DefaultHistory::new();
        history.add("1").unwrap();
        assert_eq!(
            h.append(&mut history),
            Some(format!(
                "cgcalc: warning: cannot write history file {}: No such file or directory \
                 (os error 2); this session's lines may not be saved",
                path.display()
            ))
        );
        history.add("2").unwrap();
        assert_eq!(h.append(&mut history), None, "warned once");
    }
}
