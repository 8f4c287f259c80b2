//! Tokenizer (built from nom 7 combinators). Internal to the parser.
//!
//! Newlines inside open `(`, `[`, `{` are dropped; at bracket depth 0 they become
//! [`Tok::Newline`]. A `:` that is the first non-blank char of a line at depth 0 starts a
//! meta command, which swallows the rest of the line. `<|` and `|>` are comparison tokens
//! only outside braces.

use crate::game::memory;
use crate::syntax::ast::{CmpOp, NumLit, UpsLit};
use crate::syntax::error::CgError;
use crate::syntax::span::Span;
use nom::{
    IResult,
    branch::alt,
    bytes::complete::{tag, take_while, take_while1},
    character::complete::{char as ch, digit1, satisfy},
    combinator::{map, recognize},
    sequence::{delimited, pair},
};

/// A literal token without sign and Tiny suffix: `1/2v*`, `^<3>`, `*5`, `vv`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LitTok {
    pub number: Option<NumLit>,
    pub ups: Option<UpsLit>,
    pub nim: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Lit(LitTok),
    /// A misère form in CGSuite's compact notation, `*[2[2]321]` (the whole `*[...]`).
    MisereForm(crate::game::misere::MisereSpec),
    /// The `*` of `*[...]` when a list follows (`*[4, 2]`, `*[[2], x]`): the options as values.
    MisereStar,
    Ident(String),
    Str(String),
    Meta {
        command: String,
        args: String,
    },
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Semi,
    Newline,
    /// A run of `n` vertical bars.
    Bars(usize),
    Plus,
    Minus,
    PlusMinus,
    /// `&` between the onside and the offside of a loopy game: `over & v`.
    Amp,
    Dot,
    /// `..` (integer ranges).
    DotDot,
    Colon,
    /// `=`
    Assign,
    /// `:=`
    ColonAssign,
    Cmp(CmpOp),
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
    /// Whitespace, a comment or a newline came directly before this token.
    pub space_before: bool,
    /// A newline came before this token (after the previous one), also inside brackets:
    /// inside a block it ends a statement.
    pub line_before: bool,
}

/// Result of lexing: the tokens up to the first lexical error (always ending in `Eof`),
/// and that error if any.
pub(crate) struct Lexed {
    pub tokens: Vec<Token>,
    pub error: Option<CgError>,
}

type R<'a, T> = IResult<&'a str, T>;

fn ident(i: &str) -> R<'_, &str> {
    recognize(pair(
        satisfy(|c| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))(i)
}

/// `<digits>` or `[digits]` after a single `^` or `v`.
fn up_suffix(i: &str) -> R<'_, (bool, &str)> {
    alt((
        map(delimited(ch('<'), digit1, ch('>')), |d| (true, d)),
        map(delimited(ch('['), digit1, ch(']')), |d| (false, d)),
    ))(i)
}

fn operator(i: &str) -> R<'_, Tok> {
    alt((
        map(tag("+-"), |_| Tok::PlusMinus),
        map(tag(":="), |_| Tok::ColonAssign),
        map(tag("=="), |_| Tok::Cmp(CmpOp::Eq)),
        map(tag("!="), |_| Tok::Cmp(CmpOp::Ne)),
        map(tag("<="), |_| Tok::Cmp(CmpOp::Le)),
        map(tag("<>"), |_| Tok::Cmp(CmpOp::Confused)),
        map(tag(">="), |_| Tok::Cmp(CmpOp::Ge)),
        map(tag("<"), |_| Tok::Cmp(CmpOp::Lt)),
        map(tag(">"), |_| Tok::Cmp(CmpOp::Gt)),
        map(tag("="), |_| Tok::Assign),
        map(tag(":"), |_| Tok::Colon),
        map(tag("+"), |_| Tok::Plus),
        map(tag("-"), |_| Tok::Minus),
        map(tag(".."), |_| Tok::DotDot),
        map(tag("."), |_| Tok::Dot),
        map(tag(","), |_| Tok::Comma),
        map(tag(";"), |_| Tok::Semi),
    ))(i)
}

/// Is `w` a down word: only `v`s, or `v` followed by digits?
pub(crate) fn is_down_word(w: &str) -> bool {
    let b = w.as_bytes();
    if b.first() != Some(&b'v') {
        return false;
    }
    b.iter().all(|&c| c == b'v') || b[1..].iter().all(u8::is_ascii_digit)
}

