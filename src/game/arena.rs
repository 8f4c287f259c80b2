//! The game store: every canonical short game lives once in an arena and is named by a
//! [`GameId`]. Equal values have equal ids (canonical forms are unique: Siegel, CGT, §II.2),
//! so value equality is id equality.
//!
//! Nodes come in two kinds. *Number-up-star* values `x + k·↑ + *n` ([`Nus`]) are stored compactly
//! and added, negated and compared in O(1); their options are only materialised when a general
//! algorithm asks for them. Every other canonical game is stored by its sorted option lists,
//! which live in one shared pool of ids. A hash of the option lists interns general nodes.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use super::cache::{BoundedCache, NamedStats, PairCache};
use super::interrupt::{self, Interrupt};
use super::number::Dyadic;
use super::thermograph::{THERMOGRAPH_CACHE_CAPACITY, Thermograph};
use super::uptimal::UptimalExpansion;

/// The id of a canonical short game in an [`Arena`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// A value `number + ups·↑ + *nim` (ups may be negative: `v` is `-1·↑`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    pub number: Dyadic,
    pub ups: i64,
    pub nim: u32,
}

impl Nus {
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    /// Sign of `self` compared with zero: `Some(ordering)` or `None` when confused with 0.
    ///
    /// `x + k·↑ + *n` with `x != 0` has the sign of `x`; otherwise `k·↑ + *n` is positive for
    /// `k >= 1` unless `k = 1, n = 1` (`↑*` is fuzzy), symmetric for `k <= -1`, and `*n` with
    /// `n > 0` is fuzzy (Siegel, CGT, II.4; WW ch. 2).
    pub fn sign(self) -> Option<std::cmp::Ordering> {
        use std::cmp::Ordering::*;
        if !self.number.is_zero() {
            return Some(if self.number.signum() > 0 {
                Greater
            } else {
                Less
            });
        }
        match (self.ups, self.nim) {
            (0, 0) => Some(Equal),
            (0, _) => None,
            (1, 1) | (-1, 1) => None,
            (k, _) if k > 0 => Some(Greater),
            _ => Some(Less),
        }
    }
}

impl std::ops::Add for Nus {
    type Output = Nus;
    fn add(self, other: Nus) -> Nus {
        Nus {
            number: self.number.add(other.number),
            ups: self
                .ups
                .checked_add(other.ups)
                .unwrap_or_else(|| super::Interrupt::Overflow.raise()),
            nim: nim_sum(self.nim, other.nim),
        }
    }
}

impl std::ops::Neg for Nus {
    type Output = Nus;
    fn neg(self) -> Nus {
        Nus {
            number: self.number.neg(),
            ups: self
                .ups
                .checked_neg()
                .unwrap_or_else(|| super::Interrupt::Overflow.raise()),
            nim: self.nim,
        }
    }
}

/// Nim addition: `*a + *b = *(a xor b)` (Bouton; ONAG ch. 11).
fn nim_sum(a: u32, b: u32) -> u32 {
    a ^ b
}

/// Options a node holds in itself, Left's and Right's together.
const INLINE_OPTIONS: usize = 5;

/// Where a node's options are, Left's then Right's, each side in id order.
#[derive(Clone, Copy, Debug)]
enum Options {
    /// Not built yet: number-up-star nodes build theirs when first asked
    /// ([`Arena::ensure_options`]).
    Lazy,
    /// Up to [`INLINE_OPTIONS`] ids in the node itself, read with the node's stops in one
    /// memory access. Most canonical values of searches have one or two options a side.
    Inline {
        ids: [GameId; INLINE_OPTIONS],
        left: u8,
        right: u8,
    },
    /// A run of the arena's option pool.
    Pooled { start: u32, left: u32, right: u32 },
}

/// Option indices at or above this bit name an option held in a node
/// ([`Options::Inline`]): the node's id times 8 plus the option's place. Below it, an index
/// is a place in the option pool.
const INLINE_INDEX: usize = 1 << 62;

const UNKNOWN: u32 = u32::MAX;
/// Birthdays saturate here (numbers beyond 2^63 and games built on them); see
/// [`Arena::exact_birthday`] for the exact value.
pub const HUGE_BIRTHDAY: u64 = u64::MAX - 1;

