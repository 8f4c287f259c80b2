//! The command line: REPL, script files, `-e`, statements from a pipe, JSON Lines output.

use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::time::Duration;

use colored::Colorize;

use crate::lang::{Reply, Session};
use crate::repl;
use crate::syntax::source::{self, InvalidUtf8};

/// One input, in command-line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A script file.
    File(String),
    /// `-`: statements read from standard input.
    Stdin,
    /// `-e STMT`.
    Expr(String),
}

/// Parsed command-line options.
#[derive(Default, Debug)]
pub struct Options {
    /// Files, `-` and `-e` statements, run in the order given.
    pub inputs: Vec<Input>,
    /// `--set NAME=VALUE`, assigned before the inputs run.
    pub sets: Vec<(String, String)>,
    pub json: bool,
    pub keep_going: bool,
    pub print_limit: Option<usize>,
    pub force_repl: bool,
    pub echo: bool,
    pub unicode: bool,
    /// `--check`: the inputs are transcripts to check.
    pub check: bool,
    /// `--bless` (with `--check`): write the outputs printed now into the transcripts.
    pub bless: bool,
}

const USAGE: &str = "usage: cgcalc [OPTIONS] [FILE.cgt | - | -e STMT ...]

  cgcalc                 start the interactive calculator (REPL)
  cgcalc FILE.cgt        run a script; exit status 1 on an error or failed assert
  cgcalc -e 'STMT'       run statements given on the command line (repeatable)
  cgcalc a.cgt - b.cgt   `-` reads statements from standard input; files, `-` and -e
                         statements run in the order given, in one session
  ... | cgcalc           run statements read from standard input

options:
  --set NAME=VALUE       set variable NAME to the value of the expression VALUE before
                         anything runs (repeatable): script parameters, e.g. --set n=8
  --json                 print one JSON object per statement (JSON Lines):
                         {\"file\": ..., \"line\": N, \"input\": ..., \"output\": ...}; an error
                         has \"error\" (the full message), \"error_line\" and \"error_column\";
                         with `:time on`, \"time_ms\" is the evaluation time
  --unicode              print game values with ↑ ↓ ⋆ ± (input stays ASCII)
  --echo                 print each statement (as `> statement`) before its value, and
                         errors on standard output without their file and line: a
                         transcript, which --check reads
  --check FILE...        run each transcript (what --echo prints) in one session and
                         compare: a unified diff for each statement that prints otherwise,
                         then `N passed, M failed`; exit status 1 if any differ
  --check --bless FILE   write what the statements print now into the transcript, keeping
                         its comments and blank lines
  --keep-going           do not stop at the first error (exit status is still 1)
  --print-limit N        longest printed value in characters (0 = no limit; default 10000)
  -i, --interactive      start the REPL after the scripts and -e statements, with their
                         variables (also when a script failed)
  -h, --help             this text
  -V, --version          the version

exit status: 0 success, 1 an error or failed assert, 2 a bad option,
130 interrupted by Ctrl-C (SIGINT); a second Ctrl-C stops a script at once.
";

pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        match a.as_str() {
            "-e" | "--eval" => {
                i += 1;
                o.inputs.push(Input::Expr(
                    args.get(i).ok_or("-e needs a statement")?.clone(),
                ));
            }
            "--set" => {
                i += 1;
                let s = args.get(i).ok_or("--set needs NAME=VALUE")?;
                o.sets.push(parse_set(s)?);
            }
            s if s.starts_with("--set=") => o.sets.push(parse_set(&s["--set=".len()..])?),
            "-" => o.inputs.push(Input::Stdin),
            "--json" => o.json = true,
            "--keep-going" => o.keep_going = true,
            "--echo" => o.echo = true,
            "--check" => o.check = true,
            "--bless" => o.bless = true,
            "--unicode" => o.unicode = true,
            "-i" | "--interactive" => o.force_repl = true,
            "--print-limit" => {
                i += 1;
                let n = args.get(i).ok_or("--print-limit needs a number")?;
                o.print_limit = Some(
                    n.parse()
                        .map_err(|_| format!("--print-limit: `{n}` is not a number"))?,
                );
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            "-V" | "--version" => return Err(format!("cgcalc {}", env!("CARGO_PKG_VERSION"))),
            s if s.starts_with('-') && s.len() > 1 => {
                return Err(format!("unknown option `{s}`\n\n{USAGE}"));
            }
            _ => o.inputs.push(Input::File(a.clone())),
        }
        i += 1;
    }
    if o.bless && !o.check {
        return Err("--bless goes with --check: cgcalc --check --bless FILE".to_string());
    }
    if o.check && (o.inputs.is_empty() || o.inputs.iter().any(|x| !matches!(x, Input::File(_)))) {
        return Err("--check reads transcript files: cgcalc --check FILE...".to_string());
    }
    if o.inputs.iter().filter(|x| **x == Input::Stdin).count() > 1 {
        return Err("`-` (standard input) can be given only once".to_string());
    }
    Ok(o)
}

