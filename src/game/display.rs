//! Printing canonical games in CGSuite's plain-text conventions.
//!
//! Number-up-star values print compactly (`3/2`, `^^*`, `v3`, `73/16v9*8`); `^<n>`, `^[n]`
//! (optionally shifted by a number and plus `*`) are recognised; switches `{G|-G}` print as
//! `+-G`; `x + {0||0|-G}` prints as `xTiny(G)` and `x + {G|0||0}` as `xMiny(G)`. Other games use
//! slash notation with the fewest bars: a general option is written inline (without braces)
//! when it is the only option on its side and needs fewer than four bars; otherwise it gets
//! braces. Options are ordered as CGSuite orders them: numbers by value, nimbers, uptimals by
//! expansion, then other games by their options. Every printed form parses back to the value.

use std::fmt::Write;

use super::arena::{Arena, GameId, Nus};
use super::interrupt::check_cancel;
use super::number::Dyadic;
use super::uptimal::UptimalExpansion;

/// Slash runs longer than this are never written: the game gets braces instead.
pub(crate) const MAX_SLASHES: usize = 4;

/// How a [`Arena::summary`] ends.
pub(crate) const SUMMARY_TAIL: &str = "too long to print: `:print-limit 0` prints it in full";

/// Default limit on printed characters before a summary is printed instead.
pub const DEFAULT_PRINT_LIMIT: usize = 10_000;

/// Which `Conway-style` uptimal a general game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UptimalShape {
    /// `x + sign·↑^n (+ *)`, printed `x^<n>` or `xv<n>`.
    UpNth,
    /// `x + sign·↑^→n (+ *)`, printed `x^[n]` or `xv[n]`.
    UpTo,
}

/// A recognised uptimal `number + sign·shape(n) + *nim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uptimal {
    pub number: Dyadic,
    pub shape: UptimalShape,
    pub n: u32,
    pub negative: bool,
    /// The nimber added (`*m`).
    pub nim: u32,
}

/// How a game prints at the top level (shared with the LaTeX printer, `latex.rs`).
#[derive(Clone, Debug)]
pub(crate) enum Form {
    Nus(Nus),
    Uptimal(Uptimal),
    Switch(Vec<GameId>),
    Tiny {
        shift: Dyadic,
        sub: GameId,
        miny: bool,
    },
    General,
}

/// The ids of `^<n>` and `^[n]` built so far (index `n - 1`).
#[derive(Default)]
pub struct UptimalTable {
    up_nth: Vec<GameId>,
    up_to: Vec<GameId>,
}

impl Arena {
    /// `↑^n` (up-nth, Conway): `↑^1 = ↑`, `↑^(n+1) = {0 | ↓^→n *}` (WW ch. 9; Siegel, CGT,
    /// II.4), so that `↑^→n = ↑ + ↑^2 + ... + ↑^n`.
    pub fn up_nth(&mut self, n: u32) -> GameId {
        assert!(n >= 1);
        while self.uptimals.up_nth.len() < n as usize {
            let k = self.uptimals.up_nth.len() as u32;
            let next = if k == 0 {
                self.up_multiple(1, 0)
            } else {
                let sum = self.up_to(k);
                let down = self.neg(sum);
                let star = self.nimber(1);
                let right = self.add(down, star);
                let zero = self.zero();
                self.game(vec![zero], vec![right])
            };
            self.uptimals.up_nth.push(next);
        }
        self.uptimals.up_nth[n as usize - 1]
    }

    /// `↑^→n = ↑ + ↑^2 + ... + ↑^n`, which is `{↑^→(n-1) | *}` (`^[2] = {^|*}`).
    pub fn up_to(&mut self, n: u32) -> GameId {
        assert!(n >= 1);
        while self.uptimals.up_to.len() < n as usize {
            let next = match self.uptimals.up_to.last() {
                None => self.up_multiple(1, 0),
                Some(&prev) => {
                    let star = self.nimber(1);
                    self.game(vec![prev], vec![star])
                }
            };
            self.uptimals.up_to.push(next);
        }
        self.uptimals.up_to[n as usize - 1]
    }

    /// The value of a recognised uptimal.
    pub fn uptimal_value(&mut self, u: Uptimal) -> GameId {
        let mut g = match u.shape {
            UptimalShape::UpNth => self.up_nth(u.n),
            UptimalShape::UpTo => self.up_to(u.n),
        };
        if u.negative {
            g = self.neg(g);
        }
        if u.nim != 0 {
            let s = self.nimber(u.nim);
            g = self.add(g, s);
        }
        let x = self.number(u.number);
        self.add(g, x)
    }

