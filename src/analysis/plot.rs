//! Pictures of thermographs: ASCII art for the terminal and SVG files.
//!
//! Conventions of WW ch. 6: temperature grows upward, values grow to the *left* (Left's
//! direction), so the Left wall is drawn on the left and the mast stands at the mean.

use std::fmt::Write;

use crate::game::Dyadic;
use crate::game::{Thermograph, Trajectory};

fn f(x: Dyadic) -> f64 {
    x.to_f64()
}

/// The window shown: temperatures `[t_lo, t_hi]`, values `[v_lo, v_hi]`.
struct Window {
    t_lo: f64,
    t_hi: f64,
    v_lo: f64,
    v_hi: f64,
}

impl Window {
    fn fit(graphs: &[&Thermograph]) -> Window {
        let t_top = graphs
            .iter()
            .map(|g| f(g.temperature))
            .fold(0.0f64, f64::max);
        let t_hi = t_top + (t_top * 0.25).max(1.0);
        let t_lo = -1.0;
        let mut v_lo = f64::INFINITY;
        let mut v_hi = f64::NEG_INFINITY;
        for g in graphs {
            for tr in [&g.left, &g.right] {
                for t in [t_lo, t_hi] {
                    let v = eval(tr, t);
                    v_lo = v_lo.min(v);
                    v_hi = v_hi.max(v);
                }
                for p in tr.pieces() {
                    let v = f(p.value);
                    v_lo = v_lo.min(v);
                    v_hi = v_hi.max(v);
                }
            }
        }
        let pad = ((v_hi - v_lo) * 0.08).max(0.5);
        Window {
            t_lo,
            t_hi,
            v_lo: v_lo - pad,
            v_hi: v_hi + pad,
        }
    }
}

fn eval(tr: &Trajectory, t: f64) -> f64 {
    let pieces = tr.pieces();
    let p = pieces
        .iter()
        .rev()
        .find(|p| f(p.start) <= t)
        .unwrap_or(&pieces[0]);
    f(p.value) + (t - f(p.start)) * p.slope as f64
}

fn fmt_num(x: f64) -> String {
    // Values on the axes are dyadic; show short decimals.
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    if s == "-0" { "0".into() } else { s }
}

/// An exact fraction for a dyadic `x` given as a float (axis labels).
fn fmt_dyadic(x: f64) -> String {
    let mut den = 1u64;
    while (x * den as f64).fract().abs() > 1e-9 && den < (1 << 20) {
        den *= 2;
    }
    let num = (x * den as f64).round() as i64;
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

/// An ASCII drawing of one or more thermographs, at most about `max_width` x `max_height`
/// characters. One row is one temperature step `d` and one column one value step `d`, so
/// walls of slope ±1 are drawn at 45 degrees (`/` for the Left wall, `\` for the Right).
pub fn ascii(graphs: &[&Thermograph], max_width: usize, max_height: usize) -> String {
    let w = Window::fit(graphs);
    let mut d = 1.0 / 16.0;
    while (w.t_hi - w.t_lo) / d > max_height as f64 || (w.v_hi - w.v_lo) / d > max_width as f64 {
        d *= 2.0;
    }
    let t_top = (w.t_hi / d).ceil() * d;
    let v_left = (w.v_hi / d).ceil() * d;
    let height = ((t_top - w.t_lo) / d).round() as usize + 1;
    let width = ((v_left - w.v_lo) / d).round() as usize + 1;
    let col = |v: f64| ((v_left - v) / d).round().clamp(0.0, (width - 1) as f64) as usize;
    let row_t = |r: usize| t_top - r as f64 * d;
    let mut grid = vec![vec![' '; width]; height];
    let zero_row = (t_top / d).round() as usize;
    if zero_row < height {
        grid[zero_row].iter_mut().for_each(|c| *c = '.');
    }
    for (i, g) in graphs.iter().enumerate() {
        let tag =
            (graphs.len() > 1).then(|| char::from_digit((i + 1) as u32 % 36, 36).unwrap_or('#'));
        let temp = f(g.temperature);
        for (r, row) in grid.iter_mut().enumerate() {
            let t = row_t(r);
            let glyph = |s: i64| match s {
                0 => '|',
                s if s < 0 => '/',
                _ => '\\',
            };
            if t > temp + 1e-12 {
                row[col(f(g.mast))] = tag.unwrap_or('|');
            } else {
                let (lc, rc) = (col(eval(&g.left, t)), col(eval(&g.right, t)));
                let below = |tr: &Trajectory| slope_at(tr, t - d / 2.0);
                row[lc] = tag.unwrap_or(glyph(below(&g.left)));
                row[rc] = tag.unwrap_or(glyph(below(&g.right)));
                if (t - temp).abs() < 1e-12 {
                    row[col(f(g.mast))] = tag.unwrap_or('+');
                }
            }
        }
    }
    let label_step = (4.0 * d).max(0.25);
    let label_w = 7;
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        let t = row_t(r);
        let label = if (t / label_step).fract().abs() < 1e-9 || r + 1 == height {
            fmt_dyadic(t)
        } else {
            String::new()
        };
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{label:>label_w$} |{}", line.trim_end());
    }
    let _ = writeln!(out, "{:>label_w$} +{}", "t", "-".repeat(width));
    let left = fmt_dyadic(v_left);
    let right = fmt_dyadic(v_left - (width - 1) as f64 * d);
    let gap = width.saturating_sub(left.len() + right.len());
    let _ = writeln!(out, "{:>label_w$}  {left}{}{right}", "", " ".repeat(gap));
    let _ = write!(
        out,
        "{:>label_w$}  temperature t upward; values grow leftward (Left's direction); + marks where the mast starts",
        ""
    );
    for (i, g) in graphs.iter().enumerate() {
        let tag = if graphs.len() == 1 {
            String::new()
        } else {
            format!("{}: ", i + 1)
        };
        let _ = write!(
            out,
            "\n{:>label_w$}  {tag}mast at {} from temperature {}",
            "", g.mast, g.temperature
        );
    }
    out
}

