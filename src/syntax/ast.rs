//! The abstract syntax tree produced by the parser.
//!
//! Every expression carries the [`Span`] of the source text it came from. Slash
//! notation is fully resolved: `{3||2|1}` arrives as nested [`ExprKind::Game`] nodes.

use crate::syntax::span::Span;

/// A whole script or REPL input: statements in source order.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The statements; empty statements (blank lines, `;;`) are dropped.
    pub statements: Vec<Statement>,
}

/// One statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// What the statement does.
    pub kind: StmtKind,
    /// Source text of the statement (without the terminating `;` or newline).
    pub span: Span,
    /// `false` when the statement is followed by `;` (printing suppressed).
    pub print: bool,
}

/// The kinds of statement.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `expr`: evaluate and print. Brace-less slash notation (`2|1`) is allowed here.
    Expr(Expr),
    /// `name = expr` or `name := expr`. Brace-less slash notation is allowed in `value`.
    Assign {
        /// The variable assigned to.
        name: String,
        /// Span of the name.
        name_span: Span,
        /// The right-hand side.
        value: Expr,
    },
    /// `assert expr`.
    Assert(Expr),
    /// `for x in xs { ... }`: runs the block once for each item of a list or range.
    For {
        /// The loop variable.
        var: String,
        /// Span of the loop variable.
        var_span: Span,
        /// What it runs over (a list or a range).
        iter: Expr,
        /// The body.
        body: Block,
    },
    /// `f(a, b) = expr`: defines a user function (memoised on its arguments).
    Def {
        /// The function's name.
        name: String,
        /// Span of the name.
        name_span: Span,
        /// The parameter names, in order.
        params: Vec<String>,
        /// The body (an `if` expression allowed).
        body: Expr,
    },
    /// A meta command line `:command args...` (the `:` was the first non-blank char of a line).
    Meta {
        /// The command name without the colon, e.g. `help`, `load`, `print-limit`.
        command: String,
        /// The raw rest of the line, trimmed.
        args: String,
    },
}

/// A block `{ statements }` of `if`, `else` and `for`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The statements, in order (their `print` flags say which print).
    pub statements: Vec<Statement>,
    /// The braces and what they hold.
    pub span: Span,
}

/// One clause of a generator `expr for x in xs for y in ys if cond`.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    /// `for x in xs`.
    For {
        /// The variable.
        var: String,
        /// Span of the variable.
        var_span: Span,
        /// What it runs over.
        iter: Expr,
    },
    /// `if cond`: keeps the combinations for which `cond` is true.
    If(Expr),
}

/// An expression with its source span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// The expression itself.
    pub kind: ExprKind,
    /// Source text it was parsed from.
    pub span: Span,
}

/// Binary operators (other than comparisons).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `a + b`: disjunctive sum.
    Add,
    /// `a - b`: difference.
    Sub,
    /// `a +- b`: a + (+-b).
    PlusMinus,
    /// `a : b`: ordinal sum.
    Ordinal,
    /// `a . b`: Norton product.
    Norton,
}

/// Comparison operators (non-associative).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<>`: confused with (fuzzy).
    Confused,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
}

impl CmpOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Confused => "<>",
            CmpOp::LessOrConfused => "<|",
            CmpOp::GreaterOrConfused => "|>",
        }
    }
}

impl BinOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::PlusMinus => "+-",
            BinOp::Ordinal => ":",
            BinOp::Norton => ".",
        }
    }
}

