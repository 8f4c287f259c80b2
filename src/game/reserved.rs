//! An array that grows in place: a large one lives in a reservation of address space, so
//! that it extends into the pages after it instead of moving to a new buffer.
//!
//! A table that doubles into a new array touches fresh memory for the whole new size each
//! time, and the kernel clears every fresh page on its first touch. On this project's
//! virtual machine that is the cost that counts: 2 MiB pages clear at under 1 GB/s (a
//! 64 MiB touch takes 77-118 ms, against 28 ms in 4 KiB pages, which then cost as much again
//! in TLB misses), and 11% of a one-thread Fission 5x6 search went to clearing the value
//! table's arrays, half of them arrays it had outgrown. Grown in place, only the new half is
//! fresh, and it keeps the reservation's huge-page alignment (`realloc` also remaps a large
//! buffer without copying, but to an address that splits its huge pages).
//!
//! An array under [`MAPPED_MIN_BYTES`] is an ordinary vector; so is any array where the
//! system refuses the reservation (strict overcommit) or on other systems.

use std::ops::{Deref, DerefMut};

use super::memory;

/// Arrays of at least this many bytes move into a reservation (smaller ones would waste
/// most of a huge page).
#[cfg(target_os = "linux")]
const MAPPED_MIN_BYTES: usize = 4 << 20;

/// Address space reserved for an array, or more when it needs more: a reservation costs no
/// memory until its pages are touched, and x86-64 gives a process 128 TiB of it.
#[cfg(target_os = "linux")]
const RESERVE_BYTES: usize = 1 << 36;

/// An array of `T` that grows in place ([`ReservedVec::grow`]).
pub struct ReservedVec<T> {
    storage: Storage<T>,
}

enum Storage<T> {
    Heap(Vec<T>),
    /// `len` values at the start of a reservation of `reserved` bytes at `ptr`.
    #[cfg(target_os = "linux")]
    Mapped {
        ptr: std::ptr::NonNull<T>,
        len: usize,
        reserved: usize,
    },
}

// SAFETY: a `ReservedVec` owns its values as a `Vec` does; the reservation is private to it.
unsafe impl<T: Send> Send for ReservedVec<T> {}
// SAFETY: shared access only reads the values, as through `&[T]`.
unsafe impl<T: Sync> Sync for ReservedVec<T> {}

impl<T> Default for ReservedVec<T> {
    fn default() -> Self {
        ReservedVec {
            storage: Storage::Heap(Vec::new()),
        }
    }
}

impl<T: Clone> ReservedVec<T> {
    /// An empty array.
    pub fn new() -> Self {
        Self::default()
    }

    /// Grows the array to `n` values (at least its length), the new ones copies of `value`.
    /// The growth is checked against the memory limit first, and a refused allocation ends
    /// the statement with an error ([`memory::ensure_room`]), named as `what`.
    pub fn grow(&mut self, n: usize, value: T, what: &str) {
        let size = std::mem::size_of::<T>().max(1);
        let len = self.len();
        debug_assert!(n >= len, "an array only grows");
        memory::ensure_room((n - len).saturating_mul(size), what);
        #[cfg(target_os = "linux")]
        if n.saturating_mul(size) >= MAPPED_MIN_BYTES {
            self.reserve_for(n.saturating_mul(size), what);
        }
        match &mut self.storage {
            Storage::Heap(v) => Self::grow_heap(v, n, value, what),
            #[cfg(target_os = "linux")]
            Storage::Mapped { ptr, len, .. } => {
                for i in *len..n {
                    // SAFETY: `reserve_for` made the reservation hold `n` values, and slot
                    // `i` is unused; `len` counts the values written, so a panicking clone
                    // leaks nothing unsafe.
                    unsafe { ptr.as_ptr().add(i).write(value.clone()) };
                    *len = i + 1;
                }
            }
        }
    }

    /// Makes the array live in a reservation of at least `bytes`, moving its values into a
    /// new one from the vector or from a reservation too small. Where the system refuses the
    /// first reservation the array stays a vector; a larger one refused ends the statement
    /// with an error, named as `what`.
    #[cfg(target_os = "linux")]
    fn reserve_for(&mut self, bytes: usize, what: &str) {
        let (from, len) = match &self.storage {
            Storage::Mapped { reserved, .. } if *reserved >= bytes => return,
            Storage::Mapped { ptr, len, .. } => (ptr.as_ptr().cast_const(), *len),
            Storage::Heap(v) => (v.as_ptr(), v.len()),
        };
        let Some(mapping) = mapped::Mapping::reserve(bytes) else {
            if let Storage::Mapped { .. } = self.storage {
                memory::refused(bytes, what)
            }
            return;
        };
        let (to, reserved) = mapping.into_parts();
        let to = to.cast::<T>();
        // SAFETY: the new reservation holds at least `bytes >= len` values' room and does not
        // overlap the values' old place; they move (their bits are copied, and the vector
        // forgets them or the outgrown reservation is released without dropping them).
        unsafe {
            std::ptr::copy_nonoverlapping(from, to.as_ptr(), len);
            match &mut self.storage {
                Storage::Heap(v) => v.set_len(0),
                Storage::Mapped { ptr, reserved, .. } => mapped::release(ptr.cast(), *reserved),
            }
        }
        self.storage = Storage::Mapped {
            ptr: to,
            len,
            reserved,
        };
    }