/// `NAME=VALUE` of `--set`: NAME must be a variable name.
fn parse_set(s: &str) -> Result<(String, String), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("--set needs NAME=VALUE, not `{s}`"))?;
    let name = name.trim();
    let ident = name
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !ident {
        return Err(format!("--set: `{name}` is not a variable name"));
    }
    if value.trim().is_empty() {
        return Err(format!("--set {name}=: the value is missing"));
    }
    Ok((name.to_string(), value.trim().to_string()))
}

/// Runs the program; returns the process exit status.
pub fn run(opts: Options) -> i32 {
    if opts.check {
        return run_check(&opts);
    }
    let mut session = Session::new();
    let status = run_all(&mut session, opts).unwrap_or_else(|e| {
        report_write_error(&e);
        1
    });
    // The process ends now: freeing a big arena one game at a time took seconds (a script
    // stopped by Ctrl-C after building millions of games exited 2 s after the error).
    std::mem::forget(session);
    // Output that could not be written fails the run, even when the statements it stopped
    // never came to print.
    if OUTPUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
        1
    } else {
        status
    }
}

/// Says on standard error that the output could not be written, unless the reader went away
/// (a closed pipe, as in `cgcalc script.cgt | head`): that needs no explanation.
pub fn report_write_error(e: &io::Error) {
    if e.kind() != io::ErrorKind::BrokenPipe {
        // If standard error fails too, there is nowhere left to say so.
        let _ = writeln!(io::stderr(), "cgcalc: cannot write output: {e}");
    }
}

