//! Sets of up to 64 cells stored in narrower words where they fit: a ruleset keeps its
//! positions' cell sets as a [`Word`] and works on them as `u64`, so that boards of up to 32
//! cells make keys half the size in the value search's table, whose lookups are most of a
//! search's time (Ski Jumps, Toads and Frogs).

/// The word a set of cells is stored in.
pub trait Word:
    Copy + Eq + Ord + std::hash::Hash + std::fmt::Debug + Send + Sync + 'static
{
    /// Cells a word holds.
    const CELLS: usize;
    fn get(self) -> u64;
    /// The word of `x`, whose cells are all below [`Word::CELLS`].
    fn of(x: u64) -> Self;
}

impl Word for u32 {
    const CELLS: usize = 32;
    #[inline(always)]
    fn get(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn of(x: u64) -> u32 {
        x as u32
    }
}

impl Word for u64 {
    const CELLS: usize = 64;
    #[inline(always)]
    fn get(self) -> u64 {
        self
    }
    #[inline(always)]
    fn of(x: u64) -> u64 {
        x
    }
}