fn parse_count(digits: &str, span: Span, what: &str) -> Result<i64, CgError> {
    digits
        .parse::<i64>()
        .map_err(|_| CgError::at(span, format!("{what} `{digits}` is too large")))
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// Error for `2.5`-style decimals, suggesting the fraction.
fn decimal_error(int_part: &str, frac: &str, span: Span) -> CgError {
    let suggestion = (|| {
        if int_part.is_empty() || int_part.len() + frac.len() > 30 {
            return None;
        }
        let den = 10u128.checked_pow(frac.len() as u32)?;
        let num = format!("{int_part}{frac}").parse::<u128>().ok()?;
        let g = gcd(num, den).max(1);
        let (n, d) = (num / g, den / g);
        Some(if d == 1 {
            n.to_string()
        } else {
            format!("{n}/{d}")
        })
    })();
    let msg = match suggestion {
        Some(s) => format!("no decimals: write {s}"),
        None => "no decimals: write the number as a fraction p/q".to_string(),
    };
    CgError::at(span, msg).with_hint("numbers are integers or fractions such as 5/2; `a . b` (with spaces) is the Norton product")
}

struct Lexer<'a> {
    src: &'a str,
    rest: &'a str,
    tokens: Vec<Token>,
    stack: Vec<Tok>,
    /// A newline was skipped since the last token.
    line: bool,
    /// Lexing stopped: more tokens would not fit under the memory limit.
    out_of_room: bool,
}

impl<'a> Lexer<'a> {
    fn pos(&self) -> usize {
        self.src.len() - self.rest.len()
    }

    fn in_braces(&self) -> bool {
        self.stack.contains(&Tok::LBrace)
    }

    /// Lexes a literal starting at the current position (a digit, `^`, `*` or a down word).
    fn literal(&mut self) -> Result<LitTok, CgError> {
        let start = self.pos();
        let mut lit = LitTok {
            number: None,
            ups: None,
            nim: None,
        };
        // NUMBER
        if let Ok((r, num)) = digit1::<&str, ()>(self.rest) {
            self.rest = r;
            let mut den = None;
            if let Some(r2) = self.rest.strip_prefix('/') {
                match digit1::<&str, ()>(r2) {
                    Ok((r3, d)) => {
                        self.rest = r3;
                        den = Some(d.to_string());
                    }
                    Err(_) => {
                        let p = self.pos();
                        return Err(CgError::at(
                            Span::new(start, p + 1),
                            "expected digits after `/` in a fraction",
                        ));
                    }
                }
            }
            if let Some(r2) = self.rest.strip_prefix('.')
                && let Ok((r3, frac)) = digit1::<&str, ()>(r2)
            {
                let span = Span::new(start, self.src.len() - r3.len());
                return Err(decimal_error(
                    if den.is_some() { "" } else { num },
                    frac,
                    span,
                ));
            }
            lit.number = Some(NumLit {
                numerator: num.to_string(),
                denominator: den,
            });
        }
        // UPS
        if let Some(r) = self.rest.strip_prefix('^') {
            let p = self.pos();
            if let Some((r2, ups)) = upon_suffix(r, true) {
                lit.ups = Some(ups);
                self.rest = r2;
            } else if let Ok((r2, (nth, d))) = up_suffix(r) {
                let span = Span::new(p, self.src.len() - r2.len());
                let n = parse_count(d, span, "up count")?;
                lit.ups = Some(if nth {
                    UpsLit::UpNth(n)
                } else {
                    UpsLit::UpTo(n)
                });
                self.rest = r2;
            } else if let Ok((r2, d)) = digit1::<&str, ()>(r) {
                let span = Span::new(p, self.src.len() - r2.len());
                lit.ups = Some(UpsLit::Ups(parse_count(d, span, "up count")?));
                self.rest = r2;
            } else {
                let (r2, carets) =
                    take_while1::<_, &str, ()>(|c| c == '^')(self.rest).unwrap_or((r, "^"));
                lit.ups = Some(UpsLit::Ups(carets.len() as i64));
                self.rest = r2;
            }
        } else if let Ok((r, w)) = ident(self.rest)
            && is_down_word(w)
        {
            let p = self.pos();
            let wspan = Span::new(p, p + w.len());
            if w == "v" {
                if let Some((r2, ups)) = upon_suffix(r, false) {
                    lit.ups = Some(ups);
                    self.rest = r2;
                } else if let Ok((r2, (nth, d))) = up_suffix(r) {
                    let span = Span::new(p, self.src.len() - r2.len());
                    let n = parse_count(d, span, "down count")?;
                    lit.ups = Some(if nth {
                        UpsLit::UpNth(-n)
                    } else {
                        UpsLit::UpTo(-n)
                    });
                    self.rest = r2;
                } else {
                    lit.ups = Some(UpsLit::Ups(-1));
                    self.rest = r;
                }
            } else if w.bytes().all(|c| c == b'v') {
                lit.ups = Some(UpsLit::Ups(-(w.len() as i64)));
                self.rest = r;
            } else {
                lit.ups = Some(UpsLit::Ups(-parse_count(&w[1..], wspan, "down count")?));
                self.rest = r;
            }
        }
        // NIM
        if let Some(r) = self.rest.strip_prefix('*') {
            let p = self.pos();
            if let Ok((r2, d)) = digit1::<&str, ()>(r) {
                let n = d.parse::<u64>().map_err(|_| {
                    CgError::at(
                        Span::new(p, self.src.len() - r2.len()),
                        format!("nimber `*{d}` is too large"),
                    )
                })?;
                lit.nim = Some(n);
                self.rest = r2;
            } else {
                lit.nim = Some(1);
                self.rest = r;
            }
        }
        Ok(lit)
    }