    /// Recognises `x ± ^<n> + *m` and `x ± ^[n] + *m` for `n >= 2` among general games: the
    /// uptimals that CGSuite prints compactly (its `Uptimal` output for unit expansions and
    /// sums of units).
    pub fn as_uptimal(&mut self, g: GameId) -> Option<Uptimal> {
        if self.get_nus(g).is_some() {
            return None;
        }
        let e = self.uptimal_expansion(g)?;
        if e.len() < 2 {
            return None;
        }
        let shape = if e.is_unit() {
            UptimalShape::UpNth
        } else if e.is_unit_sum() {
            UptimalShape::UpTo
        } else {
            return None;
        };
        Some(Uptimal {
            number: e.number,
            shape,
            n: e.len() as u32,
            negative: e.coefficient(e.len()) < 0,
            nim: e.nim,
        })
    }

    /// Prints `g` in full.
    pub fn display(&mut self, g: GameId) -> String {
        self.display_limited(g, usize::MAX).unwrap_or_default()
    }

    /// Prints `g`, or returns `None` once the text passes `limit` characters.
    pub fn display_limited(&mut self, g: GameId, limit: usize) -> Option<String> {
        let mut p = Printer {
            out: String::new(),
            limit,
        };
        p.append(self, g, true, false)?;
        Some(p.out)
    }

    /// Sorts games into the order in which printed output lists options (see
    /// [`Arena::display_cmp`]).
    pub fn sort_for_display(&mut self, mut games: Vec<GameId>) -> Vec<GameId> {
        games.sort_by(|&a, &b| self.display_cmp(a, b));
        games
    }

    /// CGSuite's `DeterministicOrdering` of games, the order of printed options: numbers by
    /// value, then nimbers, then uptimals by their expansions (number part, digits, length,
    /// nimber), then other games by their sorted Left options compared one by one in this
    /// order (a list that runs out first is smaller), then likewise by their Right options.
    pub fn display_cmp(&mut self, g: GameId, h: GameId) -> std::cmp::Ordering {
        use std::cmp::Ordering::Equal;
        if g == h {
            return Equal;
        }
        let (cg, kg) = self.option_rank(g);
        let (ch, kh) = self.option_rank(h);
        let c = cg.cmp(&ch).then_with(|| kg.cmp_within(&kh));
        if c != Equal || cg != 3 {
            return c;
        }
        check_cancel();
        for left in [true, false] {
            let a = self.sorted_options(g, left);
            let b = self.sorted_options(h, left);
            for (&x, &y) in a.iter().zip(b.iter()) {
                let c = self.display_cmp(x, y);
                if c != Equal {
                    return c;
                }
            }
            if a.len() != b.len() {
                return a.len().cmp(&b.len());
            }
        }
        Equal
    }

    /// The options of one side of `g` in display order (memoised).
    fn sorted_options(&mut self, g: GameId, left: bool) -> Vec<GameId> {
        if let Some(v) = self.display_order.get(&(g, left)) {
            return v;
        }
        let opts = if left {
            self.left_options(g)
        } else {
            self.right_options(g)
        };
        let v = self.sort_for_display(opts);
        self.display_order.insert((g, left), v.clone());
        v
    }

    /// Prints `g` as an option inside a larger game (braced when `braced`) and returns the
    /// text with the number of bars of its outermost level (0 when atomic or braced). Used by
    /// the threat-game printer so short parts print exactly as the arena prints them.
    pub(crate) fn display_option(&mut self, g: GameId, braced: bool) -> (String, usize) {
        let mut p = Printer {
            out: String::new(),
            limit: usize::MAX,
        };
        let bars = p.append(self, g, braced, false).unwrap_or(0);
        (p.out, bars)
    }

    /// `g` for an error message: its text when short, else `a game born on day N` (an error
    /// must stay shorter than what it is about).
    pub fn display_brief(&mut self, g: GameId) -> String {
        const BRIEF: usize = 80;
        self.display_limited(g, BRIEF)
            .unwrap_or_else(|| match self.birthday(g) {
                super::arena::HUGE_BIRTHDAY => {
                    "a game born after day 2^63 (too long to show)".into()
                }
                b => format!("a game born on day {b} (too long to show)"),
            })
    }