/// A game of the arena, packed into one 64-byte cache line: comparisons and sums read a node's
/// kind, stops and option spans together, so each node they touch costs one memory access.
#[repr(align(64))]
struct Node {
    /// Numerators of the left and right stops ([`Dyadic::to_parts`]). A number-up-star node
    /// `x + k·↑ + *n` has both stops `x` and keeps `[x, k]` here.
    nums: [i64; 2],
    /// Exponents of the stops; `[x, n]` for a number-up-star node.
    exps: [u32; 2],
    options: Options,
    birthday: u64,
    negative: u32,
    /// A number-up-star node (`nums` and `exps` hold its value).
    is_nus: bool,
    /// `G <= LS(G)` and `G >= RS(G)`: how `G` sits against its own stops, which decides
    /// comparisons with numbers in O(1) (see [`StopSides`]).
    stop_sides: StopSides,
}

const _: () = assert!(std::mem::size_of::<Node>() == 64);

/// How a game `G` sits against its own stops: whether `G <= LS(G)` and whether `G >= RS(G)`.
/// With them, `G <= x` for a number `x` is `LS(G) < x`, or `LS(G) = x` and `G <= LS(G)`
/// (dually for `x <= G`): no search.
///
/// For a canonical `G` that is not a number they follow from its options without a comparison.
/// By number avoidance (Siegel, CGT, §II.3), `G <= x` iff no `G^L >= x`. With
/// `x = LS(G) = max RS(G^L)`, an option with `RS(G^L) < x` is not `>= x`, and one with
/// `RS(G^L) = x` is `>= x` iff `G^L >= RS(G^L)`. So `G <= LS(G)` iff no Left option has
/// `RS(G^L) = LS(G)` and `G^L >= RS(G^L)`; dually `G >= RS(G)` iff no Right option has
/// `LS(G^R) = RS(G)` and `G^R <= LS(G^R)`. A number `x` has both (`x = x`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StopSides {
    /// `G <= LS(G)`.
    pub leq_left_stop: bool,
    /// `G >= RS(G)`.
    pub geq_right_stop: bool,
}

impl StopSides {
    /// The sides of `x + I` for an infinitesimal `I` of sign `sign` (stops both `x`).
    fn of_infinitesimal(sign: Option<std::cmp::Ordering>) -> StopSides {
        use std::cmp::Ordering::*;
        StopSides {
            leq_left_stop: matches!(sign, Some(Less | Equal)),
            geq_right_stop: matches!(sign, Some(Greater | Equal)),
        }
    }
}

impl Node {
    fn nus(v: Nus, birthday: u64) -> Node {
        let (num, exp) = v.number.to_parts();
        let infinitesimal = Nus {
            number: Dyadic::ZERO,
            ..v
        };
        Node {
            stop_sides: StopSides::of_infinitesimal(infinitesimal.sign()),
            nums: [num, v.ups],
            exps: [exp, v.nim],
            options: Options::Lazy,
            birthday,
            negative: UNKNOWN,
            is_nus: true,
        }
    }

    fn general(
        (left_stop, right_stop): (Dyadic, Dyadic),
        stop_sides: StopSides,
        options: Options,
        birthday: u64,
    ) -> Node {
        let (ln, le) = left_stop.to_parts();
        let (rn, re) = right_stop.to_parts();
        Node {
            stop_sides,
            nums: [ln, rn],
            exps: [le, re],
            options,
            birthday,
            negative: UNKNOWN,
            is_nus: false,
        }
    }

    #[inline]
    fn get_nus(&self) -> Option<Nus> {
        self.is_nus.then(|| Nus {
            number: Dyadic::from_parts(self.nums[0], self.exps[0]),
            ups: self.nums[1],
            nim: self.exps[1],
        })
    }

    #[inline]
    fn left_stop(&self) -> Dyadic {
        Dyadic::from_parts(self.nums[0], self.exps[0])
    }