/// `--check [--bless] FILE...`: each transcript in a session of its own; diffs and the
/// summary on standard output. Returns 1 when a statement printed otherwise (without
/// `--bless`) or a file could not be read or written.
fn run_check(opts: &Options) -> i32 {
    let (mut passed, mut failed, mut broken) = (0, 0, false);
    let mut out = io::stdout().lock();
    for input in &opts.inputs {
        let Input::File(path) = input else { continue };
        let text = match std::fs::read(path) {
            Ok(bytes) => match source::decode(&bytes) {
                Ok(t) => t,
                Err(e) => {
                    let _ = writeln!(
                        io::stderr(),
                        "cgcalc: {path}:{}:{}: not UTF-8",
                        e.line,
                        e.column
                    );
                    broken = true;
                    continue;
                }
            },
            Err(e) => {
                let _ = writeln!(io::stderr(), "cgcalc: cannot read {path}: {e}");
                broken = true;
                continue;
            }
        };
        let mut session = Session::new();
        session.set_stack_size(crate::STACK_SIZE);
        let r = crate::transcript::check(&mut session, path, &text);
        std::mem::forget(session);
        passed += r.passed;
        failed += r.failed;
        if opts.bless {
            if r.blessed != text {
                if let Err(e) = crate::lang::files::write_whole(path, r.blessed.as_bytes()) {
                    let _ = writeln!(io::stderr(), "cgcalc: cannot write {path}: {e}");
                    broken = true;
                    continue;
                }
                let _ = writeln!(
                    out,
                    "{path}: {} output{} rewritten",
                    r.failed,
                    if r.failed == 1 { "" } else { "s" }
                );
            }
        } else {
            let _ = write!(out, "{}", r.diffs);
        }
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    i32::from(broken || (failed > 0 && !opts.bless))
}

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: i32 = 130;

/// How the program ended its inputs.
enum Outcome {
    /// Everything ran (`ok`: without an error).
    Done(bool),
    /// Stopped by an error (with stop-at-first-error in force), `:quit` (`ok` as for `Done`)
    /// or Ctrl-C.
    Stopped(bool),
    /// `:quit` was given (`ok` as for `Done`): the REPL does not start, even with `-i`.
    Quit(bool),
    Interrupted,
}

/// Runs `--set`, the inputs in order, then the REPL or standard input. Returns the exit
/// status, or the error that stopped it writing the output.
fn run_all(session: &mut Session, opts: Options) -> io::Result<i32> {
    // `main` runs the calculator on a thread with this stack.
    session.set_stack_size(crate::STACK_SIZE);
    session.settings.unicode = opts.unicode;
    if let Some(n) = opts.print_limit {
        session.settings.print_limit = if n == 0 { usize::MAX } else { n };
    }
    if !io::stdout().is_terminal() {
        watch_stdout(session.stop_flag());
    }
    let mut printer = ReplyPrinter::new(opts.json);
    printer.echo = opts.echo;
    let stop = !opts.keep_going && !opts.json;
    let stdin = io::stdin();
    let interactive = opts.force_repl || (opts.inputs.is_empty() && stdin.is_terminal());
    // Ctrl-C cancels the running statement and ends a batch run with status 130 (a second
    // Ctrl-C ends it at once); before the REPL it only stops the scripts.
    interrupt_handler::install(if interactive {
        interrupt_handler::Mode::Repl
    } else {
        interrupt_handler::Mode::Batch
    });
    let outcome = run_inputs(session, &opts, &mut printer, stop)?;
    let ok = match outcome {
        Outcome::Interrupted if !opts.force_repl => return Ok(EXIT_INTERRUPTED),
        Outcome::Interrupted => false,
        Outcome::Quit(ok) => return Ok(i32::from(!ok)),
        Outcome::Stopped(ok) if !opts.force_repl => return Ok(i32::from(!ok)),
        Outcome::Stopped(ok) | Outcome::Done(ok) => ok,
    };
    if interactive {
        let repl_ok = repl::run(session);
        return Ok(i32::from(!(ok && repl_ok)));
    }
    Ok(i32::from(!ok))
}

/// Set once standard output is a pipe whose reader has gone away.
static OUTPUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Watches standard output on a thread of its own: when it is a pipe whose reader went away
/// (`cgcalc -e '...' | head -1`), the running statement is stopped through the interrupt
/// flag, no further statement runs and nothing more is printed, so the program exits at
/// once and quietly instead of computing output nobody reads.
fn watch_stdout(halt: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    #[cfg(unix)]
    {
        #[repr(C)]
        struct PollFd {
            fd: i32,
            events: i16,
            revents: i16,
        }
        unsafe extern "C" {
            fn poll(fds: *mut PollFd, nfds: std::ffi::c_ulong, timeout: i32) -> i32;
        }
        // POLLERR and POLLHUP have these values on Linux and the BSDs (macOS included).
        const POLLERR: i16 = 0x8;
        const POLLHUP: i16 = 0x10;
        let watcher = move || {
            loop {
                let mut fd = PollFd {
                    fd: 1,
                    events: 0,
                    revents: 0,
                };
                // SAFETY: one valid pollfd; with no events asked for, poll only reports an
                // error or hang-up of the descriptor (a pipe with no reader).
                let n = unsafe { poll(&mut fd, 1, 1000) };
                if n > 0 && fd.revents & (POLLERR | POLLHUP) != 0 {
                    OUTPUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
                    halt.store(true, std::sync::atomic::Ordering::Relaxed);
                    // pairs with the fence in `interrupt::begin_statement`: a statement
                    // starting now either sees `halt` or keeps this request
                    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
                    crate::game::interrupt::request_cancel();
                    return;
                }
                if n < 0 || fd.revents != 0 {
                    // an interrupted call, or a descriptor poll cannot watch: look again later
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
        };
        let _ = std::thread::Builder::new()
            .name("cgcalc-stdout".into())
            .spawn(watcher);
    }
    #[cfg(not(unix))]
    let _ = halt;
}

/// Assigns the `--set` variables, then runs the files, `-` and `-e` statements in order
/// (standard input when there are none and it is not a terminal).
fn run_inputs(
    session: &mut Session,
    opts: &Options,
    printer: &mut ReplyPrinter,
    stop: bool,
) -> io::Result<Outcome> {
    for (name, value) in &opts.sets {
        let src = format!("{name} = {value}");
        let origin = format!("--set {name}");
        let mut error = None;
        session.run_source(&src, &origin, true, &mut |r| {
            if let Some(e) = &r.error {
                error = Some(e.clone());
            }
        });
        if let Some(e) = error {
            printer.error_line(&e);
            return Ok(Outcome::Stopped(false));
        }
    }
    let stdin = io::stdin();
    let mut inputs = opts.inputs.clone();
    if inputs.is_empty() && !opts.force_repl && !stdin.is_terminal() {
        inputs.push(Input::Stdin);
    }
    let exprs = inputs
        .iter()
        .filter(|i| matches!(i, Input::Expr(_)))
        .count();
    let mut ok = true;
    let mut expr_no = 0;
    for input in &inputs {
        let (input_ok, quit) = match input {
            Input::File(path) => {
                let bytes = match crate::lang::files::read_script(path, || {
                    interrupt_handler::interrupted()
                }) {
                    Ok(b) => b,
                    Err(e @ crate::lang::files::ReadError::Cancelled) => {
                        printer.error_line(&format!("cgcalc: {}", e.message(path)));
                        return Ok(Outcome::Interrupted);
                    }
                    Err(e) => {
                        printer.error_line(&format!("cgcalc: {}", e.message(path)));
                        return Ok(Outcome::Stopped(false));
                    }
                };
                match source::decode(&bytes) {
                    Ok(src) => run_printed(session, &src, path, 1, stop, printer)?,
                    Err(e) => {
                        printer.print(&invalid_utf8_reply(&e, path, 1))?;
                        (false, false)
                    }
                }
            }
            Input::Stdin => (run_stream(session, stdin.lock(), printer, stop)?, false),
            Input::Expr(e) => {
                expr_no += 1;
                let origin = if exprs == 1 {
                    "-e".to_string()
                } else {
                    format!("-e#{expr_no}")
                };
                run_printed(session, e, &origin, 1, stop, printer)?
            }
        };
        ok &= input_ok;
        if interrupt_handler::interrupted() {
            return Ok(Outcome::Interrupted);
        }
        if quit {
            return Ok(Outcome::Quit(ok));
        }
        if !ok && stop {
            return Ok(Outcome::Stopped(ok));
        }
    }
    Ok(Outcome::Done(ok))
}

/// Runs `src`, text from line `first_line` of `origin`, printing each reply. Returns whether
/// every statement succeeded and whether `:quit` was given, or the first error writing the
/// output; the replies after that error are not printed.
pub(crate) fn run_printed(
    session: &mut Session,
    src: &str,
    origin: &str,
    first_line: usize,
    stop: bool,
    printer: &mut ReplyPrinter,
) -> io::Result<(bool, bool)> {
    let mut quit = false;
    let mut written = Ok(());
    let halt = session.stop_flag();
    let mut halted_here = false;
    let ok = session.run_source_at(src, origin, first_line, stop, &mut |r| {
        quit |= r.quit;
        if written.is_ok() {
            written = printer.print(r);
            if written.is_err() {
                // Nothing more can be shown: run no further statement.
                halt.store(true, Ordering::Relaxed);
            }
        }
        if interrupt_handler::interrupted() {
            // Ctrl-C ends a script even with --keep-going.
            halt.store(true, Ordering::Relaxed);
            halted_here = true;
        }
    });
    // The session goes on (into the REPL after `-i`) after a Ctrl-C, but a stop set by the
    // watcher of a closed output (`watch_stdout`) stays: clearing it unconditionally lost
    // one that came after the last reply was printed, and the next input ran on for ever.
    if written.is_ok() && halted_here && !OUTPUT_CLOSED.load(Ordering::Relaxed) {
        halt.store(false, Ordering::Relaxed);
    }
    written.map(|()| (ok, quit))
}

/// SIGINT (Ctrl-C): cancels the running statement through [`interrupt::request_cancel`].
pub(crate) mod interrupt_handler {
    use std::sync::atomic::{AtomicBool, Ordering};

    use crate::game::interrupt;

    /// How Ctrl-C is handled.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub(crate) enum Mode {
        /// Scripts, `-e`, standard input: the run ends with status 130; a second Ctrl-C
        /// before it does ends the process at once (for a computation that does not poll).
        Batch,
        /// The REPL: the statement stops, the session goes on.
        Repl,
    }

    static SEEN: AtomicBool = AtomicBool::new(false);
    static BATCH: AtomicBool = AtomicBool::new(false);

    /// Whether Ctrl-C was pressed since the handler was installed or [`clear`] was called.
    pub(crate) fn interrupted() -> bool {
        SEEN.load(Ordering::Relaxed)
    }

    /// Forgets an earlier Ctrl-C (the REPL, before each line).
    pub(crate) fn clear() {
        SEEN.store(false, Ordering::Relaxed);
    }

    #[cfg(unix)]
    pub(crate) fn install(mode: Mode) {
        extern "C" fn on_sigint(_sig: i32) {
            // Only atomics and `_exit`: both are async-signal-safe.
            if BATCH.load(Ordering::Relaxed) && SEEN.swap(true, Ordering::Relaxed) {
                // SAFETY: `_exit` ends the process without running any user-space code.
                unsafe { _exit(super::EXIT_INTERRUPTED) }
            }
            SEEN.store(true, Ordering::Relaxed);
            interrupt::request_cancel();
        }
        unsafe extern "C" {
            fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
            fn _exit(status: i32) -> !;
        }
        const SIGINT: i32 = 2;
        BATCH.store(mode == Mode::Batch, Ordering::Relaxed);
        SEEN.store(false, Ordering::Relaxed);
        // SAFETY: `signal` is the C library function; the handler is async-signal-safe.
        unsafe {
            signal(SIGINT, on_sigint);
        }
    }

    #[cfg(not(unix))]
    pub(crate) fn install(_mode: Mode) {}
}

/// The reply for input that is not UTF-8 (line `first_line` of `origin` is its first line).
fn invalid_utf8_reply(e: &InvalidUtf8, origin: &str, first_line: usize) -> Reply {
    Reply {
        input: e.line_text.trim().to_string(),
        output: None,
        error: Some(e.render_from_line(origin, first_line)),
        elapsed: Duration::ZERO,
        quit: false,
        timed: false,
        origin: origin.to_string(),
        line: e.line + first_line - 1,
        error_at: Some((e.line + first_line - 1, e.column)),
    }
}

/// Reads statements from a stream, one chunk per complete statement group (continuing while
/// brackets are open), and runs each as soon as it is complete. A line that is not UTF-8 is an
/// error, and the statement group it belongs to is not run. Returns whether everything
/// succeeded, or the error that stopped writing the output.
fn run_stream(
    session: &mut Session,
    mut input: impl BufRead,
    printer: &mut ReplyPrinter,
    stop: bool,
) -> io::Result<bool> {
    let mut ok = true;
    let mut chunk = String::new();
    // The chunk holds a line that was not UTF-8: it is skipped.
    let mut bad_chunk = false;
    let mut first_line = 1;
    let mut bytes = Vec::new();
    for line_no in 1.. {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                printer.error_line(&format!("cgcalc: cannot read standard input: {e}"));
                return Ok(false);
            }
        }
        let mut line = &bytes[..];
        if line_no == 1 {
            line = source::strip_bom(line);
        }
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        if chunk.is_empty() {
            first_line = line_no;
        }
        match source::validate(line) {
            Ok(text) => chunk.push_str(text),
            Err(e) => {
                printer.print(&invalid_utf8_reply(&e, "<stdin>", line_no))?;
                ok = false;
                if stop {
                    return Ok(false);
                }
                bad_chunk = true;
                chunk.push_str(&String::from_utf8_lossy(line));
            }
        }
        chunk.push('\n');
        if crate::lang::is_incomplete(&chunk) {
            continue;
        }
        if !bad_chunk {
            let (chunk_ok, quit) =
                run_printed(session, &chunk, "<stdin>", first_line, stop, printer)?;
            ok &= chunk_ok;
            if (!ok && stop) || quit {
                return Ok(ok);
            }
        }
        chunk.clear();
        bad_chunk = false;
    }
    if !bad_chunk && !chunk.trim().is_empty() {
        ok &= run_printed(session, &chunk, "<stdin>", first_line, stop, printer)?.0;
    }
    Ok(ok)
}

