//! The command line: REPL, script files, `-e`, statements from a pipe, JSON Lines output.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

use colored::Colorize;

use crate::lang::parser;
use crate::lang::source::{self, InvalidUtf8};
use crate::lang::{Reply, Session};
use crate::repl;

/// Parsed command-line options.
#[derive(Default, Debug)]
pub struct Options {
    pub files: Vec<String>,
    pub exprs: Vec<String>,
    pub json: bool,
    pub keep_going: bool,
    pub print_limit: Option<usize>,
    pub force_repl: bool,
    pub echo: bool,
    pub unicode: bool,
}

const USAGE: &str = "usage: cgcalc [OPTIONS] [FILE.cgt ...]

  cgcalc                 start the interactive calculator (REPL)
  cgcalc FILE.cgt        run a script; exit status 1 on an error or failed assert
  cgcalc -e 'STMT'       run statements given on the command line (repeatable)
  ... | cgcalc           run statements read from standard input

options:
  --json                 print one JSON object per statement: {\"input\": ..., \"output\"|\"error\": ...}
  --unicode              print game values with ↑ ↓ ⋆ ± (input stays ASCII)
  --echo                 print each statement (as `> statement`) before its value
  --keep-going           do not stop at the first error (exit status is still 1)
  --print-limit N        longest printed value in characters (0 = no limit; default 10000)
  -i, --interactive      start the REPL after running files and -e statements
  -h, --help             this text
  -V, --version          the version
";

pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        match a.as_str() {
            "-e" | "--eval" => {
                i += 1;
                o.exprs
                    .push(args.get(i).ok_or("-e needs a statement")?.clone());
            }
            "--json" => o.json = true,
            "--keep-going" => o.keep_going = true,
            "--echo" => o.echo = true,
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
            _ => o.files.push(a.clone()),
        }
        i += 1;
    }
    Ok(o)
}

/// Runs the program; returns the process exit status.
pub fn run(opts: Options) -> i32 {
    let status = run_all(opts).unwrap_or_else(|e| {
        report_write_error(&e);
        1
    });
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
pub(crate) fn report_write_error(e: &io::Error) {
    if e.kind() != io::ErrorKind::BrokenPipe {
        // If standard error fails too, there is nowhere left to say so.
        let _ = writeln!(io::stderr(), "cgcalc: cannot write output: {e}");
    }
}

/// Runs files, `-e` statements, then the REPL or standard input. Returns the exit status, or
/// the error that stopped it writing the output.
fn run_all(opts: Options) -> io::Result<i32> {
    let mut session = Session::new();
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
    let mut ok = true;
    let stop = !opts.keep_going && !opts.json;
    for path in &opts.files {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                printer.error_line(&format!("cgcalc: cannot read `{path}`: {e}"));
                return Ok(1);
            }
        };
        let src = match source::decode(&bytes) {
            Ok(s) => s,
            Err(e) => {
                printer.print(&invalid_utf8_reply(&e, path, 1))?;
                ok = false;
                if stop {
                    return Ok(1);
                }
                continue;
            }
        };
        let (file_ok, quit) = run_printed(&mut session, &src, path, 1, stop, &mut printer)?;
        ok &= file_ok;
        if (!ok && stop) || quit {
            return Ok(i32::from(!ok));
        }
    }
    for (k, e) in opts.exprs.iter().enumerate() {
        let origin = if opts.exprs.len() == 1 {
            "-e".to_string()
        } else {
            format!("-e#{}", k + 1)
        };
        ok &= run_printed(&mut session, e, &origin, 1, stop, &mut printer)?.0;
        if !ok && stop {
            return Ok(1);
        }
    }
    let ran_something = !opts.files.is_empty() || !opts.exprs.is_empty();
    let stdin = io::stdin();
    if opts.force_repl || (!ran_something && stdin.is_terminal()) {
        let repl_ok = repl::run(&mut session);
        return Ok(i32::from(!(ok && repl_ok)));
    }
    if !ran_something {
        ok &= run_stream(&mut session, stdin.lock(), &mut printer, stop)?;
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
    let ok = session.run_source_at(src, origin, first_line, stop, &mut |r| {
        quit |= r.quit;
        if written.is_ok() {
            written = printer.print(r);
            if written.is_err() {
                // Nothing more can be shown: run no further statement.
                halt.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
    });
    written.map(|()| (ok, quit))
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
        if parser::is_incomplete(&chunk) {
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
}

impl ReplyPrinter {
    pub fn new(json: bool) -> ReplyPrinter {
        let color = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        colored::control::set_override(color);
        ReplyPrinter {
            json,
            color,
            echo: false,
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
            let mut line = String::from("{\"input\": ");
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
                }
                (None, o) => {
                    line.push_str(", \"output\": ");
                    json_string(&mut line, o.as_deref().unwrap_or(""));
                }
            }
            line.push('}');
            writeln!(out, "{line}")?;
            return out.flush();
        }
        if self.echo && !r.input.is_empty() {
            writeln!(out, "> {}", r.input)?;
        }
        if let Some(o) = &r.output {
            writeln!(out, "{o}")?;
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
        let mut err = io::stderr().lock();
        if self.color {
            let _ = writeln!(err, "{}", e.red());
        } else {
            let _ = writeln!(err, "{e}");
        }
    }
}

/// Appends `s` as a JSON string literal.
pub fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}