    /// The Left and the Right options (`pool`: the arena's option pool).
    #[inline]
    fn sides<'a>(&'a self, pool: &'a [GameId]) -> (&'a [GameId], &'a [GameId]) {
        match &self.options {
            Options::Lazy => (&[], &[]),
            Options::Inline { ids, left, right } => {
                let (l, r) = (*left as usize, *right as usize);
                (&ids[..l], &ids[l..l + r])
            }
            Options::Pooled { start, left, right } => {
                let (s, m) = (*start as usize, (*start + *left) as usize);
                (&pool[s..m], &pool[m..m + *right as usize])
            }
        }
    }

    /// Indices of one side's options for [`Arena::pool_at`] (`id`: this node's id).
    #[inline]
    fn indices(&self, id: GameId, left_side: bool) -> std::ops::Range<usize> {
        let (base, left, right) = match self.options {
            Options::Lazy => (0, 0, 0),
            Options::Inline { left, right, .. } => (
                INLINE_INDEX | (id.0 as usize) << 3,
                left as usize,
                right as usize,
            ),
            Options::Pooled { start, left, right } => {
                (start as usize, left as usize, right as usize)
            }
        };
        if left_side {
            base..base + left
        } else {
            base + left..base + left + right
        }
    }

    #[inline]
    fn right_stop(&self) -> Dyadic {
        let i = usize::from(!self.is_nus);
        Dyadic::from_parts(self.nums[i], self.exps[i])
    }
}

/// Size of each op cache before it is flushed (entries).
pub const DEFAULT_CACHE_CAPACITY: usize = 1 << 22;
/// Entries of the memo of options in display order.
const DISPLAY_ORDER_CAPACITY: usize = 1 << 18;
/// Entries of the uptimal-expansion memo.
const UPTIMAL_CACHE_CAPACITY: usize = 1 << 20;

/// A game's Left and Right options, each sorted.
pub(crate) type SortedOptions = (Box<[GameId]>, Box<[GameId]>);

