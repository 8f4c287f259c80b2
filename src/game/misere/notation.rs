//! CGSuite's notation for misère canonical forms: `*[...]` around a term, where a term is a
//! nim heap (a digit, or `&12;` from 10 on), a game of two or more options written as their
//! terms side by side (in parentheses inside another term: `*[42]` has the options `*[4]` and
//! `*[2]`), followed by subscripts, read left to right: `#` makes the game whose only option
//! is what stands before it, and a heap size adds that heap. In plain text the subscripts are
//! written in brackets when one of them is a heap (`*[2[2]321]`: the options `*[2] + *[2]`,
//! `*[3]`, `*[2]`, `*[1]`), else bare (`*[2#]`: the one option `*[2]`).
//!
//! Printing chooses, for each term, a form of smaller birthday where one exists, as CGSuite
//! does: a sum `H + *[i]` with `H` an option of the game, else a single option with `#`, else
//! the options.

use std::collections::HashMap;

use super::{MisereId, MisereStore};

/// A subscript of a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subscript {
    /// `#`: the game whose only option is what stands before.
    Sharp,
    /// A heap size: what stands before plus that nim heap.
    Plus(u32),
}

/// A misère game as written in the compact notation (before it is made canonical).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereSpec {
    /// A nim heap.
    Heap(u32),
    /// A game given by its options.
    Options(Vec<MisereSpec>),
    /// A term with subscripts, applied in order.
    Subscripted(Box<MisereSpec>, Vec<Subscript>),
}

/// The largest nim heap the notation takes (a heap of `n` is built from the heaps below it).
pub const MAX_HEAP: u32 = 100_000;

/// Parses the text inside `*[...]` in the compact notation: one term is that game, several
/// are the options of a game. An error gives the byte offset of the problem in `text`.
pub fn parse_compact(text: &str) -> Result<MisereSpec, (usize, String)> {
    let mut p = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    let terms = p.terms()?;
    if p.at < p.bytes.len() {
        return Err((
            p.at,
            format!("unexpected `{}` in a misère form", p.peek_char()),
        ));
    }
    match terms.len() {
        0 => Err((0, "a misère form needs a term, e.g. *[0] or *[2]".into())),
        1 => Ok(terms.into_iter().next().expect("one term")),
        _ => Ok(MisereSpec::Options(terms)),
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn peek_char(&self) -> char {
        self.peek().map_or(' ', char::from)
    }

    /// Terms up to the end or a `)`.
    fn terms(&mut self) -> Result<Vec<MisereSpec>, (usize, String)> {
        let mut out = Vec::new();
        while let Some(c) = self.peek() {
            if c == b')' {
                break;
            }
            out.push(self.term()?);
        }
        Ok(out)
    }

    fn term(&mut self) -> Result<MisereSpec, (usize, String)> {
        let base = match self.peek() {
            Some(b'(') => {
                let open = self.at;
                self.at += 1;
                let terms = self.terms()?;
                if self.peek() != Some(b')') {
                    return Err((open, "this `(` is not closed".into()));
                }
                self.at += 1;
                if terms.len() < 2 {
                    return Err((
                        open,
                        "parentheses hold the options of a game, two or more (one option is written with `#`)".into(),
                    ));
                }
                MisereSpec::Options(terms)
            }
            _ => MisereSpec::Heap(self.heap()?),
        };
        let mut subs = Vec::new();
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.at += 1;
                    subs.push(Subscript::Sharp);
                }
                Some(b'[') => {
                    let open = self.at;
                    self.at += 1;
                    let before = subs.len();
                    while let Some(c) = self.peek() {
                        match c {
                            b']' => break,
                            b'#' => {
                                self.at += 1;
                                subs.push(Subscript::Sharp);
                            }
                            _ => subs.push(Subscript::Plus(self.heap()?)),
                        }
                    }
                    if self.peek() != Some(b']') {
                        return Err((open, "this `[` of subscripts is not closed".into()));
                    }
                    if subs.len() == before {
                        return Err((open, "empty subscripts `[]`".into()));
                    }
                    self.at += 1;
                }
                _ => break,
            }
        }
        Ok(if subs.is_empty() {
            base
        } else {
            MisereSpec::Subscripted(Box::new(base), subs)
        })
    }

    /// A heap size: a digit, or `&n;`.
    fn heap(&mut self) -> Result<u32, (usize, String)> {
        let start = self.at;
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.at += 1;
                Ok(u32::from(c - b'0'))
            }
            Some(b'&') => {
                self.at += 1;
                let digits = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.at += 1;
                }
                let text = std::str::from_utf8(&self.bytes[digits..self.at]).unwrap_or("");
                if text.is_empty() || self.peek() != Some(b';') {
                    return Err((
                        start,
                        "a heap of 10 or more is written `&n;`, e.g. `&12;`".into(),
                    ));
                }
                self.at += 1;
                match text.parse::<u32>() {
                    Ok(n) if n <= MAX_HEAP => Ok(n),
                    _ => Err((start, format!("heap `&{text};` is larger than {MAX_HEAP}"))),
                }
            }
            _ => Err((
                start,
                format!(
                    "expected a nim heap (a digit or `&n;`) or `(` in a misère form, not `{}`",
                    self.peek_char()
                ),
            )),
        }
    }
}

