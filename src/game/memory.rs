//! The process's memory, which `:limit memory` bounds: what the process holds resident
//! (measured, not estimated), what the machine has, and the check made before a large
//! allocation.
//!
//! Estimates of what tables hold missed the heap data of keys, the old array during a resize
//! and the allocator's overhead, and fell 2-2.5x short of what the process held (issue 26:
//! a progress line said 850 MiB at 3.1 GB resident). So the limit is checked against the
//! resident set of the process (`/proc/self/statm`, read at the meters' checkpoints), or a
//! caller's estimate when that is larger ([`in_use`]). Between checkpoints a search allocates
//! little, except when a table doubles: such a table first asks whether the new array fits
//! beside what the process already holds ([`ensure_room`]), then allocates it fallibly
//! ([`reserve`], [`reserve_map`]), so that an allocation the system refuses ends the
//! statement with an error instead of aborting the process.
//!
//! The limit in force is per thread ([`enter_limit`]): the statement's thread and the
//! search workers it starts set it, so sessions with different limits can share a process
//! (tests do), each checking the resident memory of the whole process.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::sync::OnceLock;

use super::interrupt::Interrupt;

const MIB: usize = 1 << 20;

thread_local! {
    /// The memory limit in force on this thread, in bytes.
    static LIMIT: Cell<Option<usize>> = const { Cell::new(None) };
    /// `/proc/self/statm`, kept open: rereading an open procfs file costs one system call.
    static STATM: RefCell<Option<std::fs::File>> = const { RefCell::new(None) };
}

/// Puts a memory limit of `bytes` in force on this thread until the guard is dropped.
pub fn enter_limit(bytes: usize) -> LimitGuard {
    LimitGuard {
        previous: LIMIT.replace(Some(bytes)),
        _thread: std::marker::PhantomData,
    }
}

/// Restores the limit in force before [`enter_limit`]. It belongs to the thread that made it
/// (not `Send`).
pub struct LimitGuard {
    previous: Option<usize>,
    _thread: std::marker::PhantomData<*const ()>,
}

impl Drop for LimitGuard {
    fn drop(&mut self) {
        LIMIT.set(self.previous);
    }
}

/// The memory limit in force on this thread, if any.
pub fn limit() -> Option<usize> {
    LIMIT.get()
}

/// Bytes the process holds in physical memory now (its resident set), or `None` where that
/// cannot be read (not Linux).
pub fn resident_bytes() -> Option<usize> {
    use std::os::unix::fs::FileExt;
    STATM.with(|cell| {
        let mut file = cell.borrow_mut();
        if file.is_none() {
            *file = std::fs::File::open("/proc/self/statm").ok();
        }
        let mut buf = [0u8; 128];
        let n = file.as_ref()?.read_at(&mut buf, 0).ok()?;
        // "size resident shared ...", in pages
        let pages: usize = std::str::from_utf8(&buf[..n])
            .ok()?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()?;
        Some(pages * page_size())
    })
}

/// The most the process has held resident so far (Linux `VmHWM`).
pub fn peak_resident_bytes() -> Option<usize> {
    status_kib("VmHWM:").map(|k| k * 1024)
}

fn status_kib(field: &str) -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    kib_field(&status, field)
}

/// The number of KiB after `field` in a `/proc` text such as `VmHWM:   1234 kB`.
fn kib_field(text: &str, field: &str) -> Option<usize> {
    text.lines()
        .find_map(|l| l.strip_prefix(field))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn page_size() -> usize {
    static PAGE: OnceLock<usize> = OnceLock::new();
    *PAGE.get_or_init(|| {
        unsafe extern "C" {
            fn sysconf(name: i32) -> i64;
        }
        const SC_PAGESIZE: i32 = 30;
        // SAFETY: sysconf only reads a configuration value.
        let p = unsafe { sysconf(SC_PAGESIZE) };
        if p > 0 { p as usize } else { 4096 }
    })
}

/// Memory in use as the limit counts it: the process's resident set, or `estimate` (what the
/// caller's tables hold by its own count) when that is larger or the resident set is unknown.
pub fn in_use(estimate: usize) -> usize {
    resident_bytes().map_or(estimate, |r| r.max(estimate))
}

/// The memory in use ([`in_use`]) when it is more than `limit`, after giving memory the
/// allocator keeps but no longer uses back to the system and measuring again; `None` while
/// within the limit.
pub fn over(limit: usize, estimate: usize) -> Option<usize> {
    let used = in_use(estimate);
    if used <= limit {
        return None;
    }
    if release_free_memory() {
        let used = in_use(estimate);
        return (used > limit).then_some(used);
    }
    Some(used)
}

/// Gives the heap's free pages back to the system (glibc keeps freed small blocks, so the
/// resident set stays high after a search's tables with many small keys are dropped).
/// Returns whether it did anything.
fn release_free_memory() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: malloc_trim only returns unused heap pages to the system.
        unsafe { malloc_trim(0) != 0 }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    false
}