/// The session's game store and operation caches.
pub struct Arena {
    nodes: Vec<Node>,
    pool: Vec<GameId>,
    nus_index: FxHashMap<Nus, GameId>,
    general_index: super::index::GameIndex,
    pub(crate) sum_cache: PairCache,
    pub(crate) leq_cache: PairCache,
    /// Scratch memo for [`Arena::leq_lists_rhs`] and friends, reused by every reversibility
    /// test (boxed, so that lending it out while the arena compares moves a pointer, not the
    /// memo: the move was 7% of the canonicalisation loop's own time in Fission).
    pub(crate) list_memo: Option<Box<super::compare::ListMemo>>,
    pub(crate) ordinal_cache: BoundedCache<(GameId, GameId), GameId>,
    pub(crate) norton_cache: BoundedCache<(GameId, GameId), GameId>,
    pub(crate) uptimals: super::display::UptimalTable,
    /// Options of general games in display order, by (game, Left side?).
    pub(crate) display_order: BoundedCache<(GameId, bool), Vec<GameId>>,
    /// Uptimal expansions (`None`: not an uptimal).
    pub(crate) uptimal_memo: BoundedCache<GameId, Option<UptimalExpansion>>,
    pub(crate) thermographs: BoundedCache<GameId, std::sync::Arc<Thermograph>>,
    /// The canonical options of number-up-star values, sorted, as recognising one compares
    /// them (`Arena::nus_has_options`).
    pub(crate) nus_forms: FxHashMap<Nus, SortedOptions>,
    zero: GameId,
    /// Capacity of the sum and comparison caches (the others are fractions of it).
    cache_capacity: usize,
    /// The statement budget (`interrupt::enter_budget`) watches this arena's growth: set for
    /// a session's arena, not for the private arenas of search workers or scratch work.
    pub metered: bool,
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

fn hash_options(left: &[GameId], right: &[GameId]) -> u64 {
    let mut h = FxHasher::default();
    left.hash(&mut h);
    u32::MAX.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

impl Arena {
    pub fn new() -> Arena {
        Arena::with_cache_capacity(DEFAULT_CACHE_CAPACITY)
    }

    pub fn with_cache_capacity(capacity: usize) -> Arena {
        let mut arena = Arena {
            nodes: Vec::new(),
            pool: Vec::new(),
            nus_index: FxHashMap::default(),
            general_index: Default::default(),
            sum_cache: PairCache::new(capacity),
            leq_cache: PairCache::new(capacity),
            list_memo: Default::default(),
            ordinal_cache: BoundedCache::new(capacity / 4),
            norton_cache: BoundedCache::new(capacity / 4),
            uptimals: Default::default(),
            display_order: BoundedCache::new(DISPLAY_ORDER_CAPACITY),
            uptimal_memo: BoundedCache::new(UPTIMAL_CACHE_CAPACITY),
            thermographs: BoundedCache::new(THERMOGRAPH_CACHE_CAPACITY),
            nus_forms: FxHashMap::default(),
            zero: GameId(0),
            cache_capacity: capacity,
            metered: false,
        };
        arena.zero = arena.nus(Nus::number(Dyadic::ZERO));
        arena
    }

    /// Number of distinct games stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn zero(&self) -> GameId {
        self.zero
    }

    /// Interns a number-up-star value.
    pub fn nus(&mut self, v: Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(&v) {
            return id;
        }
        let id = self.reserve_node();
        super::memory::reserve_map(&mut self.nus_index, 1, "the arena's index of numbers");
        let birthday = number_birthday(v.number)
            .saturating_add(infinitesimal_birthday(v.ups, v.nim))
            .min(HUGE_BIRTHDAY);
        super::pages::push_huge(&mut self.nodes, Node::nus(v, birthday));
        self.nus_index.insert(v, id);
        self.grown();
        id
    }

    /// The id the next new game gets, after making room for its node: checked against the
    /// memory limit and allocated fallibly ([`super::pages::reserve_huge`]) before anything
    /// changes, so that running out leaves the arena as it was. Ids are `u32` and
    /// `u32::MAX` marks "none" in several tables, so the arena holds fewer games.
    fn reserve_node(&mut self) -> GameId {
        let n = self.nodes.len();
        if n >= UNKNOWN as usize {
            Interrupt::Limit(format!(
                "the arena holds {n} games, the most its 32-bit ids can name; free unused games with `:gc`"
            ))
            .raise()
        }
        super::pages::reserve_huge(&mut self.nodes, 1, "the arena's games");
        GameId(n as u32)
    }

    /// Lets the statement budget see the arena's growth every [`interrupt::GROWTH_CHECK`]
    /// games (after the new node is complete, so an interrupt leaves the arena consistent).
    #[inline]
    fn grown(&self) {
        if self.metered && self.nodes.len().is_multiple_of(interrupt::GROWTH_CHECK) {
            interrupt::note_growth(self.nodes.len(), || self.memory_bytes());
        }
    }

    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from_int(n))
    }

    pub fn nimber(&mut self, n: u32) -> GameId {
        self.nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nim: n,
        })
    }

    pub fn up_multiple(&mut self, ups: i64, nim: u32) -> GameId {
        self.nus(Nus {
            number: Dyadic::ZERO,
            ups,
            nim,
        })
    }

    /// Interns the game with these options, which must already form a canonical game that is
    /// not a number-up-star value (callers: [`Arena::game`], negation, translation).
    pub(crate) fn intern_canonical(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        let h = hash_options(&left, &right);
        let (nodes, pool) = (&self.nodes, &self.pool);
        let same = |id: u32| {
            let (l, r) = nodes[id as usize].sides(pool);
            l == left.as_slice() && r == right.as_slice()
        };
        let slot = match self.general_index.find(h, same) {
            Ok(id) => return GameId(id),
            Err(slot) => slot,
        };
        debug_assert!(
            !left.is_empty() && !right.is_empty(),
            "general games have options on both sides"
        );
        let (left_stop, left_reached) = self.side_bound(&left, true).expect("non-empty");
        let (right_stop, right_reached) = self.side_bound(&right, false).expect("non-empty");
        let stop_sides = StopSides {
            leq_left_stop: !left_reached,
            geq_right_stop: !right_reached,
        };
        let mut birthday = 0;
        for &g in left.iter().chain(right.iter()) {
            birthday = birthday.max(self.birthday(g));
        }
        // Room first (each step may stop for want of memory), then the changes.
        let id = self.reserve_node().0;
        let (nodes, pool) = (&self.nodes, &self.pool);
        let rehash = |id: u32| {
            let (l, r) = nodes[id as usize].sides(pool);
            hash_options(l, r)
        };
        let slot = self.general_index.prepare_insert(slot, h, rehash);
        let options = self.store_options(&left, &right);
        super::pages::push_huge(
            &mut self.nodes,
            Node::general(
                (left_stop, right_stop),
                stop_sides,
                options,
                birthday.saturating_add(1).min(HUGE_BIRTHDAY),
            ),
        );
        self.general_index.insert_at(slot, h, id);
        self.grown();
        GameId(id)
    }

    /// The bound one side's options put on a game's stops, and whether an option *reaches*
    /// it: for Left (`left`) the largest `RS(G^L)`, reached by an option at it with `G^L >=
    /// RS(G^L)`; for Right the least `LS(G^R)`, reached by one with `G^R <= LS(G^R)`. `None`
    /// without options. A game that is no number has these bounds as its stops, and sits
    /// against them as no option reaches them ([`StopSides`]); they also decide whether it is
    /// a number (`Arena::number_or_stops`).
    #[inline]
    pub(crate) fn side_bound(&self, opts: &[GameId], left: bool) -> Option<(Dyadic, bool)> {
        let stop_of = |g: GameId| {
            let n = &self.nodes[g.0 as usize];
            if left {
                (n.right_stop(), n.stop_sides.geq_right_stop)
            } else {
                (n.left_stop(), n.stop_sides.leq_left_stop)
            }
        };
        // kept in locals, not an `Option`, which the compiler spilled to the stack byte by byte
        let (&first, rest) = opts.split_first()?;
        let (mut bound, mut reached) = stop_of(first);
        for &g in rest {
            let (stop, reaches) = stop_of(g);
            if stop == bound {
                reached |= reaches;
            } else if (stop > bound) == left {
                (bound, reached) = (stop, reaches);
            }
        }
        Some((bound, reached))
    }

    /// Starts bringing `g`'s node (kind, stops, inline options) into cache.
    #[inline]
    pub fn prefetch_node(&self, g: GameId) {
        super::pages::prefetch(&self.nodes[g.0 as usize]);
    }

    /// Starts fetching the sum-cache slot of `g + h`.
    #[inline]
    pub fn prefetch_sum(&self, g: GameId, h: GameId) {
        let (a, b) = if g <= h { (g, h) } else { (h, g) };
        self.sum_cache.prefetch(a.0, b.0);
    }

    /// Starts fetching the interning slot of the game with these (sorted) options.
    #[inline]
    pub(crate) fn prefetch_interning(&self, left: &[GameId], right: &[GameId]) {
        self.general_index.prefetch(hash_options(left, right));
    }

    /// Keeps a node's options: in the node when they fit, else at the end of the pool.
    fn store_options(&mut self, left: &[GameId], right: &[GameId]) -> Options {
        if left.len() + right.len() <= INLINE_OPTIONS {
            let mut ids = [GameId(0); INLINE_OPTIONS];
            ids[..left.len()].copy_from_slice(left);
            ids[left.len()..left.len() + right.len()].copy_from_slice(right);
            return Options::Inline {
                ids,
                left: left.len() as u8,
                right: right.len() as u8,
            };
        }
        let n = left.len() + right.len();
        let Some(start) = pool_start(self.pool.len(), n) else {
            Interrupt::Limit(format!(
                "the arena's option pool holds {} options, and {n} more would pass the most its 32-bit indices reach; free unused games with `:gc`",
                self.pool.len()
            ))
            .raise()
        };
        super::memory::reserve(&mut self.pool, n, "the arena's option pool");
        self.pool.extend_from_slice(left);
        self.pool.extend_from_slice(right);
        Options::Pooled {
            start,
            left: left.len() as u32,
            right: right.len() as u32,
        }
    }

    /// The Left and the Right options of `g` (materialised: see [`Arena::ensure_options`]).
    pub(crate) fn sides(&self, g: GameId) -> (&[GameId], &[GameId]) {
        self.nodes[g.0 as usize].sides(&self.pool)
    }

    /// The number-up-star form of `g`, if it has one.
    #[inline]
    pub fn get_nus(&self, g: GameId) -> Option<Nus> {
        self.nodes[g.0 as usize].get_nus()
    }

    /// The value of `g` if it is a number.
    #[inline]
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        match self.nodes[g.0 as usize].get_nus() {
            Some(v) if v.is_number() => Some(v.number),
            _ => None,
        }
    }

    #[inline]
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// Left stop (WW ch. 3; Siegel, CGT, §II.5), kept for every node.
    #[inline]
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.nodes[g.0 as usize].left_stop()
    }

    #[inline]
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.nodes[g.0 as usize].right_stop()
    }

    /// Whether `g <= LS(g)` and whether `g >= RS(g)`, kept for every node.
    #[inline]
    pub fn stop_sides(&self, g: GameId) -> StopSides {
        self.nodes[g.0 as usize].stop_sides
    }

    /// Birthday: the height of the game tree of the canonical form, known for every node
    /// (closed forms for number-up-star values, one more than the options' for other games).
    /// Saturates at [`HUGE_BIRTHDAY`] (only numbers beyond 2^63, and games built on them, get
    /// there).
    pub fn birthday(&self, g: GameId) -> u64 {
        self.nodes[g.0 as usize].birthday
    }

    /// Makes sure a number-up-star node has its canonical options materialised.
    #[inline]
    pub fn ensure_options(&mut self, g: GameId) {
        if let Options::Lazy = self.nodes[g.0 as usize].options {
            let v = self.nodes[g.0 as usize]
                .get_nus()
                .expect("general nodes always have options");
            let (l, r) = self.nus_options(v);
            self.nodes[g.0 as usize].options = self.store_options(&l, &r);
        }
    }

    /// Indices of the Left options of `g` for [`Arena::pool_at`] (call
    /// [`Arena::ensure_options`] first). They stay valid while games are added.
    #[inline]
    pub(crate) fn left_indices(&self, g: GameId) -> std::ops::Range<usize> {
        self.nodes[g.0 as usize].indices(g, true)
    }

    #[inline]
    pub(crate) fn right_indices(&self, g: GameId) -> std::ops::Range<usize> {
        self.nodes[g.0 as usize].indices(g, false)
    }

    /// The option at index `i` of [`Arena::left_indices`] or [`Arena::right_indices`]: in
    /// the option pool, or held in its node.
    #[inline]
    pub(crate) fn pool_at(&self, i: usize) -> GameId {
        if i < INLINE_INDEX {
            return self.pool[i];
        }
        match &self.nodes[(i ^ INLINE_INDEX) >> 3].options {
            Options::Inline { ids, .. } => ids[i & 7],
            _ => unreachable!("an inline index names a node with inline options"),
        }
    }

    /// The Left options of the canonical form of `g`, in id order.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.ensure_options(g);
        self.sides(g).0.to_vec()
    }

    /// The Right options of the canonical form of `g`, in id order.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.ensure_options(g);
        self.sides(g).1.to_vec()
    }

    /// `f` applied to each Left (`left`) or Right option of `g`, in id order, without copying
    /// the options out first (the option pool only grows while `f` runs).
    #[inline]
    pub(crate) fn map_options(
        &mut self,
        g: GameId,
        left: bool,
        f: impl FnMut(&mut Arena, GameId) -> GameId,
    ) -> Vec<GameId> {
        let mut out = Vec::new();
        self.extend_options(&mut out, g, left, f);
        out
    }

    /// [`Arena::map_options`], appending to `out`.
    #[inline]
    pub(crate) fn extend_options(
        &mut self,
        out: &mut Vec<GameId>,
        g: GameId,
        left: bool,
        mut f: impl FnMut(&mut Arena, GameId) -> GameId,
    ) {
        self.ensure_options(g);
        let range = if left {
            self.left_indices(g)
        } else {
            self.right_indices(g)
        };
        out.reserve(range.len());
        for i in range {
            let o = self.pool_at(i);
            out.push(f(self, o));
        }
    }

    /// All options of `g`: the Left options, then the Right options.
    pub fn all_options(&mut self, g: GameId) -> Vec<GameId> {
        self.ensure_options(g);
        let (l, r) = self.sides(g);
        [l, r].concat()
    }

    pub(crate) fn cached_negative(&self, g: GameId) -> Option<GameId> {
        let n = self.nodes[g.0 as usize].negative;
        (n != UNKNOWN).then_some(GameId(n))
    }

    pub(crate) fn set_negative(&mut self, g: GameId, neg: GameId) {
        self.nodes[g.0 as usize].negative = neg.0;
        self.nodes[neg.0 as usize].negative = g.0;
    }

    /// Sizes and hit rates of the arena and its caches, for `:stats`.
    pub fn stats(&self) -> ArenaStats {
        ArenaStats {
            games: self.nodes.len(),
            option_pool: self.pool.len(),
            caches: vec![
                ("sum", self.sum_cache.stats()),
                ("compare", self.leq_cache.stats()),
                ("ordinal sum", self.ordinal_cache.stats()),
                ("norton", self.norton_cache.stats()),
                ("display order", self.display_order.stats()),
                ("uptimal", self.uptimal_memo.stats()),
                ("thermograph", self.thermographs.stats()),
            ],
        }
    }

    /// Copies the game `g` of another arena into this one (its canonical DAG, bottom-up),
    /// returning its id here. `memo` maps ids of `from` already imported.
    pub fn import(
        &mut self,
        from: &Arena,
        g: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        let node = &from.nodes[g.0 as usize];
        let h = if let Some(v) = node.get_nus() {
            self.nus(v)
        } else {
            let (l, r) = from.sides(g);
            let left = l.iter().map(|&o| self.import(from, o, memo)).collect();
            let right = r.iter().map(|&o| self.import(from, o, memo)).collect();
            self.intern_canonical(left, right)
        };
        memo.insert(g, h);
        h
    }

    /// Keeps only the games reachable from `roots` (their canonical DAGs): rebuilds the arena
    /// by re-interning them bottom-up into a fresh one and drops every operation cache. Ids
    /// change; returns the map from each surviving old id to its new id, and what was freed.
    /// Every holder of ids (variables, memos, threat games, positions' values) must be
    /// remapped through the map by the caller.
    pub fn compact(&mut self, roots: &[GameId]) -> (FxHashMap<GameId, GameId>, GcReport) {
        let before = (self.nodes.len(), self.memory_bytes());
        let mut fresh = Arena::with_cache_capacity(self.cache_capacity);
        let mut map = FxHashMap::default();
        map.insert(self.zero, fresh.zero);
        for &g in roots {
            fresh.import(self, g, &mut map);
        }
        fresh.metered = self.metered;
        *self = fresh;
        let after = (self.nodes.len(), self.memory_bytes());
        let report = GcReport {
            games_before: before.0,
            games_after: after.0,
            bytes_before: before.1,
            bytes_after: after.1,
        };
        (map, report)
    }

    /// Empties the operation caches (the games themselves stay).
    pub fn clear_op_caches(&mut self) {
        self.sum_cache.clear();
        self.leq_cache.clear();
        self.ordinal_cache.clear();
        self.norton_cache.clear();
        self.display_order.clear();
        self.uptimal_memo.clear();
        self.thermographs.clear();
        self.nus_forms.clear();
    }

    /// Approximate bytes used by the games and every operation cache: what `:limit memory`
    /// bounds.
    pub fn memory_bytes(&self) -> usize {
        self.approx_bytes()
            + self.sum_cache.approx_bytes()
            + self.leq_cache.approx_bytes()
            + self.ordinal_cache.approx_bytes()
            + self.norton_cache.approx_bytes()
            + self.uptimal_memo.approx_bytes()
            + self.display_order.len() * 64
            + self.thermographs.len() * 256
    }

    /// Approximate bytes used by nodes, the option pool and the indexes.
    pub fn approx_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.pool.capacity() * std::mem::size_of::<GameId>()
            + self.nus_index.capacity() * (std::mem::size_of::<Nus>() + 4)
            + self.general_index.approx_bytes()
    }
}