/// A heap size as the notation writes it.
fn heap_text(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

impl MisereStore {
    /// The canonical game a spec writes.
    pub fn from_spec(&mut self, spec: &MisereSpec) -> MisereId {
        match spec {
            MisereSpec::Heap(n) => self.nimber(*n),
            MisereSpec::Options(terms) => {
                let options = terms.iter().map(|t| self.from_spec(t)).collect();
                self.game(options)
            }
            MisereSpec::Subscripted(base, subs) => {
                let mut g = self.from_spec(base);
                for s in subs {
                    g = match *s {
                        Subscript::Sharp => self.game(vec![g]),
                        Subscript::Plus(n) => {
                            let h = self.nimber(n);
                            self.add(g, h)
                        }
                    };
                }
                g
            }
        }
    }

    /// `g` in CGSuite's plain text, `*[...]`.
    pub fn text(&mut self, g: MisereId) -> String {
        let mut memo = HashMap::new();
        format!("*[{}]", self.term_text(g, false, &mut memo))
    }

    /// The term of `g`, its options in parentheses if `nested`.
    fn term_text(
        &mut self,
        g: MisereId,
        nested: bool,
        memo: &mut HashMap<(MisereId, bool), String>,
    ) -> String {
        if let Some(t) = memo.get(&(g, nested)) {
            return t.clone();
        }
        // peel subscripts off from the outside in
        let mut subs = Vec::new();
        let mut base = g;
        while let Some((inner, s)) = self.peel(base) {
            subs.push(s);
            base = inner;
        }
        subs.reverse();
        let mut out = match self.heap_size(base) {
            Some(n) => heap_text(n),
            None => {
                let mut options: Vec<(u32, usize, String)> = self
                    .options(base)
                    .to_vec()
                    .into_iter()
                    .map(|o| {
                        let t = self.term_text(o, true, memo);
                        (self.birthday(o), self.options(o).len(), t)
                    })
                    .collect();
                // latest born first (CGSuite's order), then more options, then by text
                options.sort_by(|a, b| b.cmp(a));
                let inner: String = options.into_iter().map(|(_, _, t)| t).collect();
                // the outermost term's options stand bare, unless subscripts follow them
                if nested || !subs.is_empty() {
                    format!("({inner})")
                } else {
                    inner
                }
            }
        };
        let sharps_only = subs.iter().all(|s| *s == Subscript::Sharp);
        if !sharps_only {
            out.push('[');
        }
        for s in &subs {
            match *s {
                Subscript::Sharp => out.push('#'),
                Subscript::Plus(n) => out.push_str(&heap_text(n)),
            }
        }
        if !sharps_only {
            out.push(']');
        }
        memo.insert((g, nested), out.clone());
        out
    }

    /// The outermost subscript of `g` and what it applies to: `g = h + *[i]` with `h` one of
    /// `g`'s options (so born earlier), heaps 2, 3, ... tried before 1; else `g = {h}`, its one
    /// option. `None` for a nim heap or a game printed by its options.
    fn peel(&mut self, g: MisereId) -> Option<(MisereId, Subscript)> {
        if self.heap_size(g).is_some() {
            return None;
        }
        let options = self.options(g).to_vec();
        if let [only] = options[..] {
            return Some((only, Subscript::Sharp));
        }
        let b = self.birthday(g);
        for i in (2..b).chain([1]) {
            let heap = self.nimber(i);
            for &h in &options {
                if self.add(h, heap) == g {
                    return Some((h, Subscript::Plus(i)));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &mut MisereStore, text: &str) -> MisereId {
        let spec = parse_compact(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        s.from_spec(&spec)
    }

    /// CGSuite's examples (its misère tutorial): `*[2]` is the heap, `*[42]` has the options
    /// `*[4]` and `*[2]`, `*[2#]` the one option `*[2]`, `*[2[2]]` is `*[2] + *[2]`, and
    /// `*[2[#2#]]` is the game whose one option is `*[2#] + *[2]`.
    #[test]
    fn reads_cgsuites_examples() {
        let mut s = MisereStore::new();
        let (h2, h4) = (s.nimber(2), s.nimber(4));
        assert_eq!(read(&mut s, "2"), h2);
        let g42 = s.game(vec![h4, h2]);
        assert_eq!(read(&mut s, "42"), g42);
        let sharp = s.game(vec![h2]);
        assert_eq!(read(&mut s, "2#"), sharp);
        let twice = s.add(h2, h2);
        assert_eq!(read(&mut s, "2[2]"), twice);
        let inner = s.add(sharp, h2);
        let outer = s.game(vec![inner]);
        assert_eq!(read(&mut s, "2[#2#]"), outer);
        assert_eq!(read(&mut s, "&12;"), s.nimber(12));
        assert_eq!(read(&mut s, "(42)#"), s.game(vec![g42]));
    }

    /// Texts of hand-made games: heaps; options latest born first; `*[2] + *[2]` found as
    /// `*[2]` plus the heap 2 (its options include `*[2]`); a single option with `#`.
    #[test]
    fn prints_in_cgsuites_notation() {
        let mut s = MisereStore::new();
        let zero = s.zero();
        assert_eq!(s.text(zero), "*[0]");
        let h2 = s.nimber(2);
        assert_eq!(s.text(h2), "*[2]");
        let h12 = s.nimber(12);
        assert_eq!(s.text(h12), "*[&12;]");
        let (h4, h3, h1) = (s.nimber(4), s.nimber(3), s.nimber(1));
        let g = s.game(vec![h2, h4]);
        assert_eq!(s.text(g), "*[42]");
        let twice = s.add(h2, h2);
        assert_eq!(s.text(twice), "*[2[2]]");
        let g = s.game(vec![twice, h3, h2, h1]);
        assert_eq!(s.text(g), "*[2[2]321]");
        let sharp = s.game(vec![h2]);
        assert_eq!(s.text(sharp), "*[2#]");
    }

    /// Every game born by day 3, and sums of them, print to a text that reads back as the
    /// same game.
    #[test]
    fn printed_forms_read_back() {
        let mut s = MisereStore::new();
        let games = super::super::born_by(&mut s, 3);
        let mut all = games.clone();
        for &a in &games {
            for &b in &games {
                all.push(s.add(a, b));
            }
        }
        for g in all {
            let text = s.text(g);
            let inner = &text[2..text.len() - 1];
            assert_eq!(read(&mut s, inner), g, "{text}");
        }
    }

    #[test]
    fn malformed_forms_are_errors_at_the_character() {
        assert_eq!(parse_compact("2x").unwrap_err().0, 1);
        assert_eq!(parse_compact("(2)").unwrap_err().0, 0);
        assert_eq!(parse_compact("2[").unwrap_err().0, 1);
        assert_eq!(parse_compact("&12").unwrap_err().0, 0);
        assert!(parse_compact("").is_err());
    }
}