/// Prints replies as plain text or JSON Lines.
pub struct ReplyPrinter {
    json: bool,
    color: bool,
    /// Print `> input` before each value (plain mode).
    pub echo: bool,
    /// Show the output of `:help` a screenful at a time (the REPL, on a terminal).
    pub page_help: bool,
}

impl ReplyPrinter {
    pub fn new(json: bool) -> ReplyPrinter {
        let color = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        colored::control::set_override(color);
        ReplyPrinter {
            json,
            color,
            echo: false,
            page_help: false,
        }
    }

    /// Prints one reply: its value on standard output (or its JSON record), its error on
    /// standard error. Fails when standard output cannot be written.
    pub fn print(&mut self, r: &Reply) -> io::Result<()> {
        if OUTPUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
            // The reader went away; the statement was stopped for that, not by the user.
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        let mut out = io::stdout().lock();
        if self.json {
            writeln!(out, "{}", json_record(r))?;
            return out.flush();
        }
        if self.echo {
            // A transcript: the statement, then what --check compares with.
            if !r.input.is_empty() {
                writeln!(out, "> {}", visible(&r.input))?;
            }
            out.write_all(crate::transcript::echoed_text(r).as_bytes())?;
            return out.flush();
        }
        if let Some(o) = &r.output {
            let o = visible(o);
            let rows = terminal_rows();
            if self.page_help && is_help(&r.input) && o.lines().count() >= rows {
                drop(out);
                page(&o, rows.saturating_sub(1).max(1), &mut io::stdin().lock())?;
                out = io::stdout().lock();
            } else {
                writeln!(out, "{o}")?;
            }
        }
        if r.timed {
            writeln!(out, "({:.3} ms)", r.elapsed.as_secs_f64() * 1000.0)?;
        }
        out.flush()?;
        if let Some(e) = &r.error {
            self.error_line(e);
        }
        Ok(())
    }

