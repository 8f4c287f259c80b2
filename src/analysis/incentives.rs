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
