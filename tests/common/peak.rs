//! Peak resident memory of a child process, for the tests and the limits bench (benches
//! include this file by path): `ru_maxrss` of that child alone, from `wait4`.

/// What [`peak_run`] reports: the exit status (`None`: killed by a signal, as by an
/// abort), standard output and error, and the child's peak resident memory in bytes.
pub struct PeakRun {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub peak: u64,
}

/// Runs `cmd` (standard input empty, `NO_COLOR` set) and measures its peak resident set:
/// `ru_maxrss` of that child alone, from `wait4` (the test process's own memory and its other
/// children do not count).
// The child is reaped by `wait4`, which std does not know about.
#[allow(clippy::zombie_processes)]
pub fn peak_run(cmd: &mut std::process::Command) -> PeakRun {
    use std::io::Read;
    use std::process::Stdio;
    #[repr(C)]
    struct Rusage {
        times: [i64; 4],
        longs: [i64; 14],
    }
    unsafe extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
    }
    let mut child = cmd
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the command");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let mut stdout = String::new();
    let _ = child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut stdout);
    let stderr = reader.join().expect("stderr reader");
    let (mut status, pid) = (0i32, child.id() as i32);
    let mut usage = Rusage {
        times: [0; 4],
        longs: [0; 14],
    };
    // SAFETY: `pid` is this test's child, not reaped yet (std reaps only in its own wait
    // calls, which are not used); `usage` has the layout of Linux's `struct rusage`.
    assert_eq!(unsafe { wait4(pid, &mut status, 0, &mut usage) }, pid);
    // WIFEXITED, WEXITSTATUS
    let code = (status & 0x7f == 0).then_some((status >> 8) & 0xff);
    PeakRun {
        code,
        stdout,
        stderr,
        peak: usage.longs[0] as u64 * 1024,
    }
}
