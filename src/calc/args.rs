//! The one argument reader: every function, built-in or a ruleset's, reads its arguments
//! through [`Args`] and fails with a [`CallError`] that points at the argument at fault.
//! Messages have one shape: "expected WHAT, not THIS" (`expected an integer from 0 to 256,
//! not the integer 300`).

use std::ops::RangeInclusive;
use std::sync::Arc;

use super::value::Value;
use crate::game::{Arena, Dyadic, GameId, Thermograph};
use crate::syntax::error::CgError;

/// Why a function failed: a bad argument (by index) or the call as a whole.
#[derive(Debug)]
pub enum CallError {
    Arg(usize, String),
    /// An error at one character of a quoted argument: the argument, the character's index
    /// in the string (from 0), the message.
    ArgAt(usize, usize, String),
    Call(String),
    /// An error from evaluating part of a quoted argument, with its own position.
    Eval(CgError),
}

impl CallError {
    /// The error of argument `i`.
    pub fn arg(i: usize, message: impl Into<String>) -> CallError {
        CallError::Arg(i, message.into())
    }

    /// The error of the call as a whole.
    pub fn call(message: impl Into<String>) -> CallError {
        CallError::Call(message.into())
    }

    /// A parser's error about quoted argument `i`: at the character its message names
    /// ([`character_named`]), if any.
    pub fn notation(i: usize, message: String) -> CallError {
        match character_named(&message) {
            Some(at) => CallError::ArgAt(i, at, message),
            None => CallError::Arg(i, message),
        }
    }

    /// Its message.
    pub fn message(&self) -> String {
        match self {
            CallError::Arg(_, m) | CallError::ArgAt(_, _, m) | CallError::Call(m) => m.clone(),
            CallError::Eval(e) => e.message.clone(),
        }
    }
}

/// The character a parser's message names: parsers of quoted notations (boards, codes,
/// graph strings) say where the problem is as "at character N" (from 1), and
/// [`Args::parsed`] turns that into [`CallError::ArgAt`], so the caret points at it.
pub fn character_named(message: &str) -> Option<usize> {
    let rest = &message[message.find("at character ")? + "at character ".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<usize>().ok()?.checked_sub(1)
}

/// What a function returns.
pub type CallResult = Result<Value, CallError>;

/// The arguments of one call, read by index.
#[derive(Clone, Copy)]
pub struct Args<'v> {
    values: &'v [Value],
}

impl<'v> Args<'v> {
    pub fn new(values: &'v [Value]) -> Args<'v> {
        Args { values }
    }

    /// How many arguments the call has.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Argument `i` as given, `None` past the end.
    pub fn get(&self, i: usize) -> Option<&'v Value> {
        self.values.get(i)
    }

