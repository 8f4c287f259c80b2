//! The `cgcalc` binary: see `cgcalc --help`.

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
                println!("{text}");
                std::process::exit(0);
            }
            eprintln!("cgcalc: {text}");
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