/// Expression kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An R1 literal token: `0`, `-1/2v*`, `6^*`, `^3*2`, `2Tiny(2)`, `^<3>`, `v[2]*`, `*`.
    Literal(Literal),
    /// A variable or constant name: `g`, `on`, `off`, `over`, `under`, `dud`, `true`, `false`.
    Name(String),
    /// A string literal (escapes already processed): `"file.svg"`.
    Str(String),
    /// A function call `name(args...)`, e.g. `pow(^,3)`, `Tiny(2)`, `dom(3,4)`.
    Call {
        /// Function name as written.
        name: String,
        /// Span of the name.
        name_span: Span,
        /// Arguments in order (possibly none).
        args: Vec<Expr>,
    },
    /// A game `{left | right}` (braces or slash notation, already split into sides).
    Game {
        /// Left options.
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// A loopy game whose options may name it by its label: `a{0|a}`.
    Labelled {
        label: String,
        /// The game (an [`ExprKind::Game`]).
        game: Box<Expr>,
    },
    /// A loopy game given by its sides: `onside & offside`.
    Sides {
        onside: Box<Expr>,
        offside: Box<Expr>,
    },
    /// A list `[a, b, ...]`.
    List(Vec<Expr>),
    /// A misère form in CGSuite's compact notation: `*[2]`, `*[42]`, `*[2[2]321]`.
    MisereForm(crate::game::misere::MisereSpec),
    /// `*[a, b, ...]`: a misère game from a list, as CGSuite reads it (one element: that
    /// game; several: the options; inside, an integer is a nim heap and a list the game whose
    /// options its elements are).
    MisereList(Vec<Expr>),
    /// Unary negation `-G`.
    Neg(Box<Expr>),
    /// Unary switch `+-G` = {G | -G}.
    Switch(Box<Expr>),
    /// `+-{a, b}` = {a, b | -a, -b} (a bar-less brace group after `+-`).
    SwitchSet(Vec<Expr>),
    /// A left-associative chain of binary operations of one precedence level:
    /// `a + b - c +- d`, `a : b : c` (ordinal sums) or `a . b . c` (Norton products). Kept
    /// flat, so a sum of a million terms is not a million levels deep.
    Chain {
        /// The first operand.
        first: Box<Expr>,
        /// Each operator with the operand to its right (at least one).
        rest: Vec<(BinOp, Expr)>,
    },
    /// An integer range `lo..hi`, both ends included (empty when hi < lo).
    Range {
        /// First integer.
        lo: Box<Expr>,
        /// Last integer.
        hi: Box<Expr>,
    },
    /// Indexing `xs[i]` (0-based).
    Index {
        /// The list.
        base: Box<Expr>,
        /// The index.
        index: Box<Expr>,
    },
    /// `if c { ... } else { ... }`: the value of the last statement of the block that runs.
    /// `else if` arrives as an `else` block holding one `if` statement.
    If {
        /// The condition (a boolean).
        cond: Box<Expr>,
        /// The block run when it is true.
        then: Block,
        /// The block run when it is false.
        otherwise: Option<Block>,
    },
    /// A generator `body for x in xs ...` (the whole argument of a call, or the whole inside
    /// of `[...]`).
    Generator {
        /// The expression evaluated for each combination.
        body: Box<Expr>,
        /// The `for` and `if` clauses, outermost first.
        clauses: Vec<Clause>,
    },
    /// A comparison `a == b`, `!=`, `<`, `<=`, `>`, `>=`, `<>`, `<|`, `|>`.
    Compare {
        /// The operator.
        op: CmpOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
}

/// `Tiny` or `Miny` suffix of a literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TinyKind {
    /// `Tiny(G)` = {0||0|-G}.
    Tiny,
    /// `Miny(G)` = {G|0||0}.
    Miny,
}

/// An R1 literal token `[-]NUMBER? UPS? NIM? (Tiny(..)|Miny(..))?`; its value is the sum of
/// the parts present.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    /// A `-` was attached: it negates the number part only (`-1/2v*` = (-1/2) + v*).
    /// Only ever `true` when `number` is present.
    pub negative: bool,
    /// The number part, digits kept verbatim (arbitrary size).
    pub number: Option<NumLit>,
    /// The up/down part.
    pub ups: Option<UpsLit>,
    /// The nimber part: `*` = 1, `*5` = 5, `*0` = 0.
    pub nim: Option<u64>,
    /// A `Tiny(G)` / `Miny(G)` suffix glued to the literal (`2Tiny(2)`).
    pub tiny: Option<(TinyKind, Box<Expr>)>,
}

