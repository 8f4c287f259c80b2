//! CGSuite's names for what this calculator calls otherwise: `:help Temperature`, a call
//! `Temperature(G)` and `g.Mean` all point to ours ("CGSuite's Temperature is `temp` here").

/// What one of CGSuite's names is here.
#[derive(Clone, Copy, Debug)]
pub struct CgsuiteName {
    /// CGSuite's name (a method of `CanonicalShortGame` or a library function).
    pub cgsuite: &'static str,
    /// Our function of the same meaning, if there is one.
    pub ours: Option<&'static str>,
    /// The call that means the same, when it is more than the function's name
    /// (`takeandbreak("0.77", n)` for CGSuite's `Kayles`).
    pub form: Option<&'static str>,
    /// What to do instead when there is no function (`ours` is `None`).
    pub note: &'static str,
}

const fn to(cgsuite: &'static str, ours: &'static str) -> CgsuiteName {
    CgsuiteName {
        cgsuite,
        ours: Some(ours),
        form: None,
        note: "",
    }
}

/// A ruleset's name pair: `ours` is a function's name or a call of it
/// (`takeandbreak("0.77", n)`).
fn ruleset_name(cgsuite: &'static str, ours: &'static str) -> CgsuiteName {
    match ours.split_once('(') {
        Some((name, _)) => CgsuiteName {
            cgsuite,
            ours: Some(name),
            form: Some(ours),
            note: "",
        },
        None => to(cgsuite, ours),
    }
}

/// The names, alphabetically.
pub static CGSUITE_NAMES: &[CgsuiteName] = &[
    to("AtomicWeight", "aw"),
    to("Birthday", "birthday"),
    CgsuiteName {
        cgsuite: "CanonicalForm",
        ours: None,
        form: None,
        note: "every value prints in canonical form: type the game itself; explain({L | R}) shows the steps",
    },
    to("Chill", "chill"),
    to("Cool", "cool"),
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
        form: None,
        note: "the Norton product is the operator `.`: G . U",
    },
    CgsuiteName {
        cgsuite: "OrdinalSum",
        ours: None,
        form: None,
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
            .map(|&(cgsuite, ours)| ruleset_name(cgsuite, ours)),
    )
}

impl CgsuiteName {
    /// "CGSuite's Temperature is `temp` here", or what to do instead.
    pub fn sentence(&self) -> String {
        match (self.form, self.ours) {
            (Some(form), _) => format!("CGSuite's {} is `{form}` here", self.cgsuite),
            (None, Some(f)) => format!("CGSuite's {} is `{f}` here", self.cgsuite),
            (None, None) => format!("CGSuite's {}: {}", self.cgsuite, self.note),
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
