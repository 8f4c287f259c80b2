//! Pictures of thermographs: ASCII snapshots of `plot(...)` and well-formedness of `svg(...)`.
//!
//! The snapshots in `tests/snapshots/plot__*.snap` were checked by hand against the printed
//! thermographs (CGSuite's `Thermograph(...)` form, quoted in each test): wall positions row by
//! row, the mast column at the mean, the `+` where the walls meet, the dotted `t = 0` row. On
//! top of the snapshots, [`check_ascii`] re-derives every wall position from the exact
//! thermograph and compares it with the drawing, so a snapshot cannot silently go wrong.

use cgcalc::game::Thermograph;
mod common;

use cgcalc::lang::Session;
use cgcalc::lang::parser::parse_expr;
use cgcalc::lang::value::Value;
use common::run_ok;

fn thermo(s: &mut Session, game: &str) -> Thermograph {
    let e = parse_expr(&format!("thermo({game})")).expect("parses");
    match s.eval(&e).expect("evaluates") {
        Value::Thermograph(t) => (*t).clone(),
        other => panic!("thermo({game}) is a {}", other.type_name()),
    }
}

fn f(x: cgcalc::game::Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.den_exp() as i32)
}

fn parse_fraction(s: &str) -> f64 {
    match s.split_once('/') {
        Some((n, d)) => n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap(),
        None => s.parse().unwrap(),
    }
}

/// Checks a single-thermograph ASCII plot against the thermograph: reads the scales off the
/// picture (the bottom row is `t = -1`, the row labelled `0` is `t = 0`; the footer gives the
/// values of the first and last columns) and checks that, on every row, the walls are drawn at
/// the columns of `LW(t)` and `RW(t)` (below the temperature) or the mast at the mean (above),
/// with `+` at the temperature and the dotted row at `t = 0`.
fn check_ascii(picture: &str, th: &Thermograph) {
    const PREFIX: usize = 9; // "{label:>7} |"
    let lines: Vec<&str> = picture.lines().collect();
    let axis = lines
        .iter()
        .position(|l| l.trim_start().starts_with("t +"))
        .expect("axis line");
    let grid: Vec<Vec<char>> = lines[..axis]
        .iter()
        .map(|l| l.chars().skip(PREFIX).collect())
        .collect();
    let label = |r: usize| lines[r][..7].trim().to_string();
    let width = lines[axis].matches('-').count();
    let footer: Vec<&str> = lines[axis + 1].split_whitespace().collect();
    let (v_first, v_last) = (parse_fraction(footer[0]), parse_fraction(footer[1]));
    let dv = (v_first - v_last) / (width - 1) as f64;
    let bottom = grid.len() - 1;
    assert_eq!(label(bottom), "-1", "the bottom row is t = -1");
    let zero = (0..grid.len())
        .find(|&r| label(r) == "0")
        .expect("a row labelled 0");
    let dt = 1.0 / (bottom - zero) as f64;
    assert_eq!(dt, dv, "rows and columns use the same step");
    let col = |v: f64| ((v_first - v) / dv).round() as usize;
    let at = |r: usize, c: usize| grid[r].get(c).copied().unwrap_or(' ');
    let (temp, mast) = (f(th.temperature), f(th.mast));
    for (r, cells) in grid.iter().enumerate() {
        let t = (zero as f64 - r as f64) * dt;
        let row: String = cells.iter().collect();
        let marks = cells.iter().filter(|c| !matches!(c, ' ' | '.')).count();
        if r == zero {
            assert!(row.contains("..."), "row {r} (t = 0) is dotted: {row:?}");
        }
        if t > temp + 1e-9 {
            assert_eq!(at(r, col(mast)), '|', "mast at t = {t}: {row:?}");
            assert_eq!(marks, 1, "only the mast above the temperature: {row:?}");
            continue;
        }
        let tt = cgcalc::game::Dyadic::new((t * 1024.0).round() as i64, 10);
        let (lw, rw) = (f(th.left.eval(tt)), f(th.right.eval(tt)));
        for (v, glyphs) in [(lw, "/|+"), (rw, "\\|+")] {
            let c = at(r, col(v));
            assert!(
                glyphs.contains(c),
                "wall at value {v} (column {}) on row t = {t}: found {c:?} in {row:?}",
                col(v)
            );
        }
        if (t - temp).abs() < 1e-9 {
            assert_eq!(at(r, col(mast)), '+', "mast foot at t = {t}: {row:?}");
        }
        // Nothing but the walls (and the dots of t = 0) on a row below the temperature.
        assert!(marks <= 2, "stray marks on row t = {t}: {row:?}");
    }
}

