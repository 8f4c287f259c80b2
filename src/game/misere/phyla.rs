//! Which misère games play like Nim: tame, restive and restless games (Conway, ONAG ch. 12;
//! WW ch. 13, "tame" and "restive" games; the classes as CGSuite's misère code names them).
//!
//! A genus is *tame* when it is the genus of a position of misère Nim: `0^120` (an even
//! number of one-heaps), `1^031` (an odd number), or `a^(a, a xor 2)` (a position with a
//! larger heap, whose nim-sum is `a`). A game is tame when it and every one of its followers
//! have tame genera: such games add like Nim positions (Conway's tame games).

use super::{MisereId, MisereStore};

/// Terms of a genus computed before it is cut where it alternates.
pub const GENUS_TERMS: usize = 64;

impl MisereStore {
    /// Whether `(g, γ)` (as [`MisereStore::genus`] gives it) is the genus of a misère Nim
    /// position: `0^120`, `1^031` or `a^(a, a xor 2)`.
    pub fn is_tame_genus(g: u32, gammas: &[u32]) -> bool {
        match gammas {
            [1, 2, 0] => g == 0,
            [0, 3, 1] => g == 1,
            [a, b] => *a == g && *b == g ^ 2,
            _ => false,
        }
    }

    /// Whether `g` is tame: it and all its followers have the genus of a misère Nim position
    /// (remembered per game: restive and restless ask it of every option).
    pub fn is_tame(&mut self, g: MisereId) -> bool {
        if let Some(&t) = self.tame.get(&g) {
            return t;
        }
        let options = self.options(g).to_vec();
        let tame = options.into_iter().all(|o| self.is_tame(o)) && {
            let (n, gammas) = self.genus(g, GENUS_TERMS);
            Self::is_tame_genus(n, &gammas)
        };
        self.tame.insert(g, tame);
        tame
    }

    /// Whether `g` is restive: not tame, every option tame, and its normal-play nim value 0
    /// or 1 (WW ch. 13; CGSuite's hereditarily restive games).
    pub fn is_restive(&mut self, g: MisereId) -> bool {
        self.options_tame_but_not(g) && self.normal_grundy(g) <= 1
    }

    /// Whether `g` is restless: not tame and not restive, every option tame, and its misère
    /// nim value 0 or 1 (CGSuite's restless games).
    pub fn is_restless(&mut self, g: MisereId) -> bool {
        self.options_tame_but_not(g) && self.normal_grundy(g) > 1 && self.misere_grundy(g) <= 1
    }

    /// `g` is not tame, but all its options are.
    fn options_tame_but_not(&mut self, g: MisereId) -> bool {
        let options = self.options(g).to_vec();
        options.into_iter().all(|o| self.is_tame(o)) && !self.is_tame(g)
    }

    /// Whether `g` is introverted, a part of each of its options: by Conway's
    /// extraversion-introversion theorem only 0 and `*` are (ONAG ch. 12).
    pub fn is_introverted(&mut self, g: MisereId) -> bool {
        g == self.zero() || self.heap_size(g) == Some(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps and sums of them are tame (they are Nim positions); `{*2}` has genus 0^02
    /// (hand: its normal value is mex{2} = 0, misère mex{2} = 0, and with *2 added the options
    /// *2 + *2 (γ 0), {*2} + * (γ mex{3, 0} = 1) and {*2} (γ 0) give γ 2), a tame genus, and
    /// its option *2 is tame, so it is tame though not a heap.
    #[test]
    fn nim_positions_and_a_non_heap_are_tame() {
        let mut s = MisereStore::new();
        for n in 0..6 {
            let h = s.nimber(n);
            assert!(s.is_tame(h), "*{n}");
            let twice = s.add(h, h);
            assert!(s.is_tame(twice), "*{n} + *{n}");
        }
        let h2 = s.nimber(2);
        let g = s.game(vec![h2]);
        assert_eq!(s.genus(g, GENUS_TERMS), (0, vec![0, 2]));
        assert!(s.is_tame(g));
        assert!(!s.is_restive(g) && !s.is_restless(g));
    }

    /// On every game born by day 3 the three classes exclude each other and every heap is
    /// tame.
    #[test]
    fn classes_follow_their_definitions_on_day_three() {
        let mut s = MisereStore::new();
        let games = super::super::born_by(&mut s, 3);
        for g in games {
            let (tame, restive, restless) = (s.is_tame(g), s.is_restive(g), s.is_restless(g));
            assert!(
                [tame, restive, restless].iter().filter(|&&b| b).count() <= 1,
                "{}",
                s.text(g)
            );
            if s.heap_size(g).is_some() {
                assert!(tame, "heap {}", s.text(g));
            }
        }
    }

    /// `G = {{*2}, 0}` (`*[2#0]`) by hand: its options are tame; its normal value is
    /// mex{0, 0} = 1 and its misère value mex{0, 1} = 2, so it is restive (not tame: 1^2...
    /// is no Nim genus). With *2 added its options are {*2} + *2 (γ 2), *2 (γ 2), G (γ 2) and
    /// G + *, whose options {*2} + * (γ 1), * (γ 0) and G (γ 2) give γ 3: so γ1 = mex{2, 3}
    /// = 0 and the genus is 1^20. Its mate `{mate {*2}, mate 0} = {{*2}, *}` (`*[2#1]`) has
    /// normal value 2 and misère value mex{0, 0} = 1: restless.
    #[test]
    fn a_restive_game_and_its_restless_mate_by_hand() {
        let mut s = MisereStore::new();
        let (zero, one, two) = (s.zero(), s.nimber(1), s.nimber(2));
        let sharp = s.game(vec![two]);
        let g = s.game(vec![sharp, zero]);
        assert_eq!(s.text(g), "*[2#0]");
        assert_eq!(s.genus(g, GENUS_TERMS), (1, vec![2, 0]));
        assert!(s.is_restive(g) && !s.is_tame(g) && !s.is_restless(g));
        let m = s.mate(g);
        assert_eq!(m, s.game(vec![sharp, one]));
        assert_eq!(s.text(m), "*[2#1]");
        assert!(s.is_restless(m) && !s.is_restive(m) && !s.is_tame(m));
    }

    #[test]
    fn only_zero_and_star_are_introverted() {
        let mut s = MisereStore::new();
        let (z, one, two) = (s.zero(), s.nimber(1), s.nimber(2));
        assert!(s.is_introverted(z) && s.is_introverted(one) && !s.is_introverted(two));
        let g = s.game(vec![two]);
        assert!(!s.is_introverted(g));
    }
}