/// Allocations smaller than this are not checked before they are made: the meters' checks
/// of the resident set see them soon after, and a session under a limit below what it already
/// holds (`:limit memory 1`) can still read its next command and raise the limit.
pub const SMALL: usize = 1 << 20;

/// Whether `extra` more bytes fit under the limit in force on this thread beside what the
/// process holds now; `Err` with the message of a budget error if not. With no limit in
/// force (or no way to measure), and for allocations under [`SMALL`], it always fits.
pub fn room_for(extra: usize, what: &str) -> Result<(), String> {
    if extra < SMALL {
        return Ok(());
    }
    let Some(limit) = limit() else { return Ok(()) };
    let Some(held) = resident_bytes() else {
        return Ok(());
    };
    let fits = |held: usize| held.saturating_add(extra) <= limit;
    if fits(held) || (release_free_memory() && resident_bytes().is_some_and(fits)) {
        return Ok(());
    }
    Err(format!(
        "memory limit of {} reached: the process holds {} and {what} needs {} more; raise it with `:limit memory 4G`, or free unused games with `:gc`",
        show(limit),
        show(held),
        show(extra)
    ))
}

/// [`room_for`], unwinding with [`Interrupt::Budget`] when `extra` bytes do not fit.
pub fn ensure_room(extra: usize, what: &str) {
    if let Err(m) = room_for(extra, what) {
        Interrupt::Budget(m).raise()
    }
}

/// Makes room in `v` for `additional` more items, as `Vec::reserve` does (the capacity
/// doubles), but checks the growth against the memory limit first and unwinds with an error,
/// instead of aborting, if the system refuses it. Near the limit, where doubling does not fit,
/// it grows by an eighth (a vector read at random stays one array; a session stopped by the
/// limit can still add a game). Returns whether `v` moved to a new buffer.
///
/// Only the growth counts as new memory: `realloc` moves a large buffer by remapping its
/// pages, without a copy.
pub fn reserve<T>(v: &mut Vec<T>, additional: usize, what: &str) -> bool {
    let (len, capacity) = (v.len(), v.capacity());
    if capacity - len >= additional {
        return false;
    }
    let size = std::mem::size_of::<T>();
    let needed = len.saturating_add(additional);
    let growth = |items: usize| items.saturating_sub(capacity).saturating_mul(size);
    let doubled = needed.max(capacity * 2);
    let items = if room_for(growth(doubled), what).is_ok() {
        doubled
    } else {
        let modest = needed.max(len + len / 8);
        ensure_room(growth(modest), what);
        modest
    };
    if v.try_reserve_exact(items - len).is_err() {
        refused(growth(items), what)
    }
    true
}

/// `n` copies of `value` in a new vector, checked against the memory limit and allocated
/// fallibly (see [`reserve`]).
pub fn filled_vec<T: Clone>(n: usize, value: T, what: &str) -> Vec<T> {
    try_filled_vec(n, value, what).unwrap_or_else(|i| i.raise())
}

/// [`filled_vec`], or the interrupt that says why it does not fit (the memory limit, or the
/// system's refusal), for a table that can do without growing.
pub fn try_filled_vec<T: Clone>(n: usize, value: T, what: &str) -> Result<Vec<T>, Interrupt> {
    let bytes = n.saturating_mul(std::mem::size_of::<T>());
    room_for(bytes, what).map_err(Interrupt::Budget)?;
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        return Err(refusal(bytes, what));
    }
    v.resize(n, value);
    Ok(v)
}

