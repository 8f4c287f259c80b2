//! Files the calculator writes (`:save`, `csv`, `json`, `svg`, `tikz`): whole or not at all.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a write found at the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// There was no file: a new one was made.
    Created,
    /// A regular file was there: the new one replaced it.
    Replaced,
    /// Not a regular file (a device such as `/dev/stdout`, a named pipe): written directly.
    Device,
}

impl Written {
    /// The words a message adds after "wrote FILE": `, replacing the old file` or nothing.
    pub fn note(self) -> &'static str {
        match self {
            Written::Replaced => ", replacing the old file",
            Written::Created | Written::Device => "",
        }
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory, flushed to disk
/// and then renamed over the target: a failure or a kill in the middle of the write (a full
/// disk, a file-size limit, Ctrl-C twice) leaves the old file as it was, never a fragment.
/// A symbolic link is followed (its target is replaced, the link kept), a replaced file keeps
/// its permissions, and a target that is not a regular file (a device, a named pipe) is
/// written directly, as renaming over it would replace the device itself. A temporary file
/// is removed when the write fails; after a kill it stays, as `.NAME.cgcalc-PID-N.tmp`.
pub fn write_whole(path: &str, bytes: &[u8]) -> io::Result<Written> {
    let target = resolve(Path::new(path));
    let old = match fs::metadata(&target) {
        Ok(m) if !m.is_file() => {
            fs::write(&target, bytes)?;
            return Ok(Written::Device);
        }
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let temp = temporary_beside(&target)?;
    let result = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        if let Some(p) = &old {
            file.set_permissions(p.clone())?;
        }
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, &target)
    })();
    match result {
        Ok(()) => Ok(if old.is_some() {
            Written::Replaced
        } else {
            Written::Created
        }),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// The file a path names: a symbolic link's target (followed as far as it exists), else the
/// path itself.
fn resolve(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).unwrap_or_else(|_| {
            // A dangling link: write where it points.
            match fs::read_link(path) {
                Ok(to) if to.is_absolute() => to,
                Ok(to) => path.parent().unwrap_or(Path::new("")).join(to),
                Err(_) => path.to_path_buf(),
            }
        }),
        _ => path.to_path_buf(),
    }
}

/// A name for the temporary file of a write to `target`, in the same directory (a rename is
/// atomic only within one file system).
fn temporary_beside(target: &Path) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the name is a directory, not a file",
        )
    })?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = format!(
        ".{}.cgcalc-{}-{n}.tmp",
        name.to_string_lossy(),
        std::process::id()
    );
    Ok(target.with_file_name(temp))
}

/// The most a script file may hold (`:load`, script arguments): far above any script
/// written by hand or by `:save`, and a bound on what reading `/dev/zero` costs.
pub const MAX_SCRIPT_BYTES: u64 = 64 << 20;

/// Why a script could not be read.
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    /// It holds more than [`MAX_SCRIPT_BYTES`].
    TooLarge,
    /// Ctrl-C while waiting for a named pipe or a device.
    Cancelled,
}

impl ReadError {
    /// The message, naming the file.
    pub fn message(&self, path: &str) -> String {
        match self {
            ReadError::Io(e) => format!("cannot read `{path}`: {e}"),
            ReadError::TooLarge => format!(
                "cannot read `{path}`: it holds more than the {} MiB a script may have",
                MAX_SCRIPT_BYTES >> 20
            ),
            ReadError::Cancelled => format!("reading `{path}` was cancelled (Ctrl-C)"),
        }
    }
}

/// Reads a script of at most [`MAX_SCRIPT_BYTES`]. A regular file is read at once; anything
/// else (a named pipe, which blocks until a writer comes, or a device such as `/dev/zero`,
/// which never ends) is read on a helper thread while this one polls `cancelled` every
/// 50 ms, so the first Ctrl-C stops the wait. The helper of a cancelled read of a named
/// pipe is released by opening the pipe for writing and closing it (on Linux).
pub fn read_script(path: &str, cancelled: impl Fn() -> bool) -> Result<Vec<u8>, ReadError> {
    let meta = fs::metadata(path).map_err(ReadError::Io)?;
    if meta.is_file() {
        if meta.len() > MAX_SCRIPT_BYTES {
            return Err(ReadError::TooLarge);
        }
        return read_capped(path);
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let owned = path.to_string();
    std::thread::Builder::new()
        .name("cgcalc-read".into())
        .spawn(move || {
            let _ = tx.send(read_capped(&owned));
        })
        .map_err(ReadError::Io)?;
    loop {
        match rx.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(result) => return result,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) if cancelled() => {
                release_reader(path, &meta);
                return Err(ReadError::Cancelled);
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(ReadError::Io(io::Error::other("the reading thread failed")));
            }
        }
    }
}

/// Reads `path`, refusing more than [`MAX_SCRIPT_BYTES`].
fn read_capped(path: &str) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|f| f.take(MAX_SCRIPT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_SCRIPT_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// Lets the helper thread of a cancelled read of a named pipe finish: a writer that opens
/// and closes the pipe completes the helper's open and gives it an end of file (if it is
/// still waiting for a writer). Without it the helper would take the data of the next writer.
#[cfg(target_os = "linux")]
fn release_reader(path: &str, meta: &fs::Metadata) {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    const O_NONBLOCK: i32 = 0o4000;
    if meta.file_type().is_fifo() {
        let _ = fs::OpenOptions::new()
            .write(true)
            .custom_flags(O_NONBLOCK)
            .open(path);
    }
}

#[cfg(not(target_os = "linux"))]
fn release_reader(_path: &str, _meta: &fs::Metadata) {}