    /// `*[...]`: the compact notation as one token when the text inside reads as it (no
    /// commas; only digits, `&n;`, `#`, brackets and parentheses), else the `*` of a list.
    fn misere(&mut self, start: usize, space: bool) -> Result<(), CgError> {
        let body = &self.rest[2..];
        let mut depth = 0usize;
        let close = body.char_indices().find_map(|(i, ch)| match ch {
            '[' => {
                depth += 1;
                None
            }
            ']' if depth == 0 => Some(i),
            ']' => {
                depth -= 1;
                None
            }
            _ => None,
        });
        let compact_chars = |t: &str| {
            !t.is_empty()
                && t.chars()
                    .all(|ch| ch.is_ascii_digit() || "&;#[]()".contains(ch))
        };
        if let Some(close) = close
            && compact_chars(&body[..close])
        {
            let inner = &body[..close];
            let spec = crate::game::misere::parse_compact(inner).map_err(|(at, msg)| {
                let p = start + 2 + at;
                CgError::at(Span::new(p, p + 1), msg)
            })?;
            self.rest = &body[close + 1..];
            self.push(Tok::MisereForm(spec), start, space);
        } else {
            self.rest = &self.rest[1..];
            self.push(Tok::MisereStar, start, space);
        }
        Ok(())
    }

    fn string(&mut self) -> Result<String, CgError> {
        let start = self.pos();
        let (text, used) = string_body(&self.rest[1..]).ok_or_else(|| {
            CgError::at(
                Span::new(start, start + 1),
                "unterminated string: missing closing `\"`",
            )
        })?;
        self.rest = &self.rest[1 + used..];
        Ok(text)
    }

    fn push(&mut self, tok: Tok, start: usize, space: bool) {
        let end = self.pos();
        self.tokens.push(Token {
            tok,
            span: Span::new(start, end),
            space_before: space,
            line_before: std::mem::take(&mut self.line),
        });
    }

    /// Checks, before the token vector doubles, that the new one fits under the memory limit
    /// in force (a 10 MB line of `1+1+...` is ten million tokens: 2 GB with its syntax tree);
    /// an error at `at` if not.
    fn room_for_tokens(&self, at: usize) -> Result<(), CgError> {
        let tokens = (self.tokens.capacity() * 2).max(4);
        memory::room_for(
            tokens * std::mem::size_of::<Token>(),
            &format!("reading this input ({} tokens so far)", self.tokens.len()),
        )
        .map_err(|m| input_too_large(at, m))
    }