/// Makes room in `map` for `additional` more entries: when inserting them would rehash it
/// into a larger table (twice as large), the new table is checked against the memory limit
/// and allocated fallibly first (see [`reserve`]).
pub fn reserve_map<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    additional: usize,
    what: &str,
) {
    if let Err((bytes, over)) = grow_map(map, additional, what) {
        match over {
            Some(m) => Interrupt::Budget(m).raise(),
            None => refused(bytes, what),
        }
    }
}

/// [`reserve_map`] for a memo table, which can forget instead: whether `map` has room for
/// `additional` more entries, grown if needed and possible.
pub fn try_reserve_map<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    additional: usize,
) -> bool {
    grow_map(map, additional, "a memo table").is_ok()
}

/// Grows `map` for `additional` more entries if needed; `Err` with the bytes of the new table
/// and the limit's message when it does not fit (`None`: the system refused it).
fn grow_map<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    additional: usize,
    what: &str,
) -> Result<(), (usize, Option<String>)> {
    if map.capacity() - map.len() >= additional {
        return Ok(());
    }
    let entries = map.len().saturating_add(additional).max(map.capacity() * 2);
    let bytes = map_bytes::<K, V>(entries);
    room_for(bytes, what).map_err(|m| (bytes, Some(m)))?;
    map.try_reserve(additional).map_err(|_| (bytes, None))
}

/// Bytes of a hash map's table with room for `capacity` entries: buckets (a power of two
/// at least 8/7 of the capacity) of an entry and a control byte each. Heap data the entries
/// own is not included.
pub fn map_bytes<K, V>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = capacity
        .saturating_mul(8)
        .div_ceil(7)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX);
    buckets.saturating_mul(std::mem::size_of::<(K, V)>() + 1)
}

/// Unwinds with the error of an allocation of `bytes` the system refused.
#[cold]
pub fn refused(bytes: usize, what: &str) -> ! {
    refusal(bytes, what).raise()
}

/// The error of an allocation of `bytes` for `what` that the system refused.
pub fn refusal(bytes: usize, what: &str) -> Interrupt {
    Interrupt::Limit(format!(
        "out of memory: the system refused {} for {what}; lower `:limit memory` to stop such work earlier",
        show(bytes)
    ))
}

/// A size in the unit that reads best: `512 KiB`, `300 MiB`, `11.7 GiB`, `17 bytes`.
pub fn show(bytes: usize) -> String {
    const KIB: usize = 1 << 10;
    const GIB: usize = 1 << 30;
    let in_unit = |unit: usize, name: &str| {
        if bytes / unit >= 100 {
            return format!("{} {name}", bytes / unit);
        }
        let tenths = format!("{:.1}", bytes as f64 / unit as f64);
        format!("{} {name}", tenths.strip_suffix(".0").unwrap_or(&tenths))
    };
    if bytes >= GIB {
        in_unit(GIB, "GiB")
    } else if bytes >= MIB {
        in_unit(MIB, "MiB")
    } else if bytes >= KIB {
        in_unit(KIB, "KiB")
    } else {
        format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" })
    }
}

/// The machine's physical memory as this process may use it, and where that figure comes
/// from.
#[derive(Clone, Debug)]
pub struct MachineMemory {
    pub bytes: usize,
    /// What the figure is: "the machine's 23.5 GiB, from /proc/meminfo", or the control
    /// group's limit when that is lower.
    pub source: String,
}

/// The machine's memory: `MemTotal` of `/proc/meminfo`, or the memory limit of the process's
/// control group (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`) when that is lower.
pub fn machine_memory() -> Option<MachineMemory> {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| kib_field(&m, "MemTotal:"))
        .map(|k| k * 1024);
    let cgroup = cgroup_limit();
    let group = |(bytes, path): (usize, String)| MachineMemory {
        bytes,
        source: format!("the control group's limit of {}, from {path}", show(bytes)),
    };
    match (total, cgroup) {
        (Some(t), Some(c)) if c.0 < t => Some(group(c)),
        (Some(t), _) => Some(MachineMemory {
            bytes: t,
            source: format!("the machine's {}, from /proc/meminfo", show(t)),
        }),
        (None, c) => c.map(group),
    }
}