/// Where a run of `n` options goes in an option pool of `len` ids: at its end, if the run
/// ends within reach of the `u32` indices of [`Options::Pooled`] (`None` otherwise: the
/// index would wrap).
fn pool_start(len: usize, n: usize) -> Option<u32> {
    (len.checked_add(n)? <= u32::MAX as usize).then_some(len as u32)
}

/// What [`Arena::compact`] freed.
#[derive(Clone, Copy, Debug)]
pub struct GcReport {
    pub games_before: usize,
    pub games_after: usize,
    /// [`Arena::memory_bytes`] before and after (games and operation caches).
    pub bytes_before: usize,
    pub bytes_after: usize,
}

impl GcReport {
    /// `freed 1234 games (5.6 MiB); the arena keeps 78 games (0.1 MiB)`.
    pub fn text(&self) -> String {
        let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
        let freed = self.games_before.saturating_sub(self.games_after);
        format!(
            "freed {freed} game{} ({:.1} MiB); the arena keeps {} game{} ({:.1} MiB)",
            if freed == 1 { "" } else { "s" },
            mib(self.bytes_before.saturating_sub(self.bytes_after)),
            self.games_after,
            if self.games_after == 1 { "" } else { "s" },
            mib(self.bytes_after)
        )
    }
}

/// Statistics reported by `:stats`.
pub struct ArenaStats {
    pub games: usize,
    pub option_pool: usize,
    pub caches: Vec<NamedStats>,
}

