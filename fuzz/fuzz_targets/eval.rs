//! The evaluator: any text runs as statements in a fresh session with small search budgets
//! and a one-second watchdog; no statement may fail with an internal error (a panic) and
//! nothing may hang. Statements run on one worker thread with the calculator's big stack.
#![no_main]

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;

struct Worker {
    jobs: Sender<String>,
    results: Receiver<Result<(), String>>,
}

fn worker() -> &'static Mutex<Worker> {
    static W: OnceLock<Mutex<Worker>> = OnceLock::new();
    W.get_or_init(|| {
        let (jobs, job_rx) = channel::<String>();
        let (res_tx, results) = channel();
        std::thread::Builder::new()
            .stack_size(cgcalc::STACK_SIZE)
            .spawn(move || {
                let mut stats = cgcalc::fuzzing::EvalStats::default();
                let limits = cgcalc::fuzzing::Limits::fuzz();
                for src in job_rx {
                    let r =
                        cgcalc::fuzzing::check_eval(&src, cgcalc::STACK_SIZE, &limits, &mut stats);
                    let _ = res_tx.send(r);
                }
            })
            .expect("worker thread");
        Mutex::new(Worker { jobs, results })
    })
}

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data).into_owned();
    let w = worker().lock().unwrap();
    w.jobs.send(src).unwrap();
    if let Err(e) = w.results.recv().unwrap() {
        panic!("{e}");
    }
});