    /// All arguments.
    pub fn values(&self) -> &'v [Value] {
        self.values
    }

    /// The error "expected `what`, not ..." for argument `i`.
    pub fn expected(&self, arena: &mut Arena, i: usize, what: &str) -> CallError {
        CallError::Arg(
            i,
            format!("expected {what}, not {}", describe(arena, &self.values[i])),
        )
    }

    /// Argument `i` as a short game (positions arrive as their values).
    pub fn game(&self, i: usize) -> Result<GameId, CallError> {
        match &self.values[i] {
            Value::Game(g) => Ok(*g),
            other => Err(CallError::Arg(i, super::value::expected_game(other))),
        }
    }

    /// Argument `i` as a number.
    pub fn number(&self, arena: &mut Arena, i: usize) -> Result<Dyadic, CallError> {
        let g = self.game(i)?;
        arena.as_number(g).ok_or_else(|| {
            CallError::Arg(
                i,
                format!("expected a number, but this is {}", arena.display_brief(g)),
            )
        })
    }

    /// Argument `i` as thermographs: a thermograph, a game's, or a list of them.
    pub fn thermographs(
        &self,
        arena: &mut Arena,
        i: usize,
    ) -> Result<Vec<Arc<Thermograph>>, CallError> {
        let one = |arena: &mut Arena, x: &Value| match x {
            Value::Thermograph(t) => Ok(t.clone()),
            Value::Game(g) => Ok(arena.thermograph(*g)),
            other => Err(CallError::Arg(
                i,
                format!(
                    "expected a thermograph, but this is a {}",
                    other.type_name()
                ),
            )),
        };
        match &self.values[i] {
            Value::List(items) if !items.is_empty() => {
                items.iter().map(|x| one(arena, x)).collect()
            }
            x => Ok(vec![one(arena, x)?]),
        }
    }

    /// Argument `i` as an integer, if it is one that fits in an `i64`.
    pub fn integer_value(&self, arena: &mut Arena, i: usize) -> Option<i64> {
        match self.values.get(i)? {
            Value::Game(g) => arena
                .as_number(*g)
                .filter(|d| d.is_integer())
                .and_then(|d| d.to_i64()),
            _ => None,
        }
    }

    /// Argument `i` as an integer (of at most 63 bits).
    pub fn integer(&self, arena: &mut Arena, i: usize) -> Result<i64, CallError> {
        self.integer_value(arena, i)
            .ok_or_else(|| self.expected(arena, i, "an integer (of at most 63 bits)"))
    }

    /// Argument `i` as an integer in `range`.
    pub fn int(
        &self,
        arena: &mut Arena,
        i: usize,
        range: RangeInclusive<i64>,
    ) -> Result<i64, CallError> {
        match self.integer_value(arena, i) {
            Some(n) if range.contains(&n) => Ok(n),
            _ => Err(self.expected(
                arena,
                i,
                &format!("an integer from {} to {}", range.start(), range.end()),
            )),
        }
    }

    /// Argument `i` as a count in `range` (an integer used as a size or an index).
    pub fn count(
        &self,
        arena: &mut Arena,
        i: usize,
        range: RangeInclusive<usize>,
    ) -> Result<usize, CallError> {
        let r = *range.start() as i64..=(*range.end()).min(i64::MAX as usize) as i64;
        Ok(self.int(arena, i, r)? as usize)
    }

    /// Argument `i` as a string; `what` names the text expected ("a board string such as
    /// \".#|..\"").
    pub fn str(&self, arena: &mut Arena, i: usize, what: &str) -> Result<&'v str, CallError> {
        match &self.values[i] {
            Value::Str(s) => Ok(s),
            _ => Err(self.expected(arena, i, what)),
        }
    }

    /// Argument `i` as a string read by `parse`, whose error points at the argument.
    pub fn parsed<T>(
        &self,
        arena: &mut Arena,
        i: usize,
        what: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, CallError> {
        parse(self.str(arena, i, what)?).map_err(|m| CallError::notation(i, m))
    }

    /// Argument `i` as a list: a list, or a table's list form.
    pub fn list(&self, i: usize) -> Result<Vec<Value>, CallError> {
        self.values[i]
            .clone()
            .into_items()
            .map_err(|other| not_a_list(i, &other))
    }

    /// Argument `i` as the name of a function passed by name (`map(temp, xs)`).
    pub fn function_name(&self, i: usize) -> Result<&'v str, CallError> {
        match &self.values[i] {
            Value::Func(name) => Ok(name),
            other => Err(CallError::Arg(
                i,
                format!(
                    "expected the name of a function, e.g. map(temp, xs), but this is a {}",
                    other.type_name()
                ),
            )),
        }
    }

    /// Argument `i` as a file name.
    pub fn path(&self, i: usize) -> Result<&'v str, CallError> {
        match &self.values[i] {
            Value::Str(p) => Ok(p),
            _ => Err(CallError::Arg(
                i,
                "expected a file name in quotes, e.g. \"table.csv\"".into(),
            )),
        }
    }

    /// Argument `i` is the string `word`.
    pub fn is_word(&self, i: usize, word: &str) -> bool {
        matches!(self.values.get(i), Some(Value::Str(s)) if s == word)
    }
}

/// The error of argument `i`, `v`, where a list (or a table) was expected.
pub fn not_a_list(i: usize, v: &Value) -> CallError {
    CallError::Arg(
        i,
        format!(
            "expected a list (or a table), but this is a {}",
            v.type_name()
        ),
    )
}

/// A value as an error message names it: `the integer 300`, `the game 3/2`, `a string`.
pub fn describe(arena: &mut Arena, v: &Value) -> String {
    match v {
        Value::Game(g) => match arena.as_number(*g).filter(|x| x.is_integer()) {
            Some(x) => format!("the integer {x}"),
            None => format!("the game {}", arena.display_brief(*g)),
        },
        other => format!("a {}", other.type_name()),
    }
}

impl std::ops::Index<usize> for Args<'_> {
    type Output = Value;

    fn index(&self, i: usize) -> &Value {
        &self.values[i]
    }
}
