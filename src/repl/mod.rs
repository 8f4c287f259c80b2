//! The interactive calculator: rustyline editing with history, completion of functions,
//! variables and meta commands, multi-line input while brackets are open, Ctrl-C to cancel a
//! line or a running computation, Ctrl-D to leave.

use std::cell::RefCell;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{Highlighter, MatchingBracketHighlighter};
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{CompletionType, Config, Context, Editor, Helper};

use crate::cli::{self, ReplyPrinter};
use crate::lang::{Session, commands, functions};
use crate::syntax::parser;

mod history;
use history::HistoryFile;

struct CgHelper {
    variables: Rc<RefCell<Vec<String>>>,
    /// Colours (hints grey, the bracket matching the one at the cursor blue); off under
    /// `NO_COLOR` or when the output is not a terminal.
    color: bool,
    brackets: MatchingBracketHighlighter,
    files: FilenameCompleter,
}

/// Lines longer than this (bytes) get no signature hint and no bracket highlighting.
/// rustyline calls the hinter and the highlighter after every key, and a shown hint or a
/// highlighted bracket makes it redraw the whole line: on a long line typed or pasted without
/// bracketed paste, each key cost time proportional to the line, so pasting grew
/// quadratically (200,000 characters took about 27 s).
const LONG_LINE: usize = 4096;

/// How far back (bytes) the signature hint looks for the open call.
const HINT_WINDOW: usize = 512;

/// The signature of the function whose call is open at the end of `line`, e.g. for
/// `x = cool({2|-1}, ` it is `cool(G, t)`, with the number of arguments typed so far. Only
/// the last [`HINT_WINDOW`] bytes are read, so a call opened further back gets no hint (the
/// cost per key stays bounded).
pub fn open_call(line: &str) -> Option<(&'static str, usize)> {
    let mut from = line.len().saturating_sub(HINT_WINDOW);
    while !line.is_char_boundary(from) {
        from += 1;
    }
    let mut depth = 0i32;
    let mut commas = 0usize;
    for (i, c) in line[from..].char_indices().rev() {
        let i = i + from;
        match c {
            ')' | ']' | '}' => depth += 1,
            '[' | '{' if depth > 0 => depth -= 1,
            '[' | '{' => return None,
            '(' if depth > 0 => depth -= 1,
            '(' => {
                let name: String = line[..i]
                    .chars()
                    .rev()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                let sig = functions::lookup(&name)?.signature();
                return Some((sig, commas));
            }
            ',' if depth == 0 => commas += 1,
            _ => {}
        }
    }
    None
}

impl Completer for CgHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        // File names after `:load ` and `:save `.
        let trimmed = line[..pos].trim_start();
        if [":load ", ":save "].iter().any(|c| trimmed.starts_with(c)) {
            return self.files.complete(line, pos, ctx);
        }
        let (start, pairs) = completions(&line[..pos], &self.variables.borrow());
        let pairs = pairs
            .into_iter()
            .map(|(display, replacement)| Pair {
                display,
                replacement,
            })
            .collect();
        Ok((start, pairs))
    }
}

/// Tab completion of the word that ends `before`: meta commands at the start of a line, else
/// the variables (and user functions), then the functions of the function table, then the
/// reserved words that are not functions. Returns where the word starts and (display,
/// replacement) pairs, in that order (rustyline lists them so).
pub fn completions(before: &str, variables: &[String]) -> (usize, Vec<(String, String)>) {
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '-'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &before[start..];
    let mut out = Vec::new();
    if let Some(prefix) = word.strip_prefix(':')
        && before.trim_start() == word
    {
        for c in commands::COMMANDS {
            if c.name.starts_with(prefix) {
                out.push((c.usage.to_string(), format!(":{} ", c.name)));
            }
        }
        return (start, out);
    }
    if word.is_empty() {
        return (start, out);
    }
    for v in variables {
        if v.starts_with(word) {
            out.push((v.to_string(), v.to_string()));
        }
    }
    for f in functions::all() {
        if f.name().starts_with(word) {
            out.push((f.signature().to_string(), format!("{}(", f.name())));
        }
    }
    // Reserved words that are not functions: on off over under dud true false assert.
    let constants = parser::RESERVED
        .iter()
        .copied()
        .filter(|w| functions::lookup(w).is_none());
    for v in constants {
        if v.starts_with(word) {
            out.push((v.to_string(), v.to_string()));
        }
    }
    (start, out)
}

