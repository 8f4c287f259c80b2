//! The `cgcalc` binary: see `cgcalc --help`.

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match cgcalc::cli::parse_args(&args) {
        Ok(o) => o,
        Err(text) => {
            // --help and --version print to stdout and succeed; bad options fail.
            let ok = args
                .iter()
                .any(|a| matches!(a.as_str(), "-h" | "--help" | "-V" | "--version"));
            if ok {
                // Like any output: a reader that went away (`cgcalc --help | head -1`) or a
                // full disk ends the program with status 1 and, for the latter, a message.
                let mut out = std::io::stdout().lock();
                if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
                    cgcalc::cli::report_write_error(&e);
                    std::process::exit(1);
                }
                std::process::exit(0);
            }
            let _ = writeln!(std::io::stderr(), "cgcalc: {text}");
            std::process::exit(2);
        }
    };
    // Game recursion follows birthdays, which can be deep: run on a thread with a big stack.
    let worker = std::thread::Builder::new()
        .name("cgcalc".into())
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || cgcalc::cli::run(opts))
        .expect("spawn the evaluation thread");
    let code = worker.join().unwrap_or(101);
    std::process::exit(code);
}