/// The lowest memory limit of the control groups this process is in, and the file that sets it.
fn cgroup_limit() -> Option<(usize, String)> {
    let mut files = vec![
        "/sys/fs/cgroup/memory.max".to_string(),
        "/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string(),
    ];
    if let Ok(groups) = std::fs::read_to_string("/proc/self/cgroup") {
        for line in groups.lines() {
            // "0::/path" (v2) or "4:memory:/path" (v1)
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = (parts.next(), parts.next(), parts.next());
            let Some(path) = path.filter(|p| *p != "/") else {
                continue;
            };
            match controllers {
                Some("") => files.push(format!("/sys/fs/cgroup{path}/memory.max")),
                Some(c) if c.split(',').any(|c| c == "memory") => {
                    files.push(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes"))
                }
                _ => {}
            }
        }
    }
    files
        .into_iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(&f).ok()?;
            // "max" (v2) or a huge number (v1) mean no limit: they lose to MemTotal
            let bytes: usize = text.trim().parse().ok()?;
            Some((bytes, f))
        })
        .min_by_key(|(b, _)| *b)
}

/// The memory limit a session starts with, and the sentence `:limit` shows about it.
#[derive(Clone, Debug)]
pub struct DefaultLimit {
    pub bytes: usize,
    pub origin: String,
}

/// Assumed when the machine's memory cannot be read.
const FALLBACK_LIMIT: usize = 8 << 30;

/// The default memory limit: half of the machine's memory ([`machine_memory`]), leaving the
/// rest to the system and other programs.
pub fn default_limit() -> &'static DefaultLimit {
    static DEFAULT: OnceLock<DefaultLimit> = OnceLock::new();
    DEFAULT.get_or_init(|| match machine_memory() {
        Some(m) => DefaultLimit {
            bytes: m.bytes / 2,
            origin: format!("half of {}", m.source),
        },
        None => DefaultLimit {
            bytes: FALLBACK_LIMIT,
            origin: "the machine's memory could not be read".to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_their_unit() {
        assert_eq!(show(1), "1 byte");
        assert_eq!(show(1000), "1000 bytes");
        assert_eq!(show(1 << 10), "1 KiB");
        assert_eq!(show(1 << 20), "1 MiB");
        assert_eq!(show(1536 << 10), "1.5 MiB");
        assert_eq!(show(100 << 20), "100 MiB");
        assert_eq!(show((40 << 20) + 1000), "40 MiB");
        assert_eq!(show(3 << 30), "3 GiB");
        assert_eq!(show(12_638_250_000), "11.8 GiB");
    }

    #[test]
    fn kib_fields_are_read() {
        let status = "Name:\tcgcalc\nVmHWM:\t  123456 kB\nVmRSS:\t 100 kB\n";
        assert_eq!(kib_field(status, "VmHWM:"), Some(123_456));
        assert_eq!(kib_field(status, "VmRSS:"), Some(100));
        assert_eq!(kib_field(status, "VmSwap:"), None);
    }

    /// While a touched 64 MiB allocation lives, the resident set holds it (other tests may
    /// run beside this one, so only this lower bound is certain).
    #[test]
    fn resident_set_holds_a_touched_allocation() {
        let v = std::hint::black_box(vec![1u8; 64 << 20]);
        let held = resident_bytes().expect("Linux");
        assert!(held >= 64 << 20, "{held}");
        assert!(peak_resident_bytes().expect("Linux") >= held);
        drop(v);
    }

    #[test]
    fn room_is_refused_past_the_limit_and_granted_without_one() {
        assert!(
            room_for(usize::MAX / 2, "a test").is_ok(),
            "no limit in force"
        );
        let _g = enter_limit(1 << 20);
        let err = room_for(64 << 20, "a test table").unwrap_err();
        assert!(err.starts_with("memory limit of 1 MiB reached"), "{err}");
        assert!(err.contains("a test table needs 64 MiB more"), "{err}");
    }

    /// The default is half of the machine's memory, read from the system.
    #[test]
    fn default_limit_is_half_the_machine() {
        let m = machine_memory().expect("Linux");
        let d = default_limit();
        assert_eq!(d.bytes, m.bytes / 2);
        assert!(d.origin.starts_with("half of the "), "{}", d.origin);
    }

    #[test]
    fn map_bytes_counts_buckets() {
        // 14 entries need 16 buckets; 15 need 32 (8/7 of 15 is over 16)
        assert_eq!(map_bytes::<u64, u64>(14), 16 * 17);
        assert_eq!(map_bytes::<u64, u64>(15), 32 * 17);
        assert_eq!(map_bytes::<u64, u64>(0), 0);
    }
}
