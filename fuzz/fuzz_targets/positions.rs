//! Every game module's position syntax (boards, FEN, words, graphs, heaps, chess endgames):
//! the first byte picks a family (`cgcalc::fuzzing::families`, from the rulesets' registrations), the rest are its arguments
//! separated by NUL bytes. The constructor accepts or refuses them without a panic, and short
//! positions are valued in a session under small budgets (see `check_position`).
#![no_main]

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;

struct Worker {
    jobs: Sender<Vec<u8>>,
    results: Receiver<Result<(), String>>,
}

fn worker() -> &'static Mutex<Worker> {
    static W: OnceLock<Mutex<Worker>> = OnceLock::new();
    W.get_or_init(|| {
        let (jobs, job_rx) = channel::<Vec<u8>>();
        let (res_tx, results) = channel();
        std::thread::Builder::new()
            .stack_size(cgcalc::STACK_SIZE)
            .spawn(move || {
                let mut stats = cgcalc::fuzzing::EvalStats::default();
                let limits = cgcalc::fuzzing::Limits::fuzz();
                for src in job_rx {
                    let r = cgcalc::fuzzing::check_position(
                        &src,
                        cgcalc::STACK_SIZE,
                        &limits,
                        &mut stats,
                    );
                    let _ = res_tx.send(r);
                }
            })
            .expect("worker thread");
        Mutex::new(Worker { jobs, results })
    })
}

fuzz_target!(|data: &[u8]| {
    let src = data.to_vec();
    let w = worker().lock().unwrap();
    w.jobs.send(src).unwrap();
    if let Err(e) = w.results.recv().unwrap() {
        panic!("{e}");
    }
});
