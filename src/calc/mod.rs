//! The calculator's interface for functions, below the rulesets so that a ruleset can declare
//! everything it adds in its own folder: the values functions take and return
//! ([`value`]), the one argument reader and error type ([`args`]), the narrow context a
//! function runs in ([`context`]: games, caches, search settings, each ruleset's state), and
//! the rows of the function table and a ruleset's registration ([`catalogue`]).

pub mod args;
pub mod catalogue;
pub mod context;
pub mod value;