fn plot_one(game: &str) -> String {
    let mut s = Session::new();
    let picture = run_ok(&mut s, &format!("plot(thermo({game}))"));
    let th = thermo(&mut s, game);
    check_ascii(&picture, &th);
    picture
}

/// `Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])`: Left wall `3 - t` up to 3/4;
/// Right wall `2 + t` below 0, `2` on [0, 1/2], `3/2 + t` on [1/2, 3/4]; mast 9/4 above 3/4.
#[test]
fn plot_hot_game_with_stars() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "thermo({3||2+*|1+*})"),
        "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
    );
    insta::assert_snapshot!("hot_game_with_stars", plot_one("{3||2+*|1+*}"));
}

/// `Thermograph(0,[1],[0,-1],0,[1],[0,1])`: walls `1 - t` and `-1 + t` meeting at (1, 0).
#[test]
fn plot_switch() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "thermo({1|-1})"),
        "Thermograph(0,[1],[0,-1],0,[1],[0,1])"
    );
    insta::assert_snapshot!("switch", plot_one("{1|-1}"));
}

/// `Thermograph(0,[0],[0,-1],0,[],[0])`: `^ = {0|*}` has Left wall `-t` below 0 and a Right
/// wall that is the mast at 0 all the way down.
#[test]
fn plot_up() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "thermo(^)"),
        "Thermograph(0,[0],[0,-1],0,[],[0])"
    );
    insta::assert_snapshot!("up", plot_one("^"));
}

/// `Thermograph(3/4,[-1/4,-1/2],[0,-1,0],3/4,[-1/4],[0,1])`: the number 3/4 has temperature
/// -1/4; its Left wall is 1 below -1/2 and `1/2 - t` on [-1/2, -1/4], its Right wall `1 + t`.
#[test]
fn plot_number() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "thermo(3/4)"),
        "Thermograph(3/4,[-1/4,-1/2],[0,-1,0],3/4,[-1/4],[0,1])"
    );
    insta::assert_snapshot!("number", plot_one("3/4"));
}

/// Overlay of `{2|-1}` (walls `2 - t`, `-1 + t`, mast 1/2 from 3/2) and `{1|0}` (walls `1 - t`,
/// `t`, mast 1/2 from 1/2), drawn with the digits 1 and 2. Both masts stand at 1/2, so the
/// second one is drawn over the first above t = 3/2.
#[test]
fn plot_overlay() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "thermo({2|-1})"),
        "Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])"
    );
    assert_eq!(
        run_ok(&mut s, "thermo({1|0})"),
        "Thermograph(1/2,[1/2],[0,-1],1/2,[1/2],[0,1])"
    );
    let picture = run_ok(&mut s, "plot([thermo({2|-1}), thermo({1|0})])");
    // Spot checks on the row t = 0 (scale: a quarter per column, 7/2 in column 0): the walls
    // of {2|-1} at 2 and -1 (columns 6 and 18), of {1|0} at 1 and 0 (columns 10 and 14).
    let zero_row = picture
        .lines()
        .find(|l| l.starts_with("      0 |"))
        .expect("t = 0 row");
    let cells: Vec<char> = zero_row.chars().skip(9).collect();
    for (c, tag) in [(6, '1'), (18, '1'), (10, '2'), (14, '2')] {
        assert_eq!(cells[c], tag, "column {c} of {zero_row:?}");
    }
    assert!(picture.contains("1: mast at 1/2 from temperature 3/2"));
    assert!(picture.contains("2: mast at 1/2 from temperature 1/2"));
    insta::assert_snapshot!("overlay", picture);
}

// ---------------------------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------------------------

/// A tag of the SVG text: its name, attributes, and whether it opens, closes or is empty.
#[derive(Debug)]
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
    kind: TagKind,
}

#[derive(Debug, PartialEq)]
enum TagKind {
    Open,
    Close,
    Empty,
}