/// Birthday of a number: `|n|` for integers, `floor(|x|) + k + 1` for `x = m/2^k`, `k >= 1`
/// (ONAG ch. 0; Siegel, CGT, II.3).
/// Saturates at [`HUGE_BIRTHDAY`] for numbers beyond 2^63 (see [`Arena::birthday`]).
fn number_birthday(x: Dyadic) -> u64 {
    let a = x.abs();
    let Some(whole) = a.floor_dyadic().to_i64() else {
        return HUGE_BIRTHDAY;
    };
    let b = if a.is_integer() {
        whole as u64
    } else {
        (whole as u64)
            .saturating_add(a.den_exp() as u64)
            .saturating_add(1)
    };
    b.min(HUGE_BIRTHDAY)
}

/// Birthday of the infinitesimal `k·↑ + *n`: `n` for `k = 0`, else `|k| + max(1, n xor (|k| mod
/// 2))`.
///
/// For `k >= 1` the canonical forms form a chain `k·↑ + *n = {0 | (k-1)·↑ + *(n xor 1)}` down
/// to `↑ + *m = {0 | *(m xor 1)}` (`m != 1`) or `↑* = {0, * | 0}` (see `Arena::nus_options`),
/// so the birthday is `k - 1` plus that of `↑ + *m`, which is `1 + max(1, m xor 1)`; `k <= -1`
/// is the negative. Adding a number `x` adds its birthday: `x + G = {x + G^L | x + G^R}` is
/// canonical for `G` not a number (translation, Siegel, CGT, §II.3), down to the leaf
/// `x + 0 = x`.
pub(crate) fn infinitesimal_birthday(ups: i64, nim: u32) -> u64 {
    if ups == 0 {
        return u64::from(nim);
    }
    let k = ups.unsigned_abs();
    // k <= 2^63 and the nimber part < 2^32: no overflow
    k + u64::from((nim ^ (k & 1) as u32).max(1))
}

#[cfg(test)]
mod tests {
    use super::pool_start;

    /// Pool indices are `u32`: a run that would end past `u32::MAX` is refused instead of
    /// wrapping (`pool.len() as u32` once would have, past 2^32 option ids).
    #[test]
    fn pool_runs_stay_within_u32_indices() {
        let max = u32::MAX as usize;
        assert_eq!(pool_start(0, 5), Some(0));
        assert_eq!(pool_start(max - 5, 5), Some(u32::MAX - 5));
        assert_eq!(pool_start(max - 5, 6), None);
        assert_eq!(pool_start(max + 1, 0), None);
        assert_eq!(pool_start(usize::MAX, 1), None);
    }
}