    fn run(&mut self) -> Result<(), CgError> {
        let mut line_start = true;
        let mut space = true;
        while let Some(c) = self.rest.chars().next() {
            let start = self.pos();
            if self.tokens.len() == self.tokens.capacity() {
                self.out_of_room = true;
                self.room_for_tokens(start)?;
                self.out_of_room = false;
            }
            match c {
                ' ' | '\t' | '\r' => {
                    self.rest = &self.rest[1..];
                    space = true;
                    continue;
                }
                '\n' => {
                    self.rest = &self.rest[1..];
                    self.line = true;
                    if self.stack.is_empty() {
                        self.push(Tok::Newline, start, space);
                        line_start = true;
                    }
                    space = true;
                    continue;
                }
                '#' => {
                    self.skip_line();
                    space = true;
                    continue;
                }
                '/' if self.rest.starts_with("//") => {
                    self.skip_line();
                    space = true;
                    continue;
                }
                ':' if line_start && self.stack.is_empty() => {
                    self.meta()?;
                    line_start = false;
                    space = false;
                    continue;
                }
                _ => {}
            }
            line_start = false;
            if self.rest.starts_with("*[") {
                self.misere(start, space)?;
            } else if c.is_ascii_digit() || c == '^' || c == '*' {
                let lit = self.literal()?;
                self.push(Tok::Lit(lit), start, space);
            } else if c.is_ascii_alphabetic() || c == '_' {
                let (r, w) = ident(self.rest).expect("starts with a letter");
                if is_down_word(w) {
                    let lit = self.literal()?;
                    self.push(Tok::Lit(lit), start, space);
                } else {
                    self.rest = r;
                    self.push(Tok::Ident(w.to_string()), start, space);
                }
            } else if c == '"' {
                let s = self.string()?;
                self.push(Tok::Str(s), start, space);
            } else if let Some(open) = match c {
                '{' => Some(Tok::LBrace),
                '(' => Some(Tok::LParen),
                '[' => Some(Tok::LBracket),
                _ => None,
            } {
                self.rest = &self.rest[1..];
                self.stack.push(open.clone());
                self.push(open, start, space);
            } else if let Some((close, open)) = match c {
                '}' => Some((Tok::RBrace, Tok::LBrace)),
                ')' => Some((Tok::RParen, Tok::LParen)),
                ']' => Some((Tok::RBracket, Tok::LBracket)),
                _ => None,
            } {
                self.rest = &self.rest[1..];
                if let Some(i) = self.stack.iter().rposition(|t| *t == open) {
                    self.stack.truncate(i);
                }
                self.push(close, start, space);
            } else if c == '&' {
                self.rest = &self.rest[1..];
                self.push(Tok::Amp, start, space);
            } else if c == '|' {
                let (r, bars) =
                    take_while1::<_, &str, ()>(|c| c == '|')(self.rest).expect("starts with a bar");
                if bars.len() == 1 && r.starts_with('>') && !self.in_braces() {
                    self.rest = &r[1..];
                    self.push(Tok::Cmp(CmpOp::GreaterOrConfused), start, space);
                } else {
                    self.rest = r;
                    self.push(Tok::Bars(bars.len()), start, space);
                }
            } else if self.rest.starts_with("<|") && !self.in_braces() {
                self.rest = &self.rest[2..];
                self.push(Tok::Cmp(CmpOp::LessOrConfused), start, space);
            } else if let Ok((r, tok)) = operator(self.rest) {
                if tok == Tok::Dot && r.starts_with(|c: char| c.is_ascii_digit()) {
                    let before = &self.src[..start];
                    let int_digits =
                        before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
                    let prev_operand = self.tokens.last().is_some_and(|t| {
                        matches!(
                            t.tok,
                            Tok::Lit(_)
                                | Tok::Ident(_)
                                | Tok::Str(_)
                                | Tok::RParen
                                | Tok::RBrace
                                | Tok::RBracket
                        )
                    });
                    if (!space && int_digits > 0) || !prev_operand {
                        let (r2, frac) = digit1::<&str, ()>(r).expect("digit");
                        let int_part = if space || int_digits == 0 {
                            "0"
                        } else {
                            &before[start - int_digits..]
                        };
                        let span = Span::new(
                            start - if space { 0 } else { int_digits },
                            self.src.len() - r2.len(),
                        );
                        return Err(decimal_error(int_part, frac, span));
                    }
                }
                self.rest = r;
                self.push(tok, start, space);
            } else if c == '!' {
                return Err(CgError::at(Span::new(start, start + 1), "unexpected `!`")
                    .with_hint("`!=` means not equal"));
            } else {
                let end = start + c.len_utf8();
                return Err(CgError::at(
                    Span::new(start, end),
                    format!("unexpected character `{c}`"),
                ));
            }
            space = false;
        }
        Ok(())
    }