    /// A one-line description of a game too large to print. Every figure comes from closed
    /// forms or one walk over the general followers, and long figures are shortened.
    pub fn summary(&mut self, g: GameId) -> String {
        const TAIL: &str = SUMMARY_TAIL;
        /// `text` itself if short, else its first and last 20 characters around `...`.
        fn shorten(text: &str) -> String {
            const KEEP: usize = 20;
            let chars: Vec<char> = text.chars().collect();
            if chars.len() <= 3 * KEEP {
                return text.to_string();
            }
            let head: String = chars[..KEEP].iter().collect();
            let tail: String = chars[chars.len() - KEEP..].iter().collect();
            format!("{head}...{tail}")
        }
        if let Some(v) = self.get_nus(g) {
            // only a number part with thousands of digits makes a compact value this long
            let mut text = String::new();
            write_nus(&mut text, v);
            return format!("<{} ({} characters); {TAIL}>", shorten(&text), text.len());
        }
        let birthday = self.exact_birthday(g);
        let followers = self.count_followers(g);
        let mean = self.mean(g);
        format!(
            "<game with birthday {}, {} distinct followers, stops {} and {}, mean {}; {TAIL}>",
            shorten(&birthday.to_string()),
            shorten(&followers.to_string()),
            shorten(&self.left_stop(g).to_string()),
            shorten(&self.right_stop(g).to_string()),
            shorten(&mean.to_string()),
        )
    }

    pub(crate) fn form(&mut self, g: GameId) -> Form {
        if let Some(v) = self.get_nus(g) {
            return Form::Nus(v);
        }
        if let Some(u) = self.as_uptimal(g) {
            return Form::Uptimal(u);
        }
        if self.neg(g) == g {
            return Form::Switch(self.left_options(g));
        }
        let lo = self.left_options(g);
        let ro = self.right_options(g);
        if lo.len() == 1 && ro.len() == 1 {
            // x + Tiny(H) = {x || x | x - H}
            if let Some(x) = self.as_number(lo[0]) {
                let rl = self.left_options(ro[0]);
                let rr = self.right_options(ro[0]);
                if rl.len() == 1 && rr.len() == 1 && rl[0] == lo[0] && self.mean_below(rr[0], x) {
                    let sub = self.sub(lo[0], rr[0]);
                    return Form::Tiny {
                        shift: x,
                        sub,
                        miny: false,
                    };
                }
            }
            // x + Miny(H) = {x + H | x || x}
            if let Some(x) = self.as_number(ro[0]) {
                let ll = self.left_options(lo[0]);
                let lr = self.right_options(lo[0]);
                if ll.len() == 1 && lr.len() == 1 && lr[0] == ro[0] && self.mean_above(ll[0], x) {
                    let sub = self.sub(ll[0], ro[0]);
                    return Form::Tiny {
                        shift: x,
                        sub,
                        miny: true,
                    };
                }
            }
        }
        Form::General
    }

    /// `mean(g) < x`, the side condition of CGSuite's Tiny/Miny notation.
    fn mean_below(&mut self, g: GameId, x: Dyadic) -> bool {
        self.mean(g) < x
    }

    /// `mean(g) > x`.
    fn mean_above(&mut self, g: GameId, x: Dyadic) -> bool {
        self.mean(g) > x
    }

    /// The order of options in printed output (CGSuite's `DeterministicOrdering`): numbers by
    /// value, nimbers, uptimals by their expansions, then other games.
    fn option_rank(&mut self, g: GameId) -> (u8, RankKey) {
        if let Some(v) = self.get_nus(g) {
            if v.is_number() {
                return (0, RankKey::Number(v.number));
            }
            if v.number.is_zero() && v.ups == 0 {
                return (1, RankKey::Nim(v.nim));
            }
        }
        if let Some(e) = self.uptimal_expansion(g) {
            return (2, RankKey::Uptimal(e));
        }
        (3, RankKey::General)
    }
}

#[derive(PartialEq, Eq, Clone, Debug)]
enum RankKey {
    Number(Dyadic),
    Nim(u32),
    Uptimal(UptimalExpansion),
    General,
}

impl RankKey {
    fn cmp_within(&self, other: &RankKey) -> std::cmp::Ordering {
        use std::cmp::Ordering::Equal;
        match (self, other) {
            (RankKey::Number(a), RankKey::Number(b)) => a.cmp(b),
            (RankKey::Nim(a), RankKey::Nim(b)) => a.cmp(b),
            (RankKey::Uptimal(a), RankKey::Uptimal(b)) => a.cgsuite_cmp(b),
            _ => Equal,
        }
    }
}

struct Printer {
    out: String,
    limit: usize,
}

impl Printer {
    fn check(&self) -> Option<()> {
        (self.out.len() <= self.limit).then_some(())
    }

    fn sorted(&mut self, arena: &mut Arena, opts: Vec<GameId>) -> Option<Vec<GameId>> {
        self.check()?;
        Some(arena.sort_for_display(opts))
    }