fn slope_at(tr: &Trajectory, t: f64) -> i64 {
    let pieces = tr.pieces();
    pieces
        .iter()
        .rev()
        .find(|p| f(p.start) <= t)
        .unwrap_or(&pieces[0])
        .slope
}

const COLORS: &[&str] = &[
    "#1f4e9c", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085",
];

/// An SVG picture of one or more thermographs with axes, ticks and labels.
pub fn svg(graphs: &[&Thermograph], labels: &[String]) -> String {
    let w = Window::fit(graphs);
    // The legend (one line per thermograph) sits above the plot area.
    let legend = 16.0 * graphs.len() as f64;
    let (width, height) = (640.0, 420.0 + legend);
    let (ml, mr, mt, mb) = (70.0, 30.0, 24.0 + legend, 70.0);
    let pw = width - ml - mr;
    let ph = height - mt - mb;
    let x = |v: f64| ml + (w.v_hi - v) / (w.v_hi - w.v_lo) * pw;
    let y = |t: f64| mt + (w.t_hi - t) / (w.t_hi - w.t_lo) * ph;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    // axes box
    let _ = writeln!(
        s,
        r##"<rect x="{ml}" y="{mt}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>"##
    );
    // t = 0 line and ticks
    let ticks_t = ticks(w.t_lo, w.t_hi, 6);
    for t in &ticks_t {
        let yy = y(*t);
        let dash = if *t == 0.0 {
            ""
        } else {
            r#" stroke-dasharray="3,3""#
        };
        let _ = writeln!(
            s,
            r##"<line x1="{ml}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#ccc"{dash}/>"##,
            ml + pw
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            ml - 6.0,
            yy + 4.0,
            fmt_num(*t)
        );
    }
    for v in ticks(w.v_lo, w.v_hi, 8) {
        let xx = x(v);
        let _ = writeln!(
            s,
            r##"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="#888"/>"##,
            mt + ph,
            mt + ph + 5.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{xx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            mt + ph + 18.0,
            fmt_num(v)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">value (Left's direction is to the left)</text>"#,
        ml + pw / 2.0,
        height - 28.0
    );
    let _ = writeln!(
        s,
        r#"<text x="16" y="{:.1}" text-anchor="middle" transform="rotate(-90 16 {:.1})">temperature</text>"#,
        mt + ph / 2.0,
        mt + ph / 2.0
    );
    for (i, g) in graphs.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        for tr in [&g.left, &g.right] {
            let mut pts = Vec::new();
            for p in tr.pieces() {
                let t = f(p.start);
                pts.push((x(eval(tr, t)), y(t)));
            }
            pts.push((x(eval(tr, w.t_hi)), y(w.t_hi)));
            let path: Vec<String> = pts.iter().map(|(a, b)| format!("{a:.1},{b:.1}")).collect();
            let _ = writeln!(
                s,
                r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="2"/>"#,
                path.join(" ")
            );
        }
        // mast marker
        let (mx, my) = (x(f(g.mast)), y(f(g.temperature)));
        let _ = writeln!(
            s,
            r#"<circle cx="{mx:.1}" cy="{my:.1}" r="3.5" fill="{color}"/>"#
        );
        let label = labels.get(i).cloned().unwrap_or_default();
        let text = if label.is_empty() {
            format!("mast {} at temperature {}", g.mast, g.temperature)
        } else {
            format!(
                "{}: mast {} at temperature {}",
                escape(&label),
                g.mast,
                g.temperature
            )
        };
        let _ = writeln!(
            s,
            r#"<text x="{ml}" y="{:.1}" fill="{color}">{text}</text>"#,
            18.0 + 16.0 * i as f64
        );
    }
    s.push_str("</svg>\n");
    s
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// About `n` round tick positions covering `[lo, hi]`.
fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / n as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let mut t = (lo / step).ceil() * step;
    let mut out = Vec::new();
    while t <= hi + 1e-9 {
        out.push(if t.abs() < 1e-12 { 0.0 } else { t });
        t += step;
    }
    out
}

/// A TikZ picture of one or more thermographs (`tikz(thermo(G))`), drawn with the geometry of
/// [`svg`]: the same window, temperature upward and values growing to the left, one unit of
/// value as long as one unit of temperature (so slopes ±1 are at 45 degrees). The picture
/// needs only `\usepackage{tikz}`. The
/// mast's value and temperature are labelled exactly.
/// Coordinates are decimals with at most six places.
pub fn tikz(graphs: &[&Thermograph], labels: &[String]) -> String {
    let w = Window::fit(graphs);
    // About 8 cm across; x is minus the value.
    let unit = (8.0 / (w.v_hi - w.v_lo)).clamp(0.05, 2.0);
    let unit = (unit * 100.0).round() / 100.0;
    let x = |v: f64| dec6(-v);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\\begin{{tikzpicture}}[x={}cm,y={}cm]",
        dec6(unit),
        dec6(unit)
    );
    // The line t = 0, the bottom t = -1, ticks on both axes (temperatures on the left edge).
    let _ = writeln!(
        s,
        "  \\draw[gray!60] ({},0) -- ({},0);",
        x(w.v_hi),
        x(w.v_lo)
    );
    let _ = writeln!(
        s,
        "  \\draw[gray!60,dashed] ({},-1) -- ({},-1) node[right] {{\\scriptsize $t=-1$}};",
        x(w.v_hi),
        x(w.v_lo)
    );
    for v in ticks(w.v_lo, w.v_hi, 8) {
        let _ = writeln!(
            s,
            "  \\draw[gray!60] ({0},0) -- ({0},-0.08) node[below] {{\\scriptsize ${1}$}};",
            x(v),
            dec6(v)
        );
    }
    for t in ticks(w.t_lo, w.t_hi, 6) {
        if t == 0.0 {
            continue;
        }
        let _ = writeln!(
            s,
            "  \\draw[gray!60] ({0},{1}) -- ({2},{1}) node[left] {{\\scriptsize ${1}$}};",
            x(w.v_hi),
            dec6(t),
            dec6(-w.v_hi - 0.08)
        );
    }
    let _ = writeln!(
        s,
        "  \\node[above] at ({},{}) {{\\scriptsize $t$}};",
        x(w.v_hi),
        dec6(w.t_hi)
    );
    const TIKZ_COLORS: &[&str] = &["blue", "red", "teal", "violet", "orange", "brown"];
    for (i, g) in graphs.iter().enumerate() {
        let color = TIKZ_COLORS[i % TIKZ_COLORS.len()];
        let label = labels.get(i).map(String::as_str).unwrap_or("");
        let _ = writeln!(
            s,
            "  % {}mast {} from temperature {}",
            if label.is_empty() {
                String::new()
            } else {
                format!("{label}: ")
            },
            g.mast,
            g.temperature
        );
        for tr in [&g.left, &g.right] {
            let mut pts: Vec<String> = Vec::new();
            for p in tr.pieces() {
                let t = f(p.start);
                pts.push(format!("({},{})", x(eval(tr, t)), dec6(t)));
            }
            pts.push(format!("({},{})", x(eval(tr, w.t_hi)), dec6(w.t_hi)));
            pts.dedup();
            let _ = writeln!(s, "  \\draw[{color},thick] {};", pts.join(" -- "));
        }
        let mast = crate::game::latex::latex_number(g.mast);
        let temp = crate::game::latex::latex_number(g.temperature);
        let _ = writeln!(
            s,
            "  \\fill[{color}] ({},{}) circle[radius=1.5pt] node[right] {{\\scriptsize {}mast ${mast}$ at $t={temp}$}};",
            x(f(g.mast)),
            dec6(f(g.temperature)),
            if label.is_empty() {
                String::new()
            } else {
                format!("{label}: ")
            }
        );
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// A coordinate for TikZ: six decimal places at most, trailing zeros dropped.
fn dec6(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    if s == "-0" { "0".into() } else { s }
}