/// A small XML well-formedness checker, enough for the SVG this crate writes: tags balance,
/// attribute values are quoted, no attribute repeats within a tag, text holds no raw `<` and
/// only the five predefined entities after `&`, and there is exactly one root element.
/// Returns the tags in document order.
fn check_xml(text: &str) -> Vec<Tag> {
    let mut tags = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut rest = text;
    loop {
        let (before, after) = match rest.split_once('<') {
            Some(x) => x,
            None => {
                check_text(rest);
                assert!(
                    rest.trim().is_empty() || !stack.is_empty(),
                    "text after root"
                );
                break;
            }
        };
        check_text(before);
        if stack.is_empty() {
            assert!(
                before.trim().is_empty(),
                "text outside the root: {before:?}"
            );
        }
        let (inner, after) = after.split_once('>').expect("unterminated tag");
        assert!(!inner.contains('<'), "'<' inside a tag: {inner:?}");
        let tag = parse_tag(inner);
        match tag.kind {
            TagKind::Open | TagKind::Empty => {
                if stack.is_empty() {
                    roots += 1;
                }
                if tag.kind == TagKind::Open {
                    stack.push(tag.name.clone());
                }
            }
            TagKind::Close => {
                let open = stack.pop().expect("closing tag without an opening one");
                assert_eq!(open, tag.name, "tags do not balance");
            }
        }
        tags.push(tag);
        rest = after;
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
    assert_eq!(roots, 1, "exactly one root element");
    tags
}

fn check_text(s: &str) {
    let mut rest = s;
    while let Some((_, after)) = rest.split_once('&') {
        let ok = ["amp;", "lt;", "gt;", "quot;", "apos;"]
            .iter()
            .any(|e| after.starts_with(e));
        assert!(ok, "bare '&' in text: {s:?}");
        rest = after;
    }
}

fn parse_tag(inner: &str) -> Tag {
    let (kind, body) = if let Some(b) = inner.strip_prefix('/') {
        (TagKind::Close, b)
    } else if let Some(b) = inner.strip_suffix('/') {
        (TagKind::Empty, b)
    } else {
        (TagKind::Open, inner)
    };
    let body = body.trim();
    let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let name = body[..name_end].to_string();
    assert!(
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == ':'),
        "bad tag name in <{inner}>"
    );
    let mut attrs: Vec<(String, String)> = Vec::new();
    let mut rest = body[name_end..].trim_start();
    while !rest.is_empty() {
        assert!(
            kind != TagKind::Close,
            "attributes on a closing tag <{inner}>"
        );
        let (key, after) = rest
            .split_once('=')
            .unwrap_or_else(|| panic!("attribute without a value in <{inner}>"));
        let key = key.trim().to_string();
        assert!(
            !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'),
            "bad attribute name {key:?} in <{inner}>"
        );
        let after = after.trim_start();
        let quote = after.chars().next().expect("attribute value");
        assert!(
            quote == '"' || quote == '\'',
            "unquoted attribute {key} in <{inner}>"
        );
        let (value, after) = after[1..]
            .split_once(quote)
            .unwrap_or_else(|| panic!("unterminated attribute {key} in <{inner}>"));
        assert!(!value.contains('<'), "'<' in attribute {key}");
        check_text(value);
        assert!(
            attrs.iter().all(|(k, _)| *k != key),
            "repeated attribute {key} in <{inner}>"
        );
        assert!(
            after.is_empty() || after.starts_with(char::is_whitespace),
            "no space after attribute {key} in <{inner}>"
        );
        attrs.push((key, value.to_string()));
        rest = after.trim_start();
    }
    Tag { name, attrs, kind }
}

fn attr<'a>(t: &'a Tag, key: &str) -> &'a str {
    t.attrs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("<{}> has no {key}", t.name))
}