impl Hinter for CgHelper {
    type Hint = String;

    /// While a call is open at the end of the line, show its signature: `cool(` → `  cool(G, t)`.
    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.len() > LONG_LINE {
            return None;
        }
        let (sig, _) = open_call(line)?;
        Some(format!("   {sig}"))
    }
}

impl Highlighter for CgHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> std::borrow::Cow<'l, str> {
        if self.color && line.len() <= LONG_LINE {
            self.brackets.highlight(line, pos)
        } else {
            std::borrow::Cow::Borrowed(line)
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> std::borrow::Cow<'h, str> {
        if self.color {
            std::borrow::Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            std::borrow::Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, line: &str, pos: usize, forced: bool) -> bool {
        self.color && line.len() <= LONG_LINE && self.brackets.highlight_char(line, pos, forced)
    }
}

/// Every line is accepted as typed: the loop in [`run`] reads the continuation lines of an
/// unfinished statement itself, under the `...` prompt (rustyline continues a buffer without
/// any prompt).
impl Validator for CgHelper {
    fn validate(&self, _ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(ValidationResult::Valid(None))
    }
}

impl Helper for CgHelper {}

fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CGCALC_HISTORY") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cgcalc_history"))
}

/// The prompt of a new statement.
pub const PROMPT: &str = "> ";
/// The prompt of a continuation line: a bracket, block or string is still open.
pub const CONTINUATION: &str = "... ";

/// The hint for a bare word that looks like a meta command typed without its colon (`quit`,
/// `exit`, `help`, ...), unless it names a variable.
pub fn bare_command_hint(line: &str, variables: &[String]) -> Option<String> {
    let word = line.trim();
    let command = match word {
        "quit" | "exit" | "q" | "bye" | "logout" => ":quit",
        "help" | "?" | "h" => ":help",
        "vars" => ":vars",
        "clear" => ":clear",
        _ => return None,
    };
    if variables.iter().any(|v| v == word) {
        return None;
    }
    Some(format!(
        "did you mean {command}? (meta commands start with a colon)"
    ))
}