/// Number part of a literal: `numerator` or `numerator/denominator` (ASCII digit strings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumLit {
    /// Numerator digits, e.g. `"73"`.
    pub numerator: String,
    /// Denominator digits, e.g. `Some("16")`; not checked to be a power of two.
    pub denominator: Option<String>,
}

/// Up/down part of a literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UpsLit {
    /// `^` = 1, `^^` = 2, `^7` = 7, `v` = -1, `vv` = -2, `v3` = -3.
    Ups(i64),
    /// Up-nth: `^<3>` = 3, `v<2>` = -2.
    UpNth(i64),
    /// Up-to-the-n sums: `^[3]` = 3, `v[2]` = -2.
    UpTo(i64),
    /// The loopy `^[on]` (upon = {pass|*}, `true`) or `v[on]` (its negative).
    Upon(bool),
    /// The loopy `^<on>` (uponth = {0||0|0,pass}, `true`) or `v<on>`.
    UponTh(bool),
}

impl Expr {
    /// Creates an expression.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// `first op1 e1 op2 e2 ...` as one [`ExprKind::Chain`], or `first` itself without operators.
    pub fn chain(first: Expr, rest: Vec<(BinOp, Expr)>) -> Expr {
        match rest.last() {
            None => first,
            Some((_, last)) => {
                let span = first.span.to(last.span);
                Expr::new(
                    ExprKind::Chain {
                        first: Box::new(first),
                        rest,
                    },
                    span,
                )
            }
        }
    }

    /// A compact s-expression dump for tests and debugging, e.g.
    /// `{3||2|1}` gives `(game [3] [(game [2] [1])])`.
    pub fn sexpr(&self) -> String {
        match &self.kind {
            ExprKind::Literal(l) => l.to_text(),
            ExprKind::Name(n) => n.clone(),
            ExprKind::Str(s) => format!("{s:?}"),
            ExprKind::Call { name, args, .. } => {
                let mut s = format!("(call {name}");
                for a in args {
                    s.push(' ');
                    s.push_str(&a.sexpr());
                }
                s.push(')');
                s
            }
            ExprKind::Game { left, right } => {
                format!("(game [{}] [{}])", join(left), join(right))
            }
            ExprKind::Labelled { label, game } => format!("(labelled {label} {})", game.sexpr()),
            ExprKind::Sides { onside, offside } => {
                format!("(sides {} {})", onside.sexpr(), offside.sexpr())
            }
            ExprKind::List(items) => format!("(list [{}])", join(items)),
            ExprKind::MisereForm(spec) => format!("(misere {spec:?})"),
            ExprKind::MisereList(items) => format!("(miserelist [{}])", join(items)),
            ExprKind::Neg(e) => format!("(neg {})", e.sexpr()),
            ExprKind::Switch(e) => format!("(switch {})", e.sexpr()),
            ExprKind::SwitchSet(items) => format!("(switchset [{}])", join(items)),
            // Shown left-nested, as the chain is evaluated: `1-2+3` is `(+ (- 1 2) 3)`.
            ExprKind::Chain { first, rest } => rest.iter().fold(first.sexpr(), |acc, (op, e)| {
                format!("({} {acc} {})", op.as_str(), e.sexpr())
            }),
            ExprKind::Compare { op, lhs, rhs } => {
                format!("({} {} {})", op.as_str(), lhs.sexpr(), rhs.sexpr())
            }
            ExprKind::Range { lo, hi } => format!("(range {} {})", lo.sexpr(), hi.sexpr()),
            ExprKind::Index { base, index } => {
                format!("(index {} {})", base.sexpr(), index.sexpr())
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let mut s = format!("(if {} {}", cond.sexpr(), then.sexpr());
                if let Some(b) = otherwise {
                    s.push(' ');
                    s.push_str(&b.sexpr());
                }
                s.push(')');
                s
            }
            ExprKind::Generator { body, clauses } => {
                let mut s = format!("(gen {}", body.sexpr());
                for c in clauses {
                    match c {
                        Clause::For { var, iter, .. } => {
                            s.push_str(&format!(" (for {var} {})", iter.sexpr()))
                        }
                        Clause::If(e) => s.push_str(&format!(" (if {})", e.sexpr())),
                    }
                }
                s.push(')');
                s
            }
        }
    }
}

