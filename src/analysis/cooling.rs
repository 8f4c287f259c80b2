//! Cooling, heating and overheating (WW ch. 6; Siegel, CGT, II.5; Berlekamp, *The economist's
//! view of combinatorial games*).

use super::Analysis;
use crate::game::interrupt::check_cancel;
use crate::game::{Dyadic, GameId};

impl Analysis<'_> {
    /// `G` cooled by `t` (`t > -1`): `G_t = {G^L_t - t | G^R_t + t}`, unless `t` exceeds the
    /// temperature of `G`, where `G_t` is the mean (Siegel, CGT, §II.5). As in CGSuite,
    /// numbers cool too below their (negative) temperature: `cool(1/4, -1/4) = 1/4*`.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> GameId {
        debug_assert!(t > Dyadic::MINUS_ONE);
        if let Some(r) = self.memo.cool.get(&(g, t)) {
            return r;
        }
        check_cancel();
        let r = if t > self.arena.temperature(g) {
            let m = self.arena.mean(g);
            self.arena.number(m)
        } else {
            let shift = self.arena.number(t);
            let mut left = Vec::new();
            for gl in self.arena.left_options(g) {
                let c = self.cool(gl, t);
                left.push(self.arena.sub(c, shift));
            }
            let mut right = Vec::new();
            for gr in self.arena.right_options(g) {
                let c = self.cool(gr, t);
                right.push(self.arena.add(c, shift));
            }
            self.arena.game(left, right)
        };
        self.memo.cool.insert((g, t), r);
        r
    }

    /// `freeze(G)`: `G` cooled by its own temperature; numbers are unchanged (CGSuite's
    /// `Freeze`: `freeze(-1/2)` is `-1/2`, `freeze(9/8*)` is `9/8*`).
    pub fn freeze(&mut self, g: GameId) -> GameId {
        if self.arena.is_number(g) {
            return g;
        }
        let t = self.arena.temperature(g);
        self.cool(g, t)
    }

    /// Heating by a game `t`: `∫^t G = G` for a number `G`, else `{∫G^L + t | ∫G^R - t}`
    /// (WW ch. 6; Siegel, CGT, II.5). `t` may be any game (`heat(^^, *)` is `0`).
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        if self.arena.is_number(g) {
            return g;
        }
        if let Some(r) = self.memo.heat.get(&(g, t)) {
            return r;
        }
        check_cancel();
        let mut left = Vec::new();
        for gl in self.arena.left_options(g) {
            let h = self.heat(gl, t);
            left.push(self.arena.add(h, t));
        }
        let mut right = Vec::new();
        for gr in self.arena.right_options(g) {
            let h = self.heat(gr, t);
            right.push(self.arena.sub(h, t));
        }
        let r = self.arena.game(left, right);
        self.memo.heat.insert((g, t), r);
        r
    }

    /// Overheating from `s` to `t` (Berlekamp): an integer `n` becomes `n.s` (n copies of s),
    /// any other game `{∫G^L + t | ∫G^R - t}`. `overheat(7/16, 0, 0)` is `^[3]`.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId {
        if let Some(x) = self.arena.as_number(g)
            && x.is_integer()
        {
            return self.arena.multiple(x.numerator(), s);
        }
        if let Some(r) = self.memo.overheat.get(&(g, s, t)) {
            return r;
        }
        check_cancel();
        let mut left = Vec::new();
        for gl in self.arena.left_options(g) {
            let h = self.overheat(gl, s, t);
            left.push(self.arena.add(h, t));
        }
        let mut right = Vec::new();
        for gr in self.arena.right_options(g) {
            let h = self.overheat(gr, s, t);
            right.push(self.arena.sub(h, t));
        }
        let r = self.arena.game(left, right);
        self.memo.overheat.insert((g, s, t), r);
        r
    }
}