    pub fn error_line(&self, e: &str) {
        let e = visible(e);
        let mut err = io::stderr().lock();
        if self.color {
            let _ = writeln!(err, "{}", e.red());
        } else {
            let _ = writeln!(err, "{e}");
        }
    }
}

/// Text as it may reach a terminal: control characters other than the newline and the tab
/// (ESC begins a terminal's command sequences, a carriage return overwrites the line) are
/// shown as Unicode's control pictures, one character each so that a caret under an echoed
/// line stays in place: U+2400 + code for C0 (`␛` for ESC), `␡` for DEL, and `�` for the C1
/// controls U+0080 to U+009F. Strings print their control characters as `\u{1b}` already.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let shown = |c: char| match c {
        '\n' | '\t' => None,
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32),
        '\u{7f}' => Some('\u{2421}'),
        '\u{80}'..='\u{9f}' => Some('\u{fffd}'),
        _ => None,
    };
    if !text.chars().any(|c| shown(c).is_some()) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.chars().map(|c| shown(c).unwrap_or(c)).collect()
}

/// Whether a statement is `:help` (or an alias), whose long pages the REPL shows a screenful
/// at a time.
fn is_help(input: &str) -> bool {
    let word = input.split_whitespace().next().unwrap_or("");
    matches!(word, ":help" | ":h" | ":?")
}