fn join(items: &[Expr]) -> String {
    items.iter().map(Expr::sexpr).collect::<Vec<_>>().join(" ")
}

impl Literal {
    /// The literal in canonical text form: `-1/2v*`, `^3*2`, `^<3>`, `2Tiny(2)`
    /// (the Tiny argument is shown as an s-expression).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        if self.negative {
            s.push('-');
        }
        if let Some(n) = &self.number {
            s.push_str(&n.numerator);
            if let Some(d) = &n.denominator {
                s.push('/');
                s.push_str(d);
            }
        }
        match self.ups {
            None => {}
            Some(UpsLit::Ups(k)) => {
                let c = if k >= 0 { '^' } else { 'v' };
                match k.unsigned_abs() {
                    1 => s.push(c),
                    m => s.push_str(&format!("{c}{m}")),
                }
            }
            Some(UpsLit::UpNth(k)) => {
                let c = if k >= 0 { '^' } else { 'v' };
                s.push_str(&format!("{c}<{}>", k.unsigned_abs()));
            }
            Some(UpsLit::UpTo(k)) => {
                let c = if k >= 0 { '^' } else { 'v' };
                s.push_str(&format!("{c}[{}]", k.unsigned_abs()));
            }
            Some(UpsLit::Upon(up)) => s.push_str(if up { "^[on]" } else { "v[on]" }),
            Some(UpsLit::UponTh(up)) => s.push_str(if up { "^<on>" } else { "v<on>" }),
        }
        match self.nim {
            None => {}
            Some(1) => s.push('*'),
            Some(n) => s.push_str(&format!("*{n}")),
        }
        if let Some((k, e)) = &self.tiny {
            let name = match k {
                TinyKind::Tiny => "Tiny",
                TinyKind::Miny => "Miny",
            };
            s.push_str(&format!("{name}({})", e.sexpr()));
        }
        s
    }
}

impl Statement {
    /// S-expression dump of a statement: `(expr E)`, `(assign g E)`, `(assert E)`,
    /// `(meta help "topic")`; a `;` suffix is added when printing is suppressed.
    pub fn sexpr(&self) -> String {
        let s = match &self.kind {
            StmtKind::Expr(e) => format!("(expr {})", e.sexpr()),
            StmtKind::Assign { name, value, .. } => format!("(assign {name} {})", value.sexpr()),
            StmtKind::Assert(e) => format!("(assert {})", e.sexpr()),
            StmtKind::Meta { command, args } => format!("(meta {command} {args:?})"),
            StmtKind::For {
                var, iter, body, ..
            } => format!("(for {var} {} {})", iter.sexpr(), body.sexpr()),
            StmtKind::Def {
                name, params, body, ..
            } => format!("(def {name} [{}] {})", params.join(" "), body.sexpr()),
        };
        if self.print { s } else { format!("{s};") }
    }
}

impl Block {
    /// S-expression dump: `(block S1 S2 ...)`.
    pub fn sexpr(&self) -> String {
        let mut s = String::from("(block");
        for st in &self.statements {
            s.push(' ');
            s.push_str(&st.sexpr());
        }
        s.push(')');
        s
    }
}

impl Program {
    /// S-expression dump of all statements, one per line.
    pub fn sexpr(&self) -> String {
        self.statements
            .iter()
            .map(Statement::sexpr)
            .collect::<Vec<_>>()
            .join("\n")
    }
}
