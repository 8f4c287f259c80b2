//! Incentives (WW ch. 8; Siegel, CGT, II.5; CGSuite's `Incentives`, `LeftIncentives`,
//! `RightIncentives`): Left's incentives are `G^L - G`, Right's are `G - G^R`, over the options of
//! the canonical form. Both players want large incentives, so, as CGSuite does, only the
//! maximal ones are kept: an incentive `<=` another of the same list is dropped. `incentives(G)`
//! applies this to Left's and Right's together, so a Left incentive can remove a Right one.

use crate::game::{Arena, GameId};

impl Arena {
    /// `G^L - G` for the Left options of `g`, dominated ones removed.
    pub fn left_incentives(&mut self, g: GameId) -> Vec<GameId> {
        self.incentives_of(g, true, false)
    }

    /// `G - G^R` for the Right options of `g`, dominated ones removed.
    pub fn right_incentives(&mut self, g: GameId) -> Vec<GameId> {
        self.incentives_of(g, false, true)
    }

    /// Left's and Right's incentives together, dominated ones removed.
    pub fn incentives(&mut self, g: GameId) -> Vec<GameId> {
        self.incentives_of(g, true, true)
    }

    fn incentives_of(&mut self, g: GameId, left: bool, right: bool) -> Vec<GameId> {
        let mut all = Vec::new();
        if left {
            for gl in self.left_options(g) {
                all.push(self.sub(gl, g));
            }
        }
        if right {
            for gr in self.right_options(g) {
                all.push(self.sub(g, gr));
            }
        }
        all.sort_unstable();
        all.dedup();
        let mut kept = Vec::with_capacity(all.len());
        for (i, &x) in all.iter().enumerate() {
            let dominated = all
                .iter()
                .enumerate()
                .any(|(j, &y)| j != i && self.leq(x, y));
            if !dominated {
                kept.push(x);
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use crate::lang::Session;
    use crate::lang::test_util::game;

    fn texts(s: &mut Session, gs: Vec<crate::game::GameId>) -> Vec<String> {
        let mut v: Vec<String> = gs.into_iter().map(|g| s.arena.display(g)).collect();
        v.sort();
        v
    }

    /// Rows of CGSuite's CanonicalShortGameTestCase.scala (shared/checks/data): incentives,
    /// left incentives, right incentives.
    #[test]
    fn cgsuite_rows() {
        // (game, incentives, left incentives, right incentives)
        type Row<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);
        let rows: [Row; 6] = [
            ("0", &[], &[], &[]),
            ("5", &["-1"], &["-1"], &[]),
            ("-1/2", &["-1/2"], &["-1/2"], &["-1/2"]),
            ("v*", &["^*"], &["^*"], &["v", "v*"]),
            (
                "*8",
                &["*10", "*11", "*12", "*13", "*14", "*15", "*8", "*9"],
                &["*10", "*11", "*12", "*13", "*14", "*15", "*8", "*9"],
                &["*10", "*11", "*12", "*13", "*14", "*15", "*8", "*9"],
            ),
            (
                "{0||0|vvv}",
                &["{^3,{^3|0}|0}"],
                &["{^3|0||0}"],
                &["{^3,{^3|0}|0}"],
            ),
        ];
        let mut s = Session::new();
        for (src, all, left, right) in rows {
            let g = game(&mut s, src);
            let got = s.arena.incentives(g);
            assert_eq!(texts(&mut s, got), all, "incentives({src})");
            let got = s.arena.left_incentives(g);
            assert_eq!(texts(&mut s, got), left, "linc({src})");
            let got = s.arena.right_incentives(g);
            assert_eq!(texts(&mut s, got), right, "rinc({src})");
        }
    }
}