/// The height of the terminal on standard output (24 when it cannot be read).
pub fn terminal_rows() -> usize {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct WinSize {
            rows: u16,
            cols: u16,
            x: u16,
            y: u16,
        }
        unsafe extern "C" {
            fn ioctl(fd: i32, request: std::ffi::c_ulong, ...) -> i32;
        }
        const TIOCGWINSZ: std::ffi::c_ulong = 0x5413;
        let mut ws = WinSize {
            rows: 0,
            cols: 0,
            x: 0,
            y: 0,
        };
        // SAFETY: TIOCGWINSZ writes one `struct winsize` to the pointer.
        let r = unsafe { ioctl(1, TIOCGWINSZ, &mut ws as *mut WinSize) };
        if r == 0 && ws.rows > 1 {
            return usize::from(ws.rows);
        }
    }
    std::env::var("LINES")
        .ok()
        .and_then(|l| l.parse().ok())
        .filter(|&n: &usize| n > 1)
        .unwrap_or(24)
}

/// Prints `text` `screen` lines at a time, with `-- more --` between screens: Enter (or any
/// line) shows the next screen, `q` stops. Reads the answers from `keys`.
pub fn page(text: &str, screen: usize, keys: &mut impl BufRead) -> io::Result<()> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = io::stdout().lock();
    for (k, chunk) in lines.chunks(screen).enumerate() {
        if k > 0 {
            write!(out, "-- more -- (Enter: next page, q: stop) ")?;
            out.flush()?;
            let mut answer = String::new();
            if keys.read_line(&mut answer)? == 0 || answer.trim().eq_ignore_ascii_case("q") {
                writeln!(out)?;
                break;
            }
        }
        for l in chunk {
            writeln!(out, "{l}")?;
        }
    }
    out.flush()
}