    fn skip_line(&mut self) {
        let n = self.rest.find('\n').unwrap_or(self.rest.len());
        self.rest = &self.rest[n..];
    }

    fn meta(&mut self) -> Result<(), CgError> {
        let start = self.pos();
        let n = self.rest.find('\n').unwrap_or(self.rest.len());
        let line = &self.rest[1..n];
        let cmd_len = line
            .find(|c: char| c.is_whitespace() || c == ';' || c == '#')
            .unwrap_or(line.len());
        let command = &line[..cmd_len];
        if !command
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        {
            return Err(CgError::at(
                Span::new(start, start + 1 + cmd_len),
                "expected a meta command name after `:` at the start of a line",
            )
            .with_hint("meta commands: :help, :vars, :clear, :load FILE, :time on/off, :stats, :quit; the ordinal sum `G : H` needs a game before the `:`"));
        }
        let rest = &line[cmd_len..];
        let (args, used) = meta_args(rest).map_err(|(at, message)| {
            let at = start + 1 + cmd_len + at;
            CgError::at(Span::new(at, at + 1), message)
        })?;
        let used = 1 + cmd_len + used;
        self.rest = &self.rest[used..];
        let end = start + used;
        self.tokens.push(Token {
            tok: Tok::Meta {
                command: command.to_string(),
                args,
            },
            span: Span::new(start, end),
            space_before: true,
            line_before: std::mem::take(&mut self.line),
        });
        Ok(())
    }
}

/// A string's contents from the text after its opening quote: the escapes `\"`, `\\`, `\n`,
/// `\t` and `\u{HEX}` (any character by its code point, as the printer writes control
/// characters; a backslash before anything else stays), up to the closing quote. Returns the
/// contents and the bytes used, the closing quote included; `None` if there is none.
fn string_body(text: &str) -> Option<(String, usize)> {
    let mut out = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, i + 1)),
            '\\' => match chars.next() {
                Some((_, '"')) => out.push('"'),
                Some((_, '\\')) => out.push('\\'),
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((j, 'u')) if let Some((c, len)) = unicode_escape(&text[j + 1..]) => {
                    out.push(c);
                    // skip the braces and digits
                    for _ in 0..len {
                        chars.next();
                    }
                }
                Some((_, other)) => {
                    out.push('\\');
                    out.push(other);
                }
                None => return None,
            },
            c => out.push(c),
        }
    }
    None
}

/// The character of a `{HEX}` (1 to 6 hexadecimal digits) at the start of `text`, and the
/// length of that text.
fn unicode_escape(text: &str) -> Option<(char, usize)> {
    let digits = text.strip_prefix('{')?;
    let n = digits.find('}')?;
    if n == 0 || n > 6 || !digits[..n].bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let c = char::from_u32(u32::from_str_radix(&digits[..n], 16).ok()?)?;
    Some((c, n + 2))
}

/// The argument of a meta command from the rest of its line: the text up to a `;` (which
/// ends the statement, as after any other), a comment (`#`, `//`) or the end of the line,
/// without blanks at either end. A part in double quotes is read as a string is anywhere
/// ([`string_body`]), so a file name may hold blanks, `#` or `;`: `:save "my file.cgt"`.
/// Returns the argument and how many bytes of `rest` it used (up to the end of its last
/// part, so a `;` or comment stays for the lexer); an unterminated quote is an error at its
/// offset.
fn meta_args(rest: &str) -> Result<(String, usize), (usize, &'static str)> {
    let mut out = String::new();
    let mut blanks = String::new();
    let mut end = 0;
    let mut i = 0;
    while let Some(c) = rest[i..].chars().next() {
        if c == ';' || c == '#' || rest[i..].starts_with("//") {
            break;
        }
        if c.is_whitespace() {
            if !out.is_empty() {
                blanks.push(c);
            }
            i += c.len_utf8();
            continue;
        }
        out.push_str(&std::mem::take(&mut blanks));
        if c == '"' {
            let (text, used) = string_body(&rest[i + 1..])
                .ok_or((i, "unterminated string: missing closing `\"`"))?;
            out.push_str(&text);
            i += 1 + used;
        } else {
            out.push(c);
            i += c.len_utf8();
        }
        end = i;
    }
    Ok((out, end))
}

