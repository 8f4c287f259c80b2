//! The cgcalc parser: a nom-based tokenizer ([`crate::syntax::lexer`]) followed by a
//! recursive-descent parser over the tokens.
//!
//! The parser knows two things about the calculator beyond the grammar ([`Names`]): which
//! names are built-in functions, because those cannot be bound and `G.name` is explained as
//! the call `name(G)`, and which are meta commands, because `:name` at column 1 begins a
//! statement of its own.
//!
//! Precedence, tightest first (R3): `.` Norton product, `:` ordinal sum, unary `-`,
//! binary `+ - +-`, comparisons (non-associative). Unary `+-` takes one operand (R4), so it
//! binds like a primary: `+-1:2` is `(+-1):2`.

use crate::syntax::ast::*;
use crate::syntax::error::{CgError, line_col};
use crate::syntax::lexer::{LitTok, Tok, Token, is_down_word, lex};
use crate::syntax::span::Span;

mod slash;

/// Names that can never be assigned to. (Function names are checked by the evaluator.)
pub const RESERVED: &[&str] = &[
    "on", "off", "over", "under", "upon", "dud", "pass", "true", "false", "assert", "Tiny", "Miny",
    "for", "in", "if", "else", "_",
];

/// Words that begin or continue statements: `for x in xs { }`, `if c { } else { }`.
pub const KEYWORDS: &[&str] = &["for", "in", "if", "else"];

/// Maximum nesting of brackets / prefix operators / slash levels that input may have.
///
/// Every value the calculator prints reads back: games print nesting at most about three
/// levels per day of birthday, so games born by day 5000 read back, and a game whose text
/// would nest deeper is printed as a summary that says so (`lang::value`). Parsing runs on a
/// thread with [`PARSE_STACK`] and evaluation on one with [`crate::STACK_SIZE`], enough for
/// this depth in every build profile.
pub const MAX_DEPTH: usize = 20_000;

/// Whether `text` nests deeper than [`MAX_DEPTH`], so that it would not read back (the
/// printer checks long texts of deep games with it).
pub fn nests_too_deeply(text: &str) -> bool {
    text.len() > MAX_DEPTH
        && matches!(parse_expr(text, Names::NONE), Err(e) if e.message.starts_with(NESTED_TOO_DEEPLY))
}

const NESTED_TOO_DEEPLY: &str = "expression nested too deeply";

type PResult<T> = Result<T, CgError>;

/// The calculator's names the parser must know: the interpreter passes its function and
/// command tables' lookups; [`Names::NONE`] is a parser that knows none.
#[derive(Clone, Copy)]
pub struct Names {
    /// Whether a name is a built-in function.
    pub is_function: fn(&str) -> bool,
    /// Whether a name is a meta command (`:name`).
    pub is_command: fn(&str) -> bool,
}

impl Names {
    /// A parser that knows no functions and no commands.
    pub const NONE: Names = Names {
        is_function: |_| false,
        is_command: |_| false,
    };
}

/// Parses a whole script or REPL input into statements.
pub fn parse_program(src: &str, names: Names) -> Result<Program, CgError> {
    parse_program_at(src, 1, names)
}

/// Like [`parse_program`] for text that starts at line `first_line` of its file: positions
/// named in messages ("the `{` at line 3, column 5") are the file's. A bracket left open at
/// the end is reported at the bracket itself ([`Parser::unclosed`]).
pub fn parse_program_at(src: &str, first_line: usize, names: Names) -> Result<Program, CgError> {
    with_stack(src, |src| {
        let mut p = Parser::new(src, names);
        p.first_line = first_line;
        let r = p.program();
        p.finish(r).map_err(|e| p.unclosed(e))
    })
}

/// Parses a single expression (surrounding blank lines and comments allowed). Brace-less
/// slash notation (`2|1`) is accepted, as for a whole statement.
pub fn parse_expr(src: &str, names: Names) -> Result<Expr, CgError> {
    with_stack(src, |src| {
        let mut p = Parser::new(src, names);
        let r = (|| {
            p.skip_newlines();
            let e = p.statement_expr()?;
            p.skip_newlines();
            if p.peek().tok != Tok::Eof {
                return Err(p.after_statement_error());
            }
            Ok(e)
        })();
        p.finish(r)
    })
}

/// Stack reserved for parsing inputs that may nest deeply (committed lazily by the OS): a
/// debug build needs tens of KB per level of [`MAX_DEPTH`].
const PARSE_STACK: usize = 1 << 30;

/// Runs `f` directly for shallow inputs, and on a helper thread with a large stack when the
/// input could nest deeply: recursion is bounded by [`MAX_DEPTH`], but a debug build needs
/// tens of KB of stack per level, more than a default thread has.
fn with_stack<T: Send>(
    src: &str,
    f: impl Fn(&str) -> Result<T, CgError> + Send + Sync,
) -> Result<T, CgError> {
    let risky = src.bytes().filter(|b| b"({[-+|".contains(b)).count();
    if risky <= 12 {
        return f(src);
    }
    // the memory limit in force here holds on the parser's thread too
    let limit = crate::game::memory::limit();
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .stack_size(PARSE_STACK)
            .spawn_scoped(scope, || {
                let _limit = limit.map(crate::game::memory::enter_limit);
                f(src)
            }) {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|_| Err(CgError::new("internal error: the parser panicked"))),
            Err(_) => f(src),
        }
    })
}

/// True while the input is unfinished: the last statement group of `src` ([`first_group`])
/// has a `{`, `(` or `[` still open or an unterminated string (comments and meta-command
/// lines are skipped). The REPL and standard input keep reading lines while this holds. A
/// line that begins a new statement at column 1 after an unclosed `(` or `[` starts a group
/// of its own, so it ends the wait; unbalanced closers end it too (the parser reports them).
pub fn is_incomplete(src: &str, names: Names) -> bool {
    let mut rest = src;
    loop {
        let g = first_group(rest, names);
        if g.len >= rest.len() {
            return g.open;
        }
        rest = &rest[g.len..];
    }
}

/// Where the first statement group of a text ends (see [`first_group`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupEnd {
    /// The group's length in bytes: whole lines, with their line breaks.
    pub len: usize,
    /// The text ended inside the group: a bracket or a string is still open.
    pub open: bool,
    /// The group ends with a `(` or `[` still open, before a line that begins a new statement
    /// at column 1 ([`starts_statement`]).
    pub cut: bool,
}