    /// Appends `g`; returns the number of bars its outermost level uses when written without
    /// braces (0 when it is atomic or braced).
    fn append(
        &mut self,
        arena: &mut Arena,
        g: GameId,
        force_brackets: bool,
        force_parens: bool,
    ) -> Option<usize> {
        check_cancel();
        self.check()?;
        match arena.form(g) {
            Form::Nus(v) => {
                let compound = !(v.is_number()
                    || (v.number.is_zero() && v.ups == 0)
                    || (v.number.is_zero() && v.nim == 0));
                let parens = force_parens && compound;
                if parens {
                    self.out.push('(');
                }
                write_nus(&mut self.out, v);
                if parens {
                    self.out.push(')');
                }
                Some(0)
            }
            Form::Uptimal(u) => {
                let parens = force_parens && (!u.number.is_zero() || u.nim != 0);
                if parens {
                    self.out.push('(');
                }
                write_uptimal(&mut self.out, u);
                if parens {
                    self.out.push(')');
                }
                Some(0)
            }
            Form::Switch(lo) => {
                let lo = self.sorted(arena, lo)?;
                self.out.push_str("+-");
                if lo.len() > 1 {
                    self.out.push('{');
                }
                for (i, &o) in lo.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.append(arena, o, true, lo.len() == 1)?;
                }
                if lo.len() > 1 {
                    self.out.push('}');
                }
                Some(0)
            }
            Form::Tiny { shift, sub, miny } => {
                if force_parens {
                    self.out.push('(');
                }
                if !shift.is_zero() {
                    let _ = write!(self.out, "{shift}");
                }
                self.out.push_str(if miny { "Miny(" } else { "Tiny(" });
                self.append(arena, sub, true, false)?;
                self.out.push(')');
                if force_parens {
                    self.out.push(')');
                }
                Some(0)
            }
            Form::General => {
                let lo = arena.left_options(g);
                let ro = arena.right_options(g);
                let lo = self.sorted(arena, lo)?;
                let ro = self.sorted(arena, ro)?;
                let mut left = Printer {
                    out: String::new(),
                    limit: self.limit.saturating_sub(self.out.len()),
                };
                let mut slashes = 1;
                for (i, &o) in lo.iter().enumerate() {
                    if i > 0 {
                        left.out.push(',');
                    }
                    slashes = slashes.max(left.append(arena, o, lo.len() > 1, false)? + 1);
                }
                let mut right = Printer {
                    out: String::new(),
                    limit: left.limit.saturating_sub(left.out.len()),
                };
                for (i, &o) in ro.iter().enumerate() {
                    if i > 0 {
                        right.out.push(',');
                    }
                    slashes = slashes.max(right.append(arena, o, ro.len() > 1, false)? + 1);
                }
                let braces = force_brackets || slashes >= MAX_SLASHES;
                if braces {
                    self.out.push('{');
                }
                self.out.push_str(&left.out);
                for _ in 0..slashes {
                    self.out.push('|');
                }
                self.out.push_str(&right.out);
                if braces {
                    self.out.push('}');
                }
                self.check()?;
                Some(if braces { 0 } else { slashes })
            }
        }
    }
}

/// Writes `x`, then the up part (`^`, `^^`, `^3`, `v`, `vv`, `v3`), then the nimber (`*`, `*n`).
pub fn write_nus(out: &mut String, v: Nus) {
    if !v.number.is_zero() || (v.ups == 0 && v.nim == 0) {
        let _ = write!(out, "{}", v.number);
    }
    let sym = if v.ups > 0 { '^' } else { 'v' };
    match v.ups.unsigned_abs() {
        0 => {}
        1 => out.push(sym),
        2 => {
            out.push(sym);
            out.push(sym);
        }
        k => {
            out.push(sym);
            let _ = write!(out, "{k}");
        }
    }
    match v.nim {
        0 => {}
        1 => out.push('*'),
        n => {
            let _ = write!(out, "*{n}");
        }
    }
}

fn write_uptimal(out: &mut String, u: Uptimal) {
    if !u.number.is_zero() {
        let _ = write!(out, "{}", u.number);
    }
    let sym = if u.negative { 'v' } else { '^' };
    let _ = match u.shape {
        UptimalShape::UpNth => write!(out, "{sym}<{}>", u.n),
        UptimalShape::UpTo => write!(out, "{sym}[{}]", u.n),
    };
    match u.nim {
        0 => {}
        1 => out.push('*'),
        n => {
            let _ = write!(out, "*{n}");
        }
    }
}
