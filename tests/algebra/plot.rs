//! Pictures of thermographs: ASCII snapshots of `plot(...)` and well-formedness of `svg(...)`.
//!
//! The snapshots in `tests/algebra/snapshots/algebra__plot__*.snap` were checked by hand against the printed
//! thermographs (CGSuite's `Thermograph(...)` form, quoted in each test): wall positions row by
//! row, the mast column at the mean, the `+` where the walls meet, the dotted `t = 0` row. On
//! top of the snapshots, [`check_ascii`] re-derives every wall position from the exact
//! thermograph and compares it with the drawing, so a snapshot cannot silently go wrong.

use cgcalc::game::Thermograph;

use crate::common::run_ok;
use cgcalc::calc::value::Value;
use cgcalc::lang::Session;
use cgcalc::lang::parse_expr;

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
    let (v_first, v_last) = (
        parse_fraction(footer[0]),
        parse_fraction(footer[footer.len() - 1]),
    );
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
    // The mast's value is written on the value axis, centred under the mast, when it fits
    // between the two ends.
    if footer.len() == 3 {
        assert_eq!(
            parse_fraction(footer[1]),
            mast,
            "the label between the ends is the mast"
        );
        let start = lines[axis + 1][PREFIX..].find(footer[1]).expect("label") + footer[1].len() / 2;
        assert_eq!(start, col(mast), "the mast's label is centred under it");
    }
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

/// The labels of a picture's rows (the text before ` |`) and of its footer (first and last
/// column).
fn ascii_labels(picture: &str) -> (Vec<String>, Vec<String>) {
    let lines: Vec<&str> = picture.lines().collect();
    let axis = lines
        .iter()
        .position(|l| l.trim_start().starts_with("t +"))
        .expect("axis line");
    let rows = lines[..axis]
        .iter()
        .map(|l| l.split(" |").next().unwrap().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let footer = lines[axis + 1]
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (rows, footer)
}

/// `{10^20 | -10^20}` was labelled with i64 limits (9223372036854775807). Its window is
/// temperatures [-1, 1.25e20] (a quarter above the temperature 10^20) and values about
/// ±1.16e20 (the walls' ±(10^20 + 1) at t = -1, padded by 8% of the width). The step is the
/// least power of two with at most 21 rows and 61 columns, 2^63 (2^62 needs 28 rows); rows are
/// labelled every fourth step, at multiples of 2^65, down to the bottom row t = 0 (t = -1 is
/// within the step); the left column is ceil(1.16e20 / 2^63) = 13 steps, the right one -13.
#[test]
fn plot_labels_huge_values_exactly() {
    let ten20 = "100000000000000000000";
    let mut s = Session::new();
    let picture = run_ok(&mut s, &format!("plot({{{ten20}|-{ten20}}})"));
    let (rows, footer) = ascii_labels(&picture);
    let two65: u128 = 1 << 65;
    let want: Vec<String> = [3 * two65, 2 * two65, two65, 0]
        .iter()
        .map(u128::to_string)
        .collect();
    assert_eq!(rows, want, "{picture}");
    let thirteen_steps = (13u128 << 63).to_string();
    assert_eq!(
        footer,
        [thirteen_steps.clone(), format!("-{thirteen_steps}")]
    );
    assert!(picture.contains(&format!("mast at 0 from temperature {ten20}")));
    assert!(!picture.contains("9223372036854775807"), "{picture}");
}

/// A number far from 0 is drawn around itself: `plot(10^20)` has the window 10^20 ± 1/2 (the
/// padding of half a unit) and labels it exactly.
#[test]
fn plot_of_a_far_number_is_exact() {
    let mut s = Session::new();
    let picture = run_ok(&mut s, "plot(100000000000000000000)");
    let (rows, footer) = ascii_labels(&picture);
    assert_eq!(rows, ["1", "1/2", "0", "-1/2", "-1"], "{picture}");
    assert_eq!(
        footer,
        ["200000000000000000001/2", "199999999999999999999/2"],
        "10^20 + 1/2 on the left, 10^20 - 1/2 on the right"
    );
}

/// `tikz(10^16)` and `svg(99999999999999999999, file)` looped for ever: `t += 0.2` no longer
/// changes `t` near 10^16. The window of a number x is x ± 1/2; 8 ticks over a width of 1 want
/// a step of at least 1/8, so 0.2: the ticks are x - 2/5, ..., x + 2/5, each labelled exactly
/// (as TeX fractions in lowest terms: x - 2/5 = 49999999999999998/5).
#[test]
fn ticks_of_far_values_are_few_and_exact() {
    let mut s = Session::new();
    let picture = run_ok(&mut s, "tikz(10000000000000000)");
    let labels: Vec<&str> = picture
        .lines()
        .filter(|l| l.contains("node[below]"))
        .map(|l| l.rsplit('$').nth(1).unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "\\frac{49999999999999998}{5}",
            "\\frac{49999999999999999}{5}",
            "10000000000000000",
            "\\frac{50000000000000001}{5}",
            "\\frac{50000000000000002}{5}",
        ],
        "{picture}"
    );
    let path = std::env::temp_dir().join(format!("cgcalc-plot-far-{}.svg", std::process::id()));
    let path_text = path.to_str().unwrap().replace('\\', "/");
    let reply = run_ok(
        &mut s,
        &format!("svg(99999999999999999999, \"{path_text}\")"),
    );
    assert!(reply.starts_with("wrote "), "{reply}");
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    check_xml(&text);
    for label in [
        "99999999999999999998.6",
        "99999999999999999998.8",
        "99999999999999999999",
        "99999999999999999999.2",
        "99999999999999999999.4",
    ] {
        assert!(
            text.contains(&format!(">{label}</text>")),
            "{label} in\n{text}"
        );
    }
}

/// A TikZ picture of `{10^6 | -10^6}` is drawn in units of a power of ten (TeX's lengths end
/// near 575 cm): the window is about 2.3·10^6 wide (the walls' ±(10^6 + 1) padded by 8%), and
/// at most 160 units across takes units of 10^5 (10^4 would give 232); its ticks still say
/// the true values.
#[test]
fn tikz_of_a_wide_window_is_scaled() {
    let mut s = Session::new();
    let picture = run_ok(&mut s, "tikz({1000000|-1000000})");
    assert!(
        picture.contains("% coordinates: x = -value / 10^5, y = temperature / 10^5"),
        "{picture}"
    );
    assert!(picture.contains("{\\scriptsize $1000000$}"), "{picture}");
    for coordinate in picture.split(['(', ')']).skip(1).step_by(2) {
        for part in coordinate.split(',') {
            if let Ok(v) = part.parse::<f64>() {
                assert!(v.abs() < 100.0, "coordinate {coordinate} in\n{picture}");
            }
        }
    }
}

/// Values beyond what a float holds cannot be drawn: an error, not a picture of infinities.
#[test]
fn plot_of_values_beyond_floats_is_an_error() {
    let big = format!("1{}", "0".repeat(400));
    let mut s = Session::new();
    let mut err = None;
    s.run_source(
        &format!("plot({{{big}|-{big}}})"),
        "t.cgt",
        true,
        &mut |r| err = r.error.clone(),
    );
    let err = err.expect("an error");
    assert!(err.contains("too large to draw"), "{err}");
}
