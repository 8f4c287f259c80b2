//! Memory for the big tables of a search (the value table, the interning index, the sum and
//! comparison caches, the arena's nodes): huge pages, and prefetching a slot before it is read.
//!
//! Their lookups land on random slots of hundreds of megabytes: with 4 KiB pages nearly every
//! one also misses the TLB and walks the page tables, and a prefetch waits for that walk. On
//! Linux with transparent huge pages in `madvise` mode (the common default) the kernel backs a
//! region with 2 MiB pages only when asked, so tables of at least [`HUGE_MIN_BYTES`] ask (and
//! the claim table of a parallel search from 512 KiB, in whole huge pages: `search::claims`).

use super::interrupt::Interrupt;
use super::memory;

/// The size of a huge page (x86-64 and most Linux systems).
pub const HUGE_PAGE: usize = 2 << 20;

/// Tables smaller than this keep ordinary pages (a huge page would be mostly empty).
const HUGE_MIN_BYTES: usize = 4 << 20;

/// `n` copies of `value` in memory the kernel is asked to back with huge pages (before the
/// pages are first touched, which is when the kernel picks their size). The array is `what`
/// (for an error message): it is checked against the memory limit in force first and
/// allocated fallibly, so a table too large for the limit or the system ends the statement
/// with an error ([`try_huge_vec`]).
pub fn huge_vec<T: Clone>(n: usize, value: T, what: &str) -> Vec<T> {
    try_huge_vec(n, value, what).unwrap_or_else(|i| i.raise())
}

/// [`huge_vec`], or the interrupt that says why it does not fit: the memory limit
/// ([`Interrupt::Budget`]) or the system's refusal.
pub fn try_huge_vec<T: Clone>(n: usize, value: T, what: &str) -> Result<Vec<T>, Interrupt> {
    let bytes = n.saturating_mul(std::mem::size_of::<T>());
    memory::room_for(bytes, what).map_err(Interrupt::Budget)?;
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        return Err(memory::refusal(bytes, what));
    }
    advise_huge(v.as_ptr() as usize, bytes);
    v.resize(n, value);
    Ok(v)
}

/// Makes room in `v` for `additional` more items as [`memory::reserve`] does (checked
/// against the memory limit, allocated fallibly), asking for huge pages for a new buffer
/// (for vectors that grow by doubling and are read at random, such as the arena's nodes).
pub fn reserve_huge<T>(v: &mut Vec<T>, additional: usize, what: &str) {
    if memory::reserve(v, additional, what) {
        advise_huge(v.as_ptr() as usize, v.capacity() * std::mem::size_of::<T>());
    }
}

/// Pushes `value` onto `v`; when that moves `v` to a larger buffer, asks for huge pages for
/// the whole new buffer (for vectors that grow by doubling and are read at random, such as
/// the arena's nodes).
#[inline]
pub fn push_huge<T>(v: &mut Vec<T>, value: T) {
    let capacity = v.capacity();
    v.push(value);
    if v.capacity() != capacity {
        advise_huge(v.as_ptr() as usize, v.capacity() * std::mem::size_of::<T>());
    }
}

/// Asks the processor to bring the cache line holding the start of `slot` into cache, so that a
/// later read of it overlaps other work. No effect on contents, and none on other targets.
#[inline]
pub fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch is only a hint; it never faults or changes memory, and the
        // address is that of a live value.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(slot as *const T as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

/// [`prefetch`] of a bare address, which may lie in memory freed since or never allocated
/// (for a slot located without the lock that guards its table): a prefetch never faults, and
/// nothing is read or written.
#[inline]
pub fn prefetch_address(address: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch is only a hint; it never faults or changes memory, whatever the
        // address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// Asks the kernel to back `bytes` from `start` (one live allocation of ours) with huge pages,
/// if they are at least [`HUGE_MIN_BYTES`].
pub(crate) fn advise_huge(start: usize, bytes: usize) {
    if bytes >= HUGE_MIN_BYTES {
        advise_huge_pages(start, bytes);
    }
}

/// [`advise_huge`] whatever the size: for an allocation laid out in whole huge pages.
#[cfg(target_os = "linux")]
pub(crate) fn advise_huge_pages(start: usize, bytes: usize) {
    unsafe extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    const PAGE: usize = 4096;
    let begin = start.next_multiple_of(PAGE);
    let end = (start + bytes) & !(PAGE - 1);
    if end > begin {
        // SAFETY: the range lies inside one live allocation of ours, rounded inwards to whole
        // pages; MADV_HUGEPAGE only changes how the kernel backs it, never its contents, and a
        // refusal (an old kernel, THP off) is harmless, so the result is ignored.
        unsafe { madvise(begin as *mut std::ffi::c_void, end - begin, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn advise_huge_pages(_start: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    #[test]
    fn push_huge_keeps_every_value_through_growth() {
        let mut v = Vec::new();
        for i in 0..(3u32 << 20) {
            super::push_huge(&mut v, i);
        }
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u32));
    }

    #[test]
    fn huge_vec_holds_its_values() {
        let v = super::huge_vec(3 << 20, 7u32, "a test");
        assert_eq!(v.len(), 3 << 20);
        assert!(v.iter().all(|&x| x == 7));
    }
}
