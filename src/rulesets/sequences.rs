//! Grundy sequences shared in a session: an impartial heap ruleset (a take-and-break code, a
//! subtraction set, a coin-turning code) values every heap from one sequence of nim values,
//! extended on demand, which every position and function call of the same rule shares.

use std::fmt;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

use crate::game::cache::CacheStats;

/// A rule whose heaps' nim values form one sequence G(0), G(1), ..., each from the earlier ones.
pub trait SequenceRule: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// What the rule keeps between extensions besides the values (`()` when nothing).
    type Scratch: Default + fmt::Debug + Send;

    /// Extends `values` (G of heaps `0..values.len()`) to heaps `0..=n`.
    fn extend(&self, values: &mut Vec<u32>, scratch: &mut Self::Scratch, n: usize);
}

/// A rule and the values of its heaps found so far.
#[derive(Debug)]
pub struct Sequence<R: SequenceRule> {
    pub rule: R,
    memo: Mutex<(Vec<u32>, R::Scratch)>,
}

impl<R: SequenceRule> Sequence<R> {
    /// `f` of the values of heaps `0..=n`, extending the sequence as needed.
    fn with<T>(&self, n: usize, f: impl FnOnce(&[u32]) -> T) -> T {
        self.with_scratch(n, |values, _| f(values))
    }

    /// `f` of the values of heaps `0..=n` and the rule's scratch, extending as needed.
    pub fn with_scratch<T>(&self, n: usize, f: impl FnOnce(&[u32], &R::Scratch) -> T) -> T {
        let mut guard = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        let (values, scratch) = &mut *guard;
        self.rule.extend(values, scratch, n);
        f(&values[..=n], scratch)
    }

    /// The nim values of heaps `0..=n`.
    pub fn values(&self, n: usize) -> Vec<u32> {
        self.with(n, <[u32]>::to_vec)
    }

    /// The nim value of a heap of `n`.
    pub fn value(&self, n: usize) -> u32 {
        self.with(n, |v| v[n])
    }

    /// How many heaps' values are known.
    fn known(&self) -> usize {
        self.memo.lock().unwrap_or_else(|e| e.into_inner()).0.len()
    }
}

/// The session's sequences by rule (a ruleset's state, in `ctx.states`).
#[derive(Debug)]
pub struct Sequences<R: SequenceRule> {
    games: FxHashMap<R, Arc<Sequence<R>>>,
    hits: u64,
    misses: u64,
}

impl<R: SequenceRule> Default for Sequences<R> {
    fn default() -> Self {
        Sequences {
            games: FxHashMap::default(),
            hits: 0,
            misses: 0,
        }
    }
}

impl<R: SequenceRule> Sequences<R> {
    /// The sequence of `rule`, made the first time it is asked for.
    pub fn get(&mut self, rule: R) -> Arc<Sequence<R>> {
        if let Some(g) = self.games.get(&rule) {
            self.hits += 1;
            return g.clone();
        }
        self.misses += 1;
        let game = Arc::new(Sequence {
            rule: rule.clone(),
            memo: Mutex::new(Default::default()),
        });
        self.games.insert(rule, game.clone());
        game
    }

    /// Sizes for `:stats`: values known, against `per_rule` values each rule may hold.
    pub fn stats(&self, per_rule: usize) -> CacheStats {
        CacheStats {
            len: self.games.values().map(|g| g.known()).sum(),
            capacity: self.games.len() * per_rule,
            hits: self.hits,
            misses: self.misses,
            flushes: 0,
        }
    }
}