/// Runs the REPL until `:quit` or Ctrl-D. Returns `true` (errors at the REPL do not fail it).
pub fn run(session: &mut Session) -> bool {
    session.interactive = true;
    // Ctrl-C while a computation runs sets the cancellation flag; the computation unwinds at
    // its next poll and the REPL keeps its state. (While a line is edited, rustyline reads
    // Ctrl-C as a key and we get `Interrupted` instead.)
    cli::interrupt_handler::install(cli::interrupt_handler::Mode::Repl);
    let config = Config::builder()
        .auto_add_history(false)
        .max_history_size(10_000)
        .map(|b| b.completion_type(CompletionType::List).build());
    let config = config.unwrap_or_default();
    let mut editor: Editor<CgHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "cgcalc: cannot start the line editor: {e}"
            );
            return false;
        }
    };
    let variables = Rc::new(RefCell::new(session.variable_names()));
    let color = std::io::IsTerminal::is_terminal(&std::io::stdout())
        && std::env::var_os("NO_COLOR").is_none();
    editor.set_helper(Some(CgHelper {
        variables: variables.clone(),
        color,
        brackets: MatchingBracketHighlighter::new(),
        files: FilenameCompleter::new(),
    }));
    let mut history = history_path().map(HistoryFile::new);
    if let Some(h) = &history
        && let Some(warning) = h.load(editor.history_mut())
    {
        let _ = writeln!(std::io::stderr(), "{warning}");
    }
    let banner = writeln!(
        std::io::stdout(),
        "cgcalc {} — combinatorial games calculator. `:help` for help, Ctrl-D to quit.",
        env!("CARGO_PKG_VERSION")
    );
    if let Err(e) = banner {
        cli::report_write_error(&e);
        return false;
    }
    let mut printer = ReplyPrinter::new(false);
    printer.page_help = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let mut count = 0usize;
    // The statement typed so far, while brackets, blocks or strings are open.
    let mut pending = String::new();
    loop {
        let prompt = if pending.is_empty() {
            PROMPT
        } else {
            CONTINUATION
        };
        match editor.readline(prompt) {
            Ok(line) => {
                if pending.is_empty() && line.trim().is_empty() {
                    continue;
                }
                pending.push_str(&line);
                pending.push('\n');
                if crate::lang::is_incomplete(&pending) {
                    continue;
                }
                let text = std::mem::take(&mut pending);
                let text = text.trim_end_matches('\n');
                // The whole statement is one history entry (Up recalls the block).
                let _ = editor.add_history_entry(text);
                if let Some(h) = &mut history
                    && let Some(warning) = h.append(editor.history_mut())
                {
                    let _ = writeln!(std::io::stderr(), "{warning}");
                }
                if let Some(hint) = bare_command_hint(text, &variables.borrow()) {
                    printer.error_line(&hint);
                    continue;
                }
                count += 1;
                let origin = format!("<repl:{count}>");
                cli::interrupt_handler::clear();
                let printed = cli::run_printed(session, text, &origin, 1, false, &mut printer);
                *variables.borrow_mut() = session.variable_names();
                match printed {
                    Ok((_, true)) => break,
                    Ok(_) => {}
                    Err(e) => {
                        cli::report_write_error(&e);
                        return false;
                    }
                }
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C drops the line being typed, and the unfinished statement.
                pending.clear();
                if let Err(e) = writeln!(std::io::stdout(), "^C") {
                    cli::report_write_error(&e);
                    return false;
                }
            }
            Err(ReadlineError::Eof) if !pending.is_empty() => {
                // Ctrl-D inside an unfinished statement drops it, and a second one leaves.
                pending.clear();
                let _ = writeln!(std::io::stderr(), "(unfinished statement dropped)");
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "cgcalc: {e}");
                break;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{bare_command_hint, completions, open_call};

    #[test]
    fn completion_lists_variables_before_functions() {
        let vars = vec!["cooling".to_string(), "x".to_string()];
        let (start, c) = completions("y = coo", &vars);
        assert_eq!(start, 4);
        let shown: Vec<&str> = c.iter().map(|(d, _)| d.as_str()).collect();
        assert_eq!(shown[0], "cooling", "{shown:?}");
        assert!(shown.contains(&"cool(G, t)"), "{shown:?}");
        let (_, c) = completions(":he", &vars);
        assert_eq!(c[0].1, ":help ");
    }

    #[test]
    fn bare_command_words_get_a_hint() {
        let hint = bare_command_hint(" quit ", &[]).unwrap();
        assert!(hint.starts_with("did you mean :quit?"), "{hint}");
        assert!(bare_command_hint("exit", &[]).unwrap().contains(":quit"));
        assert!(bare_command_hint("help", &[]).unwrap().contains(":help"));
        // A variable of that name is printed as usual.
        assert_eq!(bare_command_hint("help", &["help".to_string()]), None);
        assert_eq!(bare_command_hint("quit + 1", &[]), None);
    }

    #[test]
    fn signature_hints_follow_the_open_call() {
        assert_eq!(open_call("cool("), Some(("cool(G, t)", 0)));
        assert_eq!(open_call("x = cool({2|-1}, "), Some(("cool(G, t)", 1)));
        assert_eq!(open_call("heat(cool(^, 1), "), Some(("heat(G, t)", 1)));
        assert_eq!(open_call("cool(^, 1)"), None);
        assert_eq!(open_call("{0|"), None);
        assert_eq!(open_call("(1 + "), None);
        assert_eq!(open_call("dom(3"), Some(("dom(m, n)", 0)));
    }

    #[test]
    fn signature_hints_read_a_bounded_tail_of_the_line() {
        // A pasted line costs a bounded amount per key: the open call is looked for in the
        // last HINT_WINDOW bytes only.
        let long = format!("cool({}", "0+".repeat(super::HINT_WINDOW));
        assert_eq!(open_call(&long), None);
        let near = format!("{}cool(*, ", "0+".repeat(10 * super::HINT_WINDOW));
        assert_eq!(open_call(&near), Some(("cool(G, t)", 1)));
        // A window that starts inside a multi-byte character.
        let wide = format!("{}cool(", "↑".repeat(super::HINT_WINDOW));
        assert_eq!(open_call(&wide), Some(("cool(G, t)", 0)));
    }
}
