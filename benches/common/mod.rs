//! Helpers shared by the benchmark binaries.

/// Peak resident set size of this process (Linux `VmHWM`), in MiB.
pub fn peak_mib() -> f64 {
    cgcalc::game::memory::peak_resident_bytes().map_or(f64::NAN, |b| b as f64 / (1 << 20) as f64)
}