/// The error of an input that does not fit under the memory limit, at byte `at`.
pub(crate) fn input_too_large(at: usize, message: String) -> CgError {
    CgError::at(
        Span::new(at, at + 1),
        format!("budget exhausted: {message}"),
    )
    .with_hint("split the input into smaller statements, or raise the limit")
}

/// Tokenizes `src`.
pub(crate) fn lex(src: &str) -> Lexed {
    let mut lx = Lexer {
        src,
        rest: src,
        tokens: Vec::new(),
        stack: Vec::new(),
        line: false,
        out_of_room: false,
    };
    let error = lx.run().err();
    if lx.out_of_room {
        // out of room for tokens: nothing is parsed (the error stands for the whole input),
        // so no syntax tree is built for the tokens read
        lx.tokens = Vec::new();
    }
    let end = lx.pos();
    lx.tokens.push(Token {
        tok: Tok::Eof,
        span: Span::new(end, end),
        space_before: true,
        line_before: true,
    });
    Lexed {
        tokens: lx.tokens,
        error,
    }
}

/// `[on]` or `<on>` after `^` (`up`) or `v`: the loopy upon forms, as CGSuite prints them.
fn upon_suffix(r: &str, up: bool) -> Option<(&str, UpsLit)> {
    if let Some(r2) = r.strip_prefix("[on]") {
        return Some((r2, UpsLit::Upon(up)));
    }
    r.strip_prefix("<on>").map(|r2| (r2, UpsLit::UponTh(up)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        let l = lex(src);
        assert!(l.error.is_none(), "{src}: {:?}", l.error);
        l.tokens.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn fuzzy_comparisons_only_outside_braces() {
        assert_eq!(kinds("a <| b")[1], Tok::Cmp(CmpOp::LessOrConfused));
        assert_eq!(kinds("a |> b")[1], Tok::Cmp(CmpOp::GreaterOrConfused));
        let inside = kinds("{a <|b}");
        assert_eq!(inside[2], Tok::Cmp(CmpOp::Lt));
        assert_eq!(inside[3], Tok::Bars(1));
        assert_eq!(kinds("{a |>b}")[2], Tok::Bars(1));
        assert_eq!(kinds("a ||> b")[1], Tok::Bars(2));
    }

    #[test]
    fn newlines_and_meta() {
        assert_eq!(
            kinds("1\n2"),
            vec![
                Tok::Lit(LitTok {
                    number: Some(NumLit {
                        numerator: "1".into(),
                        denominator: None
                    }),
                    ups: None,
                    nim: None
                }),
                Tok::Newline,
                Tok::Lit(LitTok {
                    number: Some(NumLit {
                        numerator: "2".into(),
                        denominator: None
                    }),
                    ups: None,
                    nim: None
                }),
                Tok::Eof,
            ]
        );
        assert_eq!(kinds("(1\n)").len(), 4);
        assert_eq!(
            kinds(" :load a b ")[0],
            Tok::Meta {
                command: "load".into(),
                args: "a b".into()
            }
        );
        assert_eq!(kinds("1 :2")[1], Tok::Colon);
        assert_eq!(kinds("g := 1")[1], Tok::ColonAssign);
    }

    #[test]
    fn literal_tokens() {
        let t = kinds("^<2> v[3]* vv3 val");
        assert_eq!(
            t[0],
            Tok::Lit(LitTok {
                number: None,
                ups: Some(UpsLit::UpNth(2)),
                nim: None
            })
        );
        assert_eq!(
            t[1],
            Tok::Lit(LitTok {
                number: None,
                ups: Some(UpsLit::UpTo(-3)),
                nim: Some(1)
            })
        );
        assert_eq!(t[2], Tok::Ident("vv3".into()));
        assert_eq!(t[3], Tok::Ident("val".into()));
        assert!(
            lex("1/")
                .error
                .unwrap()
                .message
                .contains("digits after `/`")
        );
        assert!(
            lex("*99999999999999999999999")
                .error
                .unwrap()
                .message
                .contains("too large")
        );
        assert!(
            lex("^99999999999999999999999")
                .error
                .unwrap()
                .message
                .contains("too large")
        );
    }

    #[test]
    fn down_words() {
        for w in ["v", "vv", "vvvvv", "v3", "v10"] {
            assert!(is_down_word(w), "{w}");
        }
        for w in ["val", "vvvvx", "vv3", "x", "v3x", "V"] {
            assert!(!is_down_word(w), "{w}");
        }
    }
}
