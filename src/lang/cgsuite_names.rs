//! CGSuite's names for what this calculator calls otherwise: `:help Temperature`, a call
//! `Temperature(G)` and `g.Mean` all point to ours ("CGSuite's Temperature is `temp` here").

/// What one of CGSuite's names is here.
#[derive(Clone, Copy, Debug)]
pub struct CgsuiteName {
    /// CGSuite's name (a method of `CanonicalShortGame` or a library function).
    pub cgsuite: &'static str,
    /// Our function of the same meaning, if there is one.
    pub ours: Option<&'static str>,
    /// What to do instead when there is no function (`ours` is `None`).
    pub note: &'static str,
}

const fn to(cgsuite: &'static str, ours: &'static str) -> CgsuiteName {
    CgsuiteName {
        cgsuite,
        ours: Some(ours),
        note: "",
    }
}

/// The names, alphabetically.
pub static CGSUITE_NAMES: &[CgsuiteName] = &[
    to("AtomicWeight", "aw"),
    to("Birthday", "birthday"),
    CgsuiteName {
        cgsuite: "CanonicalForm",
        ours: None,
        note: "every value prints in canonical form: type the game itself; explain({L | R}) shows the steps",
    },
    to("Chill", "chill"),
    to("Cool", "cool"),
    CgsuiteName {
        cgsuite: "DawsonsKayles",
        ours: None,
        note: "Dawson's Kayles is the octal game 0.07: octal(\"0.07\", n) is a heap of n",
    },
    to("Followers", "followers"),
    to("Freeze", "freeze"),
    to("Heat", "heat"),
    to("Incentives", "incentives"),
    to("IsAllSmall", "isallsmall"),
    to("IsEven", "iseven"),
    to("IsInfinitesimal", "isinfinitesimal"),
    to("IsInteger", "isinteger"),
    to("IsNimber", "isnimber"),
    to("IsNumber", "isnumber"),
    to("IsNumberish", "isnumberish"),
    to("IsOdd", "isodd"),
    to("IsUptimal", "isuptimal"),
    CgsuiteName {
        cgsuite: "Kayles",
        ours: None,
        note: "Kayles is the octal game 0.77: octal(\"0.77\", n) is a row of n pins",
    },
    to("LeftIncentives", "linc"),
    to("LeftOptions", "left"),
    to("LeftStop", "lstop"),
    to("Mean", "mean"),
    to("Mex", "mex"),
    to("Nim", "nim"),
    to("NimValue", "nimval"),
    CgsuiteName {
        cgsuite: "NortonMultiply",
        ours: None,
        note: "the Norton product is the operator `.`: G . U",
    },
    CgsuiteName {
        cgsuite: "OrdinalSum",
        ours: None,
        note: "the ordinal sum is the operator `:`: G : H",
    },
    to("Outcome", "outcome"),
    to("OutcomeClass", "outcome"),
    to("Overheat", "overheat"),
    to("Pow", "pow"),
    to("PowTo", "powto"),
    to("ReducedCanonicalForm", "rcf"),
    to("RightIncentives", "rinc"),
    to("RightOptions", "right"),
    to("RightStop", "rstop"),
    to("StopCount", "stopcount"),
    to("TakeAndBreak", "octal"),
    to("Temperature", "temp"),
    to("Thermograph", "thermo"),
    to("UptimalExpansion", "uptimal"),
];

/// CGSuite's name `name` (any case; a leading `.` and trailing `()` are ignored, so `.Mean`
/// and `Mean()` count).
pub fn lookup(name: &str) -> Option<CgsuiteName> {
    let bare = name.trim().trim_start_matches('.').trim_end_matches("()");
    all().find(|c| c.cgsuite.eq_ignore_ascii_case(bare))
}

/// Every name: the analysis functions', then each ruleset's (its registration's
/// `cgsuite_names`, such as `Domineering`).
pub fn all() -> impl Iterator<Item = CgsuiteName> {
    CGSUITE_NAMES.iter().copied().chain(
        super::functions::rulesets()
            .flat_map(|r| r.cgsuite_names.iter())
            .map(|&(cgsuite, ours)| to(cgsuite, ours)),
    )
}

impl CgsuiteName {
    /// "CGSuite's Temperature is `temp` here", or what to do instead.
    pub fn sentence(&self) -> String {
        match self.ours {
            Some(f) => format!("CGSuite's {} is `{f}` here", self.cgsuite),
            None => format!("CGSuite's {}: {}", self.cgsuite, self.note),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_points_to_a_function() {
        for c in all() {
            if let Some(f) = c.ours {
                assert!(
                    super::super::functions::lookup(f).is_some(),
                    "{} points to {f}, which is no function",
                    c.cgsuite
                );
            } else {
                assert!(!c.note.is_empty(), "{}", c.cgsuite);
            }
            assert!(
                super::super::functions::lookup(c.cgsuite).is_none(),
                "{} is one of our names too",
                c.cgsuite
            );
        }
        assert_eq!(lookup(".mean").unwrap().ours, Some("mean"));
        assert_eq!(lookup("Temperature()").unwrap().ours, Some("temp"));
        assert!(lookup("Nothing").is_none());
    }
}