/// The JSON Lines record of a reply: `file`, `line`, `input`, then `output` and/or `error`
/// (with `error_line` and `error_column` when the error has a position), and `time_ms` under
/// `:time on`.
pub fn json_record(r: &Reply) -> String {
    let mut line = String::from("{\"file\": ");
    json_string(&mut line, &r.origin);
    line.push_str(&format!(", \"line\": {}, \"input\": ", r.line));
    json_string(&mut line, &r.input);
    match (&r.error, &r.output) {
        (Some(e), o) => {
            // A loop that failed part way has printed lines before its error.
            if let Some(o) = o {
                line.push_str(", \"output\": ");
                json_string(&mut line, o);
            }
            line.push_str(", \"error\": ");
            json_string(&mut line, e);
            if let Some((l, c)) = r.error_at {
                line.push_str(&format!(", \"error_line\": {l}, \"error_column\": {c}"));
            }
        }
        (None, o) => {
            line.push_str(", \"output\": ");
            json_string(&mut line, o.as_deref().unwrap_or(""));
        }
    }
    if r.timed {
        line.push_str(&format!(
            ", \"time_ms\": {:.3}",
            r.elapsed.as_secs_f64() * 1000.0
        ));
    }
    line.push('}');
    line
}

/// Appends `s` as a JSON string literal.
pub fn json_string(out: &mut String, s: &str) {
    crate::calc::value::json_quote(out, s);
}