/// The first statement group of `src`: a run of whole lines that ends at the first line break
/// where no bracket or string is open (a line, continued while brackets are open). Two more
/// rules end a group: a line with an unbalanced closer ends it (the parser reports the
/// closer), and so does a line that begins a new statement at column 1 ([`starts_statement`])
/// while the innermost open bracket is a `(` or `[`. Such a line can never continue an
/// expression in parentheses or a list, so it is read as a statement of its own and the
/// unclosed bracket before it is an error at the bracket, instead of swallowing the lines
/// after it. (Inside braces a line may be a statement of a block, so `{` never ends a group.)
pub fn first_group(src: &str, names: Names) -> GroupEnd {
    let b = src.as_bytes();
    let to_line_end = |i: usize| {
        b[i..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |k| i + k)
    };
    let mut depth: Vec<u8> = Vec::new();
    // Nothing but blanks so far: a `:` here begins a meta command.
    let mut at_start = true;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                i += 1;
                if depth.is_empty() {
                    return GroupEnd {
                        len: i,
                        open: false,
                        cut: false,
                    };
                }
                if matches!(depth.last(), Some(b'(' | b'[')) && starts_statement(&src[i..], names) {
                    return GroupEnd {
                        len: i,
                        open: false,
                        cut: true,
                    };
                }
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' => {
                i = to_line_end(i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = to_line_end(i);
                continue;
            }
            // A meta command: its line is raw text.
            b':' if at_start => {
                i = to_line_end(i);
                continue;
            }
            _ => {}
        }
        at_start = false;
        match c {
            b'"' => {
                i += 1;
                loop {
                    match b.get(i) {
                        None => {
                            return GroupEnd {
                                len: b.len(),
                                open: true,
                                cut: false,
                            };
                        }
                        Some(b'\\') => i += 2,
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                continue;
            }
            b'{' | b'(' | b'[' => depth.push(c),
            b'}' | b')' | b']' => {
                let open = match c {
                    b'}' => b'{',
                    b')' => b'(',
                    _ => b'[',
                };
                if depth.last() == Some(&open) {
                    depth.pop();
                } else {
                    let end = to_line_end(i);
                    let len = if end < b.len() { end + 1 } else { end };
                    return GroupEnd {
                        len,
                        open: false,
                        cut: false,
                    };
                }
            }
            _ => {}
        }
        i += 1;
    }
    GroupEnd {
        len: b.len(),
        open: !depth.is_empty(),
        cut: false,
    }
}