    fn grow_heap(v: &mut Vec<T>, n: usize, value: T, what: &str) {
        if v.try_reserve_exact(n - v.len()).is_err() {
            memory::refused((n - v.len()).saturating_mul(std::mem::size_of::<T>()), what)
        }
        v.resize(n, value);
    }
}

impl<T> Deref for ReservedVec<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.storage {
            Storage::Heap(v) => v,
            #[cfg(target_os = "linux")]
            // SAFETY: the first `len` values of the reservation are initialised and owned.
            Storage::Mapped { ptr, len, .. } => unsafe {
                std::slice::from_raw_parts(ptr.as_ptr(), *len)
            },
        }
    }
}

impl<T> DerefMut for ReservedVec<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.storage {
            Storage::Heap(v) => v,
            #[cfg(target_os = "linux")]
            // SAFETY: as in `deref`, and `&mut self` makes the access unique.
            Storage::Mapped { ptr, len, .. } => unsafe {
                std::slice::from_raw_parts_mut(ptr.as_ptr(), *len)
            },
        }
    }
}

impl<T> Drop for ReservedVec<T> {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Storage::Mapped { ptr, len, reserved } = self.storage {
            // SAFETY: the first `len` values are initialised and dropped once here; then the
            // reservation, which nothing else refers to, is released.
            unsafe {
                std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(ptr.as_ptr(), len));
                mapped::release(ptr.cast(), reserved);
            }
        }
    }
}

/// Reservations of address space (Linux system calls).
#[cfg(target_os = "linux")]
mod mapped {
    use std::ffi::c_void;
    use std::ptr::NonNull;

    use crate::game::pages::{HUGE_PAGE, advise_huge};

    unsafe extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: i32,
            flags: i32,
            fd: i32,
            off: i64,
        ) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
    }

    const PROT_READ: i32 = 1;
    const PROT_WRITE: i32 = 2;
    const MAP_PRIVATE: i32 = 0x02;
    const MAP_ANONYMOUS: i32 = 0x20;
    const MAP_NORESERVE: i32 = 0x4000;
    const MAP_FAILED: *mut c_void = !0usize as *mut c_void;

    /// A reservation not yet handed to an array (released if dropped).
    pub struct Mapping {
        ptr: NonNull<u8>,
        bytes: usize,
    }

    impl Mapping {
        /// A reservation of at least `need` bytes (and [`super::RESERVE_BYTES`]), aligned to
        /// a huge page and advised to use them; `None` where the system refuses it.
        pub fn reserve(need: usize) -> Option<Mapping> {
            let bytes = need.max(super::RESERVE_BYTES).checked_next_power_of_two()?;
            let span = bytes.checked_add(HUGE_PAGE)?;
            // SAFETY: a fresh private anonymous mapping at an address the kernel picks;
            // MAP_NORESERVE commits no memory until pages are touched.
            let base = unsafe {
                mmap(
                    std::ptr::null_mut(),
                    span,
                    PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if base == MAP_FAILED {
                return None;
            }
            let start = (base as usize).next_multiple_of(HUGE_PAGE);
            let (head, tail) = (
                start - base as usize,
                span - bytes - (start - base as usize),
            );
            // SAFETY: the unaligned head and tail are parts of the mapping just made, which
            // nothing refers to.
            unsafe {
                if head > 0 {
                    munmap(base, head);
                }
                if tail > 0 {
                    munmap((start + bytes) as *mut c_void, tail);
                }
            }
            advise_huge(start, bytes);
            Some(Mapping {
                ptr: NonNull::new(start as *mut u8)?,
                bytes,
            })
        }

        /// The reservation's start and size, now owned by the caller ([`release`]).
        pub fn into_parts(self) -> (NonNull<u8>, usize) {
            let parts = (self.ptr, self.bytes);
            std::mem::forget(self);
            parts
        }
    }

    impl Drop for Mapping {
        fn drop(&mut self) {
            // SAFETY: the reservation is this value's alone.
            unsafe { release(self.ptr, self.bytes) }
        }
    }

    /// Releases a reservation made by [`Mapping::reserve`].
    ///
    /// # Safety
    /// `ptr` and `bytes` are a reservation's ([`Mapping::into_parts`]), which nothing uses
    /// any more.
    pub unsafe fn release(ptr: NonNull<u8>, bytes: usize) {
        // SAFETY: by the caller's promise.
        unsafe { munmap(ptr.as_ptr().cast(), bytes) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values survive growth from a vector into a reservation and within it, and are
    /// dropped once (the strings would be freed twice otherwise).
    #[test]
    fn keeps_its_values_through_growth() {
        let mut v: ReservedVec<String> = ReservedVec::new();
        let mut n = 1;
        while n <= 1 << 19 {
            let len = v.len();
            v.grow(n, format!("{n}"), "a test");
            assert_eq!(v.len(), n);
            assert!(v[len..].iter().all(|s| *s == format!("{n}")));
            n *= 2;
        }
        assert_eq!(v[0], "1");
        assert_eq!(v[3], "4");
        assert_eq!(v[(1 << 18) + 5], format!("{}", 1 << 19));
        v[7] = "seven".to_string();
        assert_eq!(v[7], "seven");
    }
}