/// Writes `svg(<list>, file)` through the language, reads the file back and checks it: one
/// `<svg>` root; two `<polyline>`s (the walls) and one `<circle>` (the mast marker) per
/// thermograph; the axis labels; and each marker on both walls of its thermograph, whose top
/// ends are on the mast (the walls meet there and go up the mast).
fn check_svg(expr: &str, count: usize, name: &str) {
    let path = std::env::temp_dir().join(format!(
        "cgcalc-plot-test-{}-{name}.svg",
        std::process::id()
    ));
    let path_text = path.to_str().expect("utf-8 temp path").replace('\\', "/");
    let mut s = Session::new();
    let reply = run_ok(&mut s, &format!("svg({expr}, \"{path_text}\")"));
    assert!(reply.starts_with("wrote "), "{reply}");
    let text = std::fs::read_to_string(&path).expect("svg written");
    let _ = std::fs::remove_file(&path);
    let tags = check_xml(&text);
    assert_eq!(tags[0].name, "svg");
    assert_eq!(attr(&tags[0], "xmlns"), "http://www.w3.org/2000/svg");
    let polylines: Vec<&Tag> = tags.iter().filter(|t| t.name == "polyline").collect();
    let circles: Vec<&Tag> = tags.iter().filter(|t| t.name == "circle").collect();
    assert_eq!(polylines.len(), 2 * count, "two walls per thermograph");
    assert_eq!(circles.len(), count, "one mast marker per thermograph");
    assert_eq!(text.matches("<polyline").count(), 2 * count);
    assert_eq!(text.matches("<circle").count(), count);
    assert!(
        text.contains(">temperature</text>"),
        "temperature axis label"
    );
    assert!(text.contains(">value"), "value axis label");
    for (i, c) in circles.iter().enumerate() {
        let (cx, cy) = (attr(c, "cx"), attr(c, "cy"));
        for wall in &polylines[2 * i..2 * i + 2] {
            let points = attr(wall, "points");
            let top = points.split_whitespace().last().expect("points");
            let (tx, _) = top.split_once(',').expect("x,y");
            assert_eq!(tx, cx, "wall {points} ends on the mast of marker {i}");
            let (x, y): (f64, f64) = (cx.parse().unwrap(), cy.parse().unwrap());
            let pts: Vec<(f64, f64)> = points
                .split_whitespace()
                .map(|p| {
                    let (a, b) = p.split_once(',').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            assert!(
                pts.windows(2).any(|w| on_segment((x, y), w[0], w[1])),
                "marker {i} at ({cx},{cy}) is not on wall {points}"
            );
        }
    }
}

/// Whether `p` lies on the segment `a`-`b`, up to the 0.1 rounding of the coordinates.
fn on_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> bool {
    let eps = 0.2;
    let inside = |v: f64, lo: f64, hi: f64| v >= lo.min(hi) - eps && v <= lo.max(hi) + eps;
    if !inside(p.0, a.0, b.0) || !inside(p.1, a.1, b.1) {
        return false;
    }
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1e-9);
    let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    (cross / len).abs() <= eps
}

#[test]
fn svg_single_thermograph_is_well_formed() {
    check_svg("thermo({3||2+*|1+*})", 1, "single");
}

#[test]
fn svg_three_thermographs_are_well_formed() {
    check_svg(
        "[thermo({3||2+*|1+*}), thermo({1|-1}), thermo(^)]",
        3,
        "three",
    );
}

/// The checker itself rejects what it should.
#[test]
fn xml_checker_rejects_malformed_text() {
    let bad = [
        "<svg><g></svg>",
        "<svg a=1/>",
        "<svg/><svg/>",
        "<svg a=\"1\" a=\"2\"/>",
        "<svg>a & b</svg>",
        "<svg></g>",
        "<svg>",
        "text<svg/>",
    ];
    for b in bad {
        let owned = b.to_string();
        assert!(
            std::panic::catch_unwind(move || {
                check_xml(&owned);
            })
            .is_err(),
            "accepted {b:?}",
        );
    }
    check_xml("<svg a=\"1\"><g b='x &amp; y'>t &lt; u</g><line/></svg>\n");
}

/// The ASCII checker notices a drawing that does not match the thermograph.
#[test]
fn ascii_checker_rejects_a_wrong_picture() {
    let mut s = Session::new();
    let picture = run_ok(&mut s, "plot(thermo({1|-1}))");
    for other in ["{2|-1}", "{1|0}", "^", "{1|-1/2}"] {
        let th = thermo(&mut s, other);
        let p = picture.clone();
        assert!(
            std::panic::catch_unwind(move || check_ascii(&p, &th)).is_err(),
            "the picture of {{1|-1}} passed as the thermograph of {other}"
        );
    }
    check_ascii(&picture, &thermo(&mut s, "{1|-1}"));
}