/// Whether `line` begins, at column 1, a statement that can never continue an expression:
/// an assignment `name = ...` or `name := ...`, a definition `name(a, b) = ...`, an
/// `assert`, or a meta command `:name` of the command table followed by a blank or the end
/// of the line. (`for` and `if` may continue a generator, so they do not count.)
pub fn starts_statement(line: &str, names: Names) -> bool {
    let b = line.as_bytes();
    let is_start = |c: u8| c.is_ascii_alphabetic() || c == b'_';
    let ident_end = |mut i: usize| {
        while b
            .get(i)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
        {
            i += 1;
        }
        i
    };
    let blanks = |mut i: usize| {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    match b.first() {
        Some(b':') => {
            let name_end = line[1..]
                .find(|c: char| c.is_whitespace())
                .map_or(line.len(), |k| k + 1);
            let name = &line[1..name_end];
            return !name.is_empty() && (names.is_command)(name);
        }
        Some(&c) if is_start(c) => {}
        _ => return false,
    }
    let end = ident_end(0);
    if &line[..end] == "assert" {
        return true;
    }
    let mut i = blanks(end);
    if b.get(i) == Some(&b'(') {
        i = blanks(i + 1);
        if b.get(i) != Some(&b')') {
            loop {
                if !b.get(i).is_some_and(|&c| is_start(c)) {
                    return false;
                }
                i = blanks(ident_end(i));
                match b.get(i) {
                    Some(b',') => i = blanks(i + 1),
                    Some(b')') => break,
                    _ => return false,
                }
            }
        }
        i = blanks(i + 1);
    }
    match b.get(i) {
        Some(b'=') => b.get(i + 1) != Some(&b'='),
        Some(b':') => b.get(i + 1) == Some(&b'='),
        _ => false,
    }
}

/// Bytes of syntax tree a token may cost, at most about: a node, its place in its parent's
/// list, and the heap text of a name or number.
const SYNTAX_BYTES_PER_TOKEN: usize = std::mem::size_of::<Expr>() + 48;

/// Checks that the syntax tree of an input of `tokens` tokens fits under the memory limit in
/// force, before it is built.
fn room_for_syntax_tree(tokens: usize) -> Result<(), CgError> {
    if tokens < 1 << 16 {
        return Ok(());
    }
    crate::game::memory::room_for(
        tokens.saturating_mul(SYNTAX_BYTES_PER_TOKEN),
        &format!("parsing this input ({tokens} tokens)"),
    )
    .map_err(|m| crate::syntax::lexer::input_too_large(0, m))
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
    lex_error: Option<CgError>,
    /// The line of the file where `src` starts, for positions named in messages.
    first_line: usize,
    /// The innermost bracket is a block (not a game): the lexer splits `<|` and `|>` inside
    /// any braces, so here a glued `<` `|` is `<|` and a glued `|` `>` is `|>`.
    fuzzy_glue: bool,
    /// Parsing the list of a `for` or the condition of an `if`, where `xs{` opens the
    /// block, not a labelled loopy game.
    in_header: bool,
    names: Names,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, names: Names) -> Parser<'a> {
        let mut lexed = lex(src);
        if lexed.error.is_none()
            && let Err(e) = room_for_syntax_tree(lexed.tokens.len())
        {
            // nothing is parsed: the error stands for the whole input
            lexed.tokens.drain(..lexed.tokens.len() - 1);
            lexed.error = Some(e);
        }
        Parser {
            src,
            toks: lexed.tokens,
            pos: 0,
            depth: 0,
            lex_error: lexed.error,
            first_line: 1,
            fuzzy_glue: false,
            in_header: false,
            names,
        }
    }

    /// The error to report when parsing failed with `e`: if a bracket is left open at the end
    /// of the input, the error is at that bracket (the innermost one left open), where the
    /// user must look, unless `e` points at something before it. Where the parser stopped
    /// elsewhere than at the end, a hint says where and why.
    fn unclosed(&self, e: CgError) -> CgError {
        if self.lex_error.is_some() {
            return e;
        }
        let mut open: Vec<&Token> = Vec::new();
        for t in &self.toks {
            let opener = match t.tok {
                Tok::LBrace | Tok::LParen | Tok::LBracket => {
                    open.push(t);
                    continue;
                }
                Tok::RBrace => Tok::LBrace,
                Tok::RParen => Tok::LParen,
                Tok::RBracket => Tok::LBracket,
                _ => continue,
            };
            if open.last().map(|o| &o.tok) != Some(&opener) {
                // A closer that closes nothing open: the parser's error says so.
                return e;
            }
            open.pop();
        }
        let Some(bracket) = open.last() else {
            return e;
        };
        if e.span.is_some_and(|s| s.start < bracket.span.start) {
            return e;
        }
        let (open_text, close) = match bracket.tok {
            Tok::LBrace => ("{", "}"),
            Tok::LParen => ("(", ")"),
            _ => ("[", "]"),
        };
        let mut err = CgError::at(
            bracket.span,
            format!("unclosed `{open_text}`: the statement ends before its `{close}`"),
        );
        let at_end = self.toks.last().map(|t| t.span.start);
        if let Some(span) = e.span
            && Some(span.start) != at_end
        {
            err.hint = Some(format!(
                "the parser stopped at {}: {}",
                self.where_is(span),
                e.message
            ));
        }
        err
    }

    /// Combines the parse result with a lexical error (which stopped tokenizing): the
    /// earlier of the two errors wins.
    fn finish<T>(&self, r: PResult<T>) -> PResult<T> {
        match (&self.lex_error, r) {
            (None, r) => r,
            (Some(le), Ok(_)) => Err(le.clone()),
            (Some(le), Err(e)) => {
                let ls = le.span.map_or(0, |s| s.start);
                match e.span {
                    Some(s) if s.start < ls => Err(e),
                    _ => Err(le.clone()),
                }
            }
        }
    }

    // ----- token helpers -----

    fn peek(&self) -> &Token {
        &self.toks[self.pos]
    }

    fn peek_at(&self, k: usize) -> &Token {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }

    fn text(&self, span: Span) -> &'a str {
        span.text(self.src)
    }

    fn describe(&self, t: &Token) -> String {
        match t.tok {
            Tok::Eof => "end of input".into(),
            Tok::Newline => "end of line".into(),
            _ => format!("`{}`", self.text(t.span)),
        }
    }

    /// `line L, column C` of the start of `span`, in the file's lines.
    fn where_is(&self, span: Span) -> String {
        let (l, c) = line_col(self.src, span.start);
        format!("line {}, column {c}", l + self.first_line - 1)
    }

    fn skip_newlines(&mut self) {
        while self.peek().tok == Tok::Newline {
            self.bump();
        }
    }

    fn enter(&mut self, span: Span) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(CgError::at(
                span,
                format!("{NESTED_TOO_DEEPLY} (more than {MAX_DEPTH} levels)"),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// `-` glued to a following literal that has a number part: the literal's sign (R1).
    fn glued_negative_literal(&self) -> bool {
        self.peek().tok == Tok::Minus
            && matches!(&self.peek_at(1).tok, Tok::Lit(l) if l.number.is_some())
            && !self.peek_at(1).space_before
    }

    fn braces_error(&self, span: Span) -> CgError {
        CgError::at(
            span,
            "use braces: brace-less slash notation `a|b` is only allowed as a whole statement or as the right-hand side of an assignment",
        )
        .with_hint("write the game in braces, e.g. {2|1}")
    }

    /// Error for a token that cannot continue the current statement.
    fn after_statement_error(&self) -> CgError {
        let t = self.peek();
        let span = t.span;
        match &t.tok {
            Tok::Bars(_) => self.braces_error(span),
            Tok::Assign => CgError::at(span, "unexpected `=`")
                .with_hint("use `==` to compare; only a name can be assigned (`g = expr`)"),
            Tok::ColonAssign => CgError::at(span, "unexpected `:=`: only a name can be assigned"),
            Tok::RParen | Tok::RBracket | Tok::RBrace => {
                CgError::at(span, format!("unexpected {} (nothing to close)", self.describe(t)))
            }
            Tok::Comma => CgError::at(span, "unexpected `,`")
                .with_hint("options go inside braces {a, b | c}; lists are written [a, b]"),
            Tok::Cmp(_) => CgError::at(span, "comparisons do not chain: `a < b < c` is not allowed")
                .with_hint("compare two values at a time, or use parentheses"),
            Tok::Lit(_) if self.text(span).starts_with(['*', '^']) => CgError::at(
                span,
                format!("expected an operator before {}", self.describe(t)),
            )
            .with_hint("there is no multiplication or power operator: `2*3` is 2+*3, and n copies of G are written n.G"),
            _ => CgError::at(
                span,
                format!("expected an operator or the end of the statement, found {}", self.describe(t)),
            ),
        }
    }

    // ----- statements -----

    fn program(&mut self) -> PResult<Program> {
        let mut statements = Vec::new();
        loop {
            match self.peek().tok {
                Tok::Eof => break,
                Tok::Newline | Tok::Semi => {
                    self.bump();
                    continue;
                }
                _ => {}
            }
            let start = self.peek().span.start;
            let kind = self.statement(true)?;
            let span = Span::new(start, self.prev_end());
            let print = match self.peek().tok {
                Tok::Semi => {
                    self.bump();
                    false
                }
                Tok::Newline => {
                    self.bump();
                    true
                }
                Tok::Eof => true,
                _ => return Err(self.after_statement_error()),
            };
            statements.push(Statement { kind, span, print });
        }
        Ok(Program { statements })
    }

    /// One statement; `top`: at the top level of the program (not in a block), where
    /// function definitions are allowed.
    fn statement(&mut self, top: bool) -> PResult<StmtKind> {
        let t = self.peek().clone();
        let next_is_assign = matches!(self.peek_at(1).tok, Tok::Assign | Tok::ColonAssign);
        match &t.tok {
            Tok::Meta { command, args } => {
                self.bump();
                Ok(StmtKind::Meta {
                    command: command.clone(),
                    args: args.clone(),
                })
            }
            Tok::Ident(name) if name == "_" && next_is_assign => Err(CgError::at(
                t.span,
                "cannot assign to `_`: it is a reserved name (the last result)",
            )
            .with_hint("pick another name, e.g. `last = _`")),
            Tok::Ident(name) if next_is_assign && KEYWORDS.contains(&name.as_str()) => {
                Err(CgError::at(
                    t.span,
                    format!("cannot assign to `{name}`: it is a reserved name"),
                ))
            }
            Tok::Ident(kw) if kw == "for" => self.for_statement(),
            Tok::Ident(kw) if kw == "else" => Err(CgError::at(
                t.span,
                "`else` without `if`",
            )
            .with_hint("write `else` on the line of the `}` that closes the if block: `if c { ... } else { ... }`")),
            Tok::Ident(kw) if kw == "in" => Err(CgError::at(
                t.span,
                "`in` belongs to a loop: `for x in xs { ... }`",
            )),
            Tok::Ident(_) if self.definition_ahead() => {
                if !top {
                    return Err(CgError::at(
                        t.span,
                        "functions are defined at the top level, not inside a block",
                    ));
                }
                self.definition()
            }
            Tok::Ident(name) if next_is_assign => {
                if RESERVED.contains(&name.as_str()) {
                    return Err(CgError::at(
                        t.span,
                        format!("cannot assign to `{name}`: it is a reserved name"),
                    )
                    .with_hint("reserved: on off over under dud true false assert Tiny Miny and the function names"));
                }
                self.bump();
                self.bump();
                let value = self.value_expr()?;
                Ok(StmtKind::Assign {
                    name: name.clone(),
                    name_span: t.span,
                    value,
                })
            }
            Tok::Lit(_) if next_is_assign => {
                let text = self.text(t.span);
                let err = if is_down_word(text) {
                    CgError::at(t.span, format!("cannot assign to `{text}`: it is a down literal, not a name"))
                        .with_hint("names made only of v's (or v and digits) are downs; pick another name, e.g. `vx`")
                } else {
                    CgError::at(
                        t.span,
                        format!("cannot assign to `{text}`: it is a literal, not a name"),
                    )
                };
                Err(err)
            }
            Tok::Ident(name) if name == "assert" => {
                self.bump();
                if matches!(self.peek().tok, Tok::Newline | Tok::Semi | Tok::Eof) {
                    return Err(CgError::at(t.span, "expected an expression after `assert`"));
                }
                Ok(StmtKind::Assert(self.comparison()?))
            }
            _ => Ok(StmtKind::Expr(self.value_expr()?)),
        }
    }

    /// A statement's expression: an `if` expression or a statement expression (slash
    /// notation allowed).
    fn value_expr(&mut self) -> PResult<Expr> {
        if matches!(&self.peek().tok, Tok::Ident(k) if k == "if") {
            return self.if_expr();
        }
        self.statement_expr()
    }

    /// Does a definition `name(a, b) =` start here?
    fn definition_ahead(&self) -> bool {
        if self.peek_at(1).tok != Tok::LParen {
            return false;
        }
        let mut k = 2;
        if self.peek_at(k).tok == Tok::RParen {
            return matches!(self.peek_at(k + 1).tok, Tok::Assign | Tok::ColonAssign);
        }
        loop {
            if !matches!(self.peek_at(k).tok, Tok::Ident(_)) {
                return false;
            }
            match self.peek_at(k + 1).tok {
                Tok::Comma => k += 2,
                Tok::RParen => {
                    return matches!(self.peek_at(k + 2).tok, Tok::Assign | Tok::ColonAssign);
                }
                _ => return false,
            }
        }
    }

    /// Checks a name that a definition or a loop binds.
    fn bindable(&self, name: &str, span: Span, what: &str) -> PResult<()> {
        if RESERVED.contains(&name) {
            return Err(CgError::at(
                span,
                format!("`{name}` is a reserved name and cannot be {what}"),
            ));
        }
        if (self.names.is_function)(name) {
            return Err(CgError::at(
                span,
                format!("`{name}` is a built-in function and cannot be {what}"),
            )
            .with_hint("pick another name; built-in functions are never shadowed"));
        }
        Ok(())
    }

    /// `name(a, b) = body`.
    fn definition(&mut self) -> PResult<StmtKind> {
        let name_tok = self.bump();
        let Tok::Ident(name) = name_tok.tok else {
            unreachable!("checked by definition_ahead")
        };
        if (self.names.is_function)(&name) {
            return Err(CgError::at(
                name_tok.span,
                format!("`{name}` is a built-in function: a user function cannot redefine it"),
            )
            .with_hint(format!("pick another name, e.g. `my{name}`")));
        }
        self.bindable(&name, name_tok.span, "a function name")?;
        self.bump(); // (
        let mut params: Vec<String> = Vec::new();
        while let Tok::Ident(p) = self.peek().tok.clone() {
            let t = self.bump();
            self.bindable(&p, t.span, "a parameter")?;
            if params.contains(&p) {
                return Err(CgError::at(
                    t.span,
                    format!("parameter `{p}` appears twice"),
                ));
            }
            params.push(p);
            if self.peek().tok == Tok::Comma {
                self.bump();
            }
        }
        self.bump(); // )
        self.bump(); // = or :=
        if matches!(self.peek().tok, Tok::Newline | Tok::Semi | Tok::Eof) {
            return Err(CgError::at(
                self.peek().span,
                format!("expected the body of `{name}` after `=`"),
            ));
        }
        let body = self.value_expr()?;
        Ok(StmtKind::Def {
            name,
            name_span: name_tok.span,
            params,
            body,
        })
    }

    /// `for x in xs { ... }`.
    fn for_statement(&mut self) -> PResult<StmtKind> {
        let (var, var_span, iter) = self.for_head()?;
        let body = self.block("for")?;
        Ok(StmtKind::For {
            var,
            var_span,
            iter,
            body,
        })
    }

    /// `for x in xs` (the current token is `for`).
    fn for_head(&mut self) -> PResult<(String, Span, Expr)> {
        let kw = self.bump();
        let t = self.peek().clone();
        let Tok::Ident(var) = t.tok else {
            return Err(CgError::at(
                t.span,
                format!(
                    "expected a variable after `for`, found {}",
                    self.describe(&t)
                ),
            )
            .with_hint("write `for n in 1..10 { ... }`"));
        };
        self.bindable(&var, t.span, "a loop variable")?;
        self.bump();
        if !matches!(&self.peek().tok, Tok::Ident(k) if k == "in") {
            return Err(CgError::at(
                self.peek().span,
                format!(
                    "expected `in` after `for {var}`, found {}",
                    self.describe(self.peek())
                ),
            )
            .with_hint(format!(
                "write `for {var} in 1..10 {{ ... }}` or `for {var} in [a, b] {{ ... }}`"
            )));
        }
        self.bump();
        if matches!(
            self.peek().tok,
            Tok::LBrace | Tok::Newline | Tok::Eof | Tok::Semi
        ) {
            return Err(CgError::at(
                kw.span.to(self.peek().span),
                format!("expected a list or a range after `for {var} in`"),
            ));
        }
        let saved = std::mem::replace(&mut self.in_header, true);
        let iter = self.range();
        self.in_header = saved;
        let iter = iter?;
        Ok((var, t.span, iter))
    }

    /// `if c { ... } [else { ... } | else if ...]`.
    fn if_expr(&mut self) -> PResult<Expr> {
        let kw = self.bump();
        self.enter(kw.span)?;
        if matches!(
            self.peek().tok,
            Tok::LBrace | Tok::Newline | Tok::Eof | Tok::Semi
        ) {
            return Err(
                CgError::at(self.peek().span, "expected a condition after `if`")
                    .with_hint("write `if n == 0 { ... } else { ... }`"),
            );
        }
        let saved = std::mem::replace(&mut self.in_header, true);
        let cond = self.comparison();
        self.in_header = saved;
        let cond = cond?;
        let then = self.block("if")?;
        let mut end = then.span;
        let otherwise = if matches!(&self.peek().tok, Tok::Ident(k) if k == "else") {
            self.bump();
            if matches!(&self.peek().tok, Tok::Ident(k) if k == "if") {
                let start = self.peek().span.start;
                let nested = self.if_expr()?;
                let span = Span::new(start, self.prev_end());
                end = span;
                Some(Block {
                    statements: vec![Statement {
                        kind: StmtKind::Expr(nested),
                        span,
                        print: true,
                    }],
                    span,
                })
            } else {
                let b = self.block("else")?;
                end = b.span;
                Some(b)
            }
        } else {
            None
        };
        self.leave();
        Ok(Expr::new(
            ExprKind::If {
                cond: Box::new(cond),
                then,
                otherwise,
            },
            kw.span.to(end),
        ))
    }

    /// A block `{ statements }`: statements end at `;`, at a line break or at the `}`.
    fn block(&mut self, what: &str) -> PResult<Block> {
        let open = self.peek().clone();
        if open.tok != Tok::LBrace {
            return Err(CgError::at(
                open.span,
                format!(
                    "expected `{{` to open the block of `{what}`, found {}",
                    self.describe(&open)
                ),
            )
            .with_hint(match what {
                "for" => "write `for n in 1..10 { ... }`",
                _ => "write `if c { ... } else { ... }`",
            }));
        }
        self.bump();
        self.enter(open.span)?;
        self.mark_block_lines();
        let saved = std::mem::replace(&mut self.fuzzy_glue, true);
        let mut statements = Vec::new();
        loop {
            match self.peek().tok {
                Tok::Newline | Tok::Semi => {
                    self.bump();
                    continue;
                }
                Tok::RBrace => break,
                Tok::Eof => {
                    return Err(CgError::at(
                        self.peek().span,
                        format!(
                            "expected `}}` to close the block of `{what}` at {}",
                            self.where_is(open.span)
                        ),
                    ));
                }
                _ => {}
            }
            let start = self.peek().span.start;
            let kind = self.statement(false)?;
            let span = Span::new(start, self.prev_end());
            let print = match self.peek().tok {
                Tok::Semi => {
                    self.bump();
                    false
                }
                Tok::Newline => {
                    self.bump();
                    true
                }
                Tok::RBrace => true,
                Tok::Eof => {
                    return Err(CgError::at(
                        self.peek().span,
                        format!(
                            "expected `}}` to close the block of `{what}` at {}",
                            self.where_is(open.span)
                        ),
                    ));
                }
                _ => return Err(self.after_statement_error()),
            };
            statements.push(Statement { kind, span, print });
        }
        let close = self.bump();
        self.fuzzy_glue = saved;
        self.leave();
        Ok(Block {
            statements,
            span: open.span.to(close.span),
        })
    }

    /// Inside the block that starts at the current token, a line break between two tokens
    /// of the block itself (not inside its brackets) ends a statement: a `Newline` token is
    /// put before each token that begins a line.
    fn mark_block_lines(&mut self) {
        let mut depth = 0usize;
        let mut i = self.pos;
        while i < self.toks.len() {
            let t = &self.toks[i];
            match t.tok {
                Tok::Eof => break,
                Tok::RParen | Tok::RBracket | Tok::RBrace if depth == 0 => break,
                _ => {}
            }
            if depth == 0 && t.line_before && i > self.pos {
                let at = t.span.start;
                self.toks.insert(
                    i,
                    Token {
                        tok: Tok::Newline,
                        span: Span::new(at, at),
                        space_before: true,
                        line_before: true,
                    },
                );
                i += 1;
            }
            match self.toks[i].tok {
                Tok::LParen | Tok::LBracket | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBracket | Tok::RBrace => depth -= 1,
                _ => {}
            }
            i += 1;
        }
    }

    /// `<|` or `|>` written as two glued tokens inside a block (see `fuzzy_glue`).
    fn glued_fuzzy(&self) -> Option<CmpOp> {
        if !self.fuzzy_glue || self.peek_at(1).space_before {
            return None;
        }
        match (&self.peek().tok, &self.peek_at(1).tok) {
            (Tok::Cmp(CmpOp::Lt), Tok::Bars(1)) => Some(CmpOp::LessOrConfused),
            (Tok::Bars(1), Tok::Cmp(CmpOp::Gt)) => Some(CmpOp::GreaterOrConfused),
            _ => None,
        }
    }

    /// The comparison operator at the current token, with how many tokens it takes.
    fn comparison_op(&self) -> Option<(CmpOp, usize)> {
        if let Some(op) = self.glued_fuzzy() {
            return Some((op, 2));
        }
        match self.peek().tok {
            Tok::Cmp(op) => Some((op, 1)),
            _ => None,
        }
    }

    // ----- expressions -----

    fn comparison(&mut self) -> PResult<Expr> {
        let lhs = self.range()?;
        self.comparison_rest(lhs)
    }

    /// `lo..hi` (both ends included) or a plain additive expression.
    fn range(&mut self) -> PResult<Expr> {
        let lo = self.sided()?;
        self.range_rest(lo)
    }

    /// `onside & offside` (a loopy game given by its sides) or a plain additive expression.
    pub(super) fn sided(&mut self) -> PResult<Expr> {
        let onside = self.additive()?;
        self.sided_rest(onside)
    }

    pub(super) fn sided_rest(&mut self, onside: Expr) -> PResult<Expr> {
        if self.peek().tok != Tok::Amp {
            return Ok(onside);
        }
        self.bump();
        let offside = self.additive()?;
        let span = onside.span.to(offside.span);
        Ok(Expr::new(
            ExprKind::Sides {
                onside: Box::new(onside),
                offside: Box::new(offside),
            },
            span,
        ))
    }

    fn range_rest(&mut self, lo: Expr) -> PResult<Expr> {
        if self.peek().tok != Tok::DotDot {
            return Ok(lo);
        }
        self.bump();
        let hi = self.additive()?;
        if self.peek().tok == Tok::DotDot {
            return Err(CgError::at(
                self.peek().span,
                "a range has one `..`: write lo..hi",
            ));
        }
        let span = lo.span.to(hi.span);
        Ok(Expr::new(
            ExprKind::Range {
                lo: Box::new(lo),
                hi: Box::new(hi),
            },
            span,
        ))
    }

    fn comparison_rest(&mut self, lhs: Expr) -> PResult<Expr> {
        let lhs = self.range_rest(lhs)?;
        let Some((op, n)) = self.comparison_op() else {
            return Ok(lhs);
        };
        for _ in 0..n {
            self.bump();
        }
        let rhs = self.range()?;
        if self.comparison_op().is_some() {
            return Err(CgError::at(
                self.peek().span,
                format!(
                    "comparisons do not chain: `{}` cannot be followed by another comparison",
                    self.text(lhs.span.to(rhs.span))
                ),
            )
            .with_hint("compare two values at a time, or use parentheses"));
        }
        let span = lhs.span.to(rhs.span);
        Ok(Expr::new(
            ExprKind::Compare {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            span,
        ))
    }

    /// `a + b - c +- d`: a flat chain, so a sum of a million terms nests no deeper than one.
    fn additive(&mut self) -> PResult<Expr> {
        let first = self.unary()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek().tok {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                Tok::PlusMinus => BinOp::PlusMinus,
                _ => return Ok(Expr::chain(first, rest)),
            };
            if op == BinOp::PlusMinus && self.barless_brace_at(self.pos + 1) {
                // `a +- {b,c}` = a + (+-{b,c}): let the unary `+-` build the SwitchSet.
                rest.push((BinOp::Add, self.unary()?));
            } else {
                self.bump();
                rest.push((op, self.unary()?));
            }
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        if self.peek().tok == Tok::Minus && !self.glued_negative_literal() {
            let minus = self.bump();
            self.enter(minus.span)?;
            let e = self.unary()?;
            self.leave();
            let span = minus.span.to(e.span);
            return Ok(Expr::new(ExprKind::Neg(Box::new(e)), span));
        }
        self.ordinal()
    }

    fn ordinal(&mut self) -> PResult<Expr> {
        let first = self.norton()?;
        let mut rest = Vec::new();
        while self.peek().tok == Tok::Colon {
            self.bump();
            rest.push((BinOp::Ordinal, self.norton()?));
        }
        Ok(Expr::chain(first, rest))
    }

    fn norton(&mut self) -> PResult<Expr> {
        let first = self.operand()?;
        let mut rest: Vec<(BinOp, Expr)> = Vec::new();
        while self.peek().tok == Tok::Dot {
            self.bump();
            if let Tok::Ident(name) = &self.peek().tok
                && (self.names.is_function)(name)
                && self.peek_at(1).tok != Tok::LParen
            {
                let so_far = rest
                    .last()
                    .map_or(first.span, |(_, e)| first.span.to(e.span));
                let g = self.text(so_far);
                return Err(CgError::at(
                    so_far.to(self.peek().span),
                    format!("`{g}.{name}` is not supported: `{name}` is a function"),
                )
                .with_hint(format!("write {name}({g})")));
            }
            rest.push((BinOp::Norton, self.operand()?));
        }
        Ok(Expr::chain(first, rest))
    }

    /// An operand of `.`/`:`: a primary, `+-` operand, or (on the right of `.`/`:`) `-` operand.
    fn operand(&mut self) -> PResult<Expr> {
        match self.peek().tok {
            Tok::PlusMinus => self.switch(),
            Tok::Minus if !self.glued_negative_literal() => {
                let minus = self.bump();
                self.enter(minus.span)?;
                let e = self.operand()?;
                self.leave();
                let span = minus.span.to(e.span);
                Ok(Expr::new(ExprKind::Neg(Box::new(e)), span))
            }
            _ => self.primary(),
        }
    }

    /// Unary `+-` with its single operand (R4).
    fn switch(&mut self) -> PResult<Expr> {
        let pm = self.bump();
        self.enter(pm.span)?;
        let e = match self.peek().tok {
            Tok::LBrace => {
                let g = self.brace_group(true)?;
                let span = pm.span.to(g.span);
                match g.kind {
                    ExprKind::SwitchSet(opts) => Expr::new(ExprKind::SwitchSet(opts), span),
                    kind => Expr::new(ExprKind::Switch(Box::new(Expr::new(kind, g.span))), span),
                }
            }
            Tok::LParen => {
                let g = self.paren(true)?;
                let span = pm.span.to(g.span);
                Expr::new(ExprKind::Switch(Box::new(g)), span)
            }
            _ => {
                let g = self.operand()?;
                let span = pm.span.to(g.span);
                Expr::new(ExprKind::Switch(Box::new(g)), span)
            }
        };
        self.leave();
        Ok(e)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let t = self.peek().clone();
        let e = match &t.tok {
            Tok::Minus if self.glued_negative_literal() => {
                self.bump();
                let lt = self.bump();
                let Tok::Lit(l) = lt.tok else {
                    unreachable!("checked")
                };
                return self.literal_rest(l, true, t.span.to(lt.span));
            }
            Tok::Lit(l) => {
                self.bump();
                return self.literal_rest(l.clone(), false, t.span);
            }
            // Inside an expression an `if` is evaluated for its value; nothing in it prints.
            Tok::Ident(k) if k == "if" => return self.if_expr(),
            Tok::Ident(k) if KEYWORDS.contains(&k.as_str()) => {
                return Err(CgError::at(
                    t.span,
                    format!("`{k}` cannot stand inside an expression"),
                )
                .with_hint(match k.as_str() {
                    "for" => "a loop is a statement of its own: `for n in 1..10 { ... }`; for a list of values write [expr for n in 1..10]",
                    "else" => "`else` follows the `}` of an if block on the same line",
                    _ => "`in` belongs to a loop: `for x in xs { ... }`",
                }));
            }
            Tok::Ident(name) => {
                self.bump();
                if self.peek().tok == Tok::LBrace
                    && self.peek().span.start == t.span.end
                    && !self.in_header
                    && !RESERVED.contains(&name.as_str())
                {
                    // `a{0|a}`: a loopy game whose options may name it `a`
                    let game = self.brace_group(false)?;
                    let span = t.span.to(game.span);
                    return Ok(Expr::new(
                        ExprKind::Labelled {
                            label: name.clone(),
                            game: Box::new(game),
                        },
                        span,
                    ));
                }
                if self.peek().tok == Tok::LParen {
                    let (args, close) = self.args_until(Tok::RParen, Some(name))?;
                    Expr::new(
                        ExprKind::Call {
                            name: name.clone(),
                            name_span: t.span,
                            args,
                        },
                        t.span.to(close),
                    )
                } else {
                    Expr::new(ExprKind::Name(name.clone()), t.span)
                }
            }
            Tok::Str(s) => {
                self.bump();
                Expr::new(ExprKind::Str(s.clone()), t.span)
            }
            Tok::LParen => self.paren(false)?,
            Tok::LBracket => {
                let (items, close) = self.args_until(Tok::RBracket, None)?;
                Expr::new(ExprKind::List(items), t.span.to(close))
            }
            Tok::LBrace => self.brace_group(false)?,
            Tok::MisereForm(spec) => {
                self.bump();
                Expr::new(ExprKind::MisereForm(spec.clone()), t.span)
            }
            Tok::MisereStar => {
                self.bump();
                let open = self.peek().clone();
                if open.tok != Tok::LBracket {
                    return Err(CgError::at(
                        open.span,
                        "expected `[` after `*` of a misère form",
                    ));
                }
                let (items, close) = self.args_until(Tok::RBracket, None)?;
                Expr::new(ExprKind::MisereList(items), t.span.to(close))
            }
            _ => return Err(self.expected_operand()),
        };
        let e = self.indexing(e)?;
        // R2: `*` or `^` glued after a name or a closing bracket.
        let n = self.peek();
        if !n.space_before
            && matches!(n.tok, Tok::Lit(_))
            && self.text(n.span).starts_with(['*', '^'])
        {
            let c = &self.text(n.span)[..1];
            return Err(CgError::at(
                n.span,
                format!(
                    "`{c}` after `{}` is not allowed: there is no multiplication or power operator",
                    self.text(e.span)
                ),
            )
            .with_hint(format!(
                "for n copies of a game G write n.G (Norton product); to add write {} + {}",
                self.text(e.span),
                self.text(n.span)
            )));
        }
        Ok(e)
    }

    /// `e[i][j]...`: 0-based indexing of lists.
    fn indexing(&mut self, mut e: Expr) -> PResult<Expr> {
        while self.peek().tok == Tok::LBracket {
            let open = self.bump();
            self.enter(open.span)?;
            if self.peek().tok == Tok::RBracket {
                return Err(CgError::at(
                    open.span.to(self.peek().span),
                    "expected an index between `[` and `]`",
                ));
            }
            let index = self.comparison()?;
            let t = self.peek().clone();
            if t.tok != Tok::RBracket {
                return Err(CgError::at(
                    t.span,
                    format!(
                        "expected `]` to close the index opened at {}, found {}",
                        self.where_is(open.span),
                        self.describe(&t)
                    ),
                ));
            }
            self.bump();
            self.leave();
            let span = e.span.to(t.span);
            e = Expr::new(
                ExprKind::Index {
                    base: Box::new(e),
                    index: Box::new(index),
                },
                span,
            );
        }
        Ok(e)
    }

    /// The clauses of a generator after its body: `for x in xs`, then more `for` and `if`.
    fn clauses(&mut self) -> PResult<Vec<Clause>> {
        let mut out = Vec::new();
        loop {
            match &self.peek().tok {
                Tok::Ident(k) if k == "for" => {
                    let (var, var_span, iter) = self.for_head()?;
                    out.push(Clause::For {
                        var,
                        var_span,
                        iter,
                    });
                }
                Tok::Ident(k) if k == "if" => {
                    self.bump();
                    out.push(Clause::If(self.comparison()?));
                }
                _ => return Ok(out),
            }
        }
    }

    fn expected_operand(&self) -> CgError {
        let t = self.peek();
        let mut e = CgError::at(
            t.span,
            format!("expected a game or expression, found {}", self.describe(t)),
        );
        match t.tok {
            Tok::Bars(_) => e = self.braces_error(t.span),
            Tok::Plus => e = e.with_hint("there is no unary `+`; `+-G` is the switch {G|-G}"),
            Tok::RParen | Tok::RBracket | Tok::RBrace => {
                // `n +` before a closer (a block's `}` on the next line): the operator is
                // what is unfinished, so the error points at it.
                e = match self.pos.checked_sub(1).map(|k| &self.toks[k]) {
                    Some(op)
                        if matches!(
                            op.tok,
                            Tok::Plus | Tok::Minus | Tok::PlusMinus | Tok::Dot | Tok::Colon
                        ) =>
                    {
                        CgError::at(
                            op.span,
                            format!(
                                "`{}` has no right operand: the expression ends at {}",
                                self.text(op.span),
                                self.describe(t)
                            ),
                        )
                    }
                    _ => CgError::at(
                        t.span,
                        format!("unexpected {} (nothing to close)", self.describe(t)),
                    ),
                }
            }
            Tok::Dot => {
                e = e.with_hint(
                    "`.` is the Norton product `n.G`; there are no decimals (write 5/2, not 2.5)",
                )
            }
            _ => {}
        }
        e
    }

    /// After a literal token: an optional glued `Tiny(..)`/`Miny(..)` suffix.
    fn literal_rest(&mut self, l: LitTok, negative: bool, span: Span) -> PResult<Expr> {
        let mut lit = Literal {
            negative,
            number: l.number,
            ups: l.ups,
            nim: l.nim,
            tiny: None,
        };
        let mut span = span;
        let t = self.peek().clone();
        if let Tok::Ident(name) = &t.tok {
            let kind = match name.as_str() {
                "Tiny" => Some(TinyKind::Tiny),
                "Miny" => Some(TinyKind::Miny),
                _ => None,
            };
            if let Some(kind) = kind
                && !t.space_before
                && self.peek_at(1).tok == Tok::LParen
            {
                self.bump();
                let (mut args, close) = self.args_until(Tok::RParen, Some(name))?;
                if args.len() != 1 {
                    return Err(CgError::at(
                        t.span.to(close),
                        format!("`{name}` takes exactly one argument, found {}", args.len()),
                    ));
                }
                lit.tiny = Some((kind, Box::new(args.remove(0))));
                span = span.to(close);
            }
        }
        let e = Expr::new(ExprKind::Literal(lit), span);
        // `5over`, `-1/2under`: the printer glues over/under to a number; read back as a sum.
        let t = self.peek();
        if let Tok::Ident(name) = &t.tok
            && !t.space_before
            && (name == "over" || name == "under")
        {
            let name_expr = Expr::new(ExprKind::Name(name.clone()), t.span);
            self.bump();
            return Ok(Expr::chain(e, vec![(BinOp::Add, name_expr)]));
        }
        Ok(e)
    }

    /// `(expr)`. `after_switch`: preceded by `+-`, for the `+-(a,b)` hint.
    fn paren(&mut self, after_switch: bool) -> PResult<Expr> {
        let open = self.bump();
        self.enter(open.span)?;
        if self.peek().tok == Tok::RParen {
            let close = self.bump();
            return Err(CgError::at(
                open.span.to(close.span),
                "empty parentheses `()`",
            ));
        }
        let e = self.comparison()?;
        let t = self.peek().clone();
        match t.tok {
            Tok::RParen => {
                self.bump();
                self.leave();
                Ok(Expr::new(e.kind, open.span.to(t.span)))
            }
            Tok::Comma => {
                let close = self.matching_close(self.pos);
                let (span, inner) = match close {
                    Some(c) => (open.span.to(c), &self.src[open.span.end..c.start]),
                    None => (t.span, ""),
                };
                let mut err = CgError::at(
                    span,
                    "parentheses hold a single expression, not a list of options",
                );
                err = if after_switch {
                    err.with_hint(format!("for the switch {{a,b|-a,-b}} write +-{{{inner}}}"))
                } else {
                    err.with_hint("games are written {a, b | c} and lists [a, b]")
                };
                Err(err)
            }
            Tok::Bars(_) => Err(self.braces_error(t.span)),
            Tok::Eof | Tok::RBrace | Tok::RBracket | Tok::Newline | Tok::Semi => Err(CgError::at(
                t.span,
                format!(
                    "expected `)` to close the `(` at {}, found {}",
                    self.where_is(open.span),
                    self.describe(&t)
                ),
            )),
            _ => Err(CgError::at(
                t.span,
                format!("expected `)`, found {}", self.describe(&t)),
            )),
        }
    }

    /// Span of the bracket closing the innermost bracket open at token index `from`.
    fn matching_close(&self, from: usize) -> Option<Span> {
        let mut depth = 0usize;
        for t in &self.toks[from..] {
            match t.tok {
                Tok::LParen | Tok::LBracket | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBracket | Tok::RBrace => {
                    if depth == 0 {
                        return Some(t.span);
                    }
                    depth -= 1;
                }
                Tok::Eof => return None,
                _ => {}
            }
        }
        None
    }

    /// Comma-separated expressions after an opening `(` or `[` (the current token) up to
    /// `close`. Returns the items and the span of the closer.
    fn args_until(&mut self, close: Tok, call: Option<&str>) -> PResult<(Vec<Expr>, Span)> {
        let open = self.bump();
        self.enter(open.span)?;
        let (closer, what) = if close == Tok::RParen {
            (")", "(")
        } else {
            ("]", "[")
        };
        let ctx = match call {
            Some(n) => format!(" in the arguments of `{n}`"),
            None => " in the list".to_string(),
        };
        let mut items = Vec::new();
        if self.peek().tok == close {
            let c = self.bump();
            self.leave();
            return Ok((items, c.span));
        }
        loop {
            let item = self.comparison()?;
            if matches!(&self.peek().tok, Tok::Ident(k) if k == "for") {
                let clauses = self.clauses()?;
                let span = Span::new(item.span.start, self.prev_end());
                if !items.is_empty() || self.peek().tok != close {
                    return Err(CgError::at(
                        span,
                        format!("a generator `... for x in xs` must be the only item{ctx}"),
                    )
                    .with_hint("put it in its own brackets: [g(n) for n in 1..10]"));
                }
                items.push(Expr::new(
                    ExprKind::Generator {
                        body: Box::new(item),
                        clauses,
                    },
                    span,
                ));
            } else {
                items.push(item);
            }
            let t = self.peek().clone();
            if t.tok == close {
                self.bump();
                self.leave();
                return Ok((items, t.span));
            }
            match t.tok {
                Tok::Comma => {
                    self.bump();
                    if self.peek().tok == close {
                        return Err(CgError::at(
                            self.peek().span,
                            format!("expected an expression after `,`{ctx}"),
                        ));
                    }
                }
                Tok::Bars(_) => return Err(self.braces_error(t.span)),
                Tok::Eof | Tok::RBrace | Tok::RBracket | Tok::RParen | Tok::Newline | Tok::Semi => {
                    return Err(CgError::at(
                        t.span,
                        format!(
                            "expected `{closer}` to close the `{what}` at {}, found {}",
                            self.where_is(open.span),
                            self.describe(&t)
                        ),
                    ));
                }
                _ => {
                    return Err(CgError::at(
                        t.span,
                        format!(
                            "expected `,` or `{closer}`{ctx}, found {}",
                            self.describe(&t)
                        ),
                    ));
                }
            }
        }
    }
}
