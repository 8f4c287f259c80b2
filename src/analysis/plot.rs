//! Pictures of thermographs: ASCII art for the terminal and SVG files.
//!
//! Conventions of WW ch. 6: temperature grows upward, values grow to the *left* (Left's
//! direction), so the Left wall is drawn on the left and the mast stands at the mean.

use std::fmt::Write;

use crate::game::Dyadic;
use crate::game::{Thermograph, Trajectory};

use std::str::FromStr;

use num_bigint::BigInt;

fn f(x: Dyadic) -> f64 {
    x.to_f64()
}

/// Values at least this large (in size) are drawn relative to an integer origin near them, so
/// the floating-point geometry keeps its precision and the labels stay exact.
const FAR: f64 = (1u64 << 32) as f64;

/// The window shown: temperatures `[t_lo, t_hi]`, values `origin + [v_lo, v_hi]`.
struct Window {
    t_lo: f64,
    t_hi: f64,
    v_lo: f64,
    v_hi: f64,
    /// An integer subtracted from every value before it becomes a float: 0, or the floor of
    /// the first mast when that is far from 0.
    origin: Dyadic,
}

impl Window {
    /// The window around `graphs`, or why they cannot be drawn (a float cannot hold their
    /// coordinates: values or temperatures beyond about 10^308, relative to the origin).
    fn fit(graphs: &[&Thermograph]) -> Result<Window, String> {
        let origin = match graphs.first() {
            Some(g) if f(g.mast).abs() >= FAR => g.mast.floor_dyadic(),
            _ => Dyadic::ZERO,
        };
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
                    let v = eval(tr, t, origin);
                    v_lo = v_lo.min(v);
                    v_hi = v_hi.max(v);
                }
                for p in tr.pieces() {
                    let v = f(p.value - origin);
                    v_lo = v_lo.min(v);
                    v_hi = v_hi.max(v);
                }
            }
        }
        let pad = ((v_hi - v_lo) * 0.08).max(0.5);
        let w = Window {
            t_lo,
            t_hi,
            v_lo: v_lo - pad,
            v_hi: v_hi + pad,
            origin,
        };
        if [w.t_hi, w.v_lo, w.v_hi, w.v_hi - w.v_lo]
            .iter()
            .all(|x| x.is_finite())
        {
            Ok(w)
        } else {
            Err("too large to draw: the values or temperatures span more than about 10^308".into())
        }
    }
}

/// The value of `tr` at temperature `t`, less `origin`.
fn eval(tr: &Trajectory, t: f64, origin: Dyadic) -> f64 {
    let pieces = tr.pieces();
    let p = pieces
        .iter()
        .rev()
        .find(|p| f(p.start) <= t)
        .unwrap_or(&pieces[0]);
    f(p.value - origin) + (t - f(p.start)) * p.slope as f64
}

/// `k · 2^j` exactly.
fn times_power_of_two(k: i64, j: i32) -> Dyadic {
    let k = Dyadic::from_int(k);
    if j >= 0 {
        k << j.unsigned_abs()
    } else {
        k >> j.unsigned_abs()
    }
}

/// An ASCII drawing of one or more thermographs, at most about `max_width` x `max_height`
/// characters. One row is one temperature step `d` and one column one value step `d`, so
/// walls of slope ±1 are drawn at 45 degrees (`/` for the Left wall, `\` for the Right).
pub fn ascii(
    graphs: &[&Thermograph],
    max_width: usize,
    max_height: usize,
) -> Result<String, String> {
    let w = Window::fit(graphs)?;
    // One step d = 2^j, from 1/16 up; rows and columns are whole multiples of it, so every
    // label is an exact dyadic (k · 2^j, plus the origin for values).
    let mut j: i32 = -4;
    let step = |j: i32| 2f64.powi(j);
    while (w.t_hi - w.t_lo) / step(j) > max_height as f64
        || (w.v_hi - w.v_lo) / step(j) > max_width as f64
    {
        j += 1;
    }
    let d = step(j);
    let top = (w.t_hi / d).ceil() as i64;
    let left_k = (w.v_hi / d).ceil() as i64;
    let t_top = top as f64 * d;
    let v_left = left_k as f64 * d;
    let height = ((t_top - w.t_lo) / d).round() as usize + 1;
    let width = ((v_left - w.v_lo) / d).round() as usize + 1;
    let col = |v: f64| ((v_left - v) / d).round().clamp(0.0, (width - 1) as f64) as usize;
    let row_t = |r: usize| t_top - r as f64 * d;
    let mut grid = vec![vec![' '; width]; height];
    let zero_row = top as usize;
    if zero_row < height {
        grid[zero_row].iter_mut().for_each(|c| *c = '.');
    }
    let at = |tr: &Trajectory, t: f64| eval(tr, t, w.origin);
    for (i, g) in graphs.iter().enumerate() {
        let tag =
            (graphs.len() > 1).then(|| char::from_digit((i + 1) as u32 % 36, 36).unwrap_or('#'));
        let temp = f(g.temperature);
        let mast = f(g.mast - w.origin);
        for (r, row) in grid.iter_mut().enumerate() {
            let t = row_t(r);
            let glyph = |s: i64| match s {
                0 => '|',
                s if s < 0 => '/',
                _ => '\\',
            };
            if t > temp + 1e-12 {
                row[col(mast)] = tag.unwrap_or('|');
            } else {
                let (lc, rc) = (col(at(&g.left, t)), col(at(&g.right, t)));
                let below = |tr: &Trajectory| slope_at(tr, t - d / 2.0);
                row[lc] = tag.unwrap_or(glyph(below(&g.left)));
                row[rc] = tag.unwrap_or(glyph(below(&g.right)));
                if (t - temp).abs() < 1e-12 {
                    row[col(mast)] = tag.unwrap_or('+');
                }
            }
        }
    }
    // Every fourth row is labelled (steps of 4d >= 1/4), and the bottom one.
    let labels: Vec<String> = (0..height)
        .map(|r| {
            let k = top - r as i64;
            if k % 4 == 0 || r + 1 == height {
                times_power_of_two(k, j).to_string()
            } else {
                String::new()
            }
        })
        .collect();
    let label_w = labels.iter().map(String::len).max().unwrap_or(0).max(7);
    let mut out = String::new();
    for (row, label) in grid.iter().zip(&labels) {
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{label:>label_w$} |{}", line.trim_end());
    }
    let _ = writeln!(out, "{:>label_w$} +{}", "t", "-".repeat(width));
    let left = w.origin + times_power_of_two(left_k, j);
    let right = w.origin + times_power_of_two(left_k - (width as i64 - 1), j);
    let (left, right) = (left.to_string(), right.to_string());
    // The value axis: its two ends, and each mast's value under the mast where it fits.
    let mut axis = vec![' '; width.max(left.len() + right.len() + 1)];
    let n = axis.len();
    axis[..left.len()]
        .iter_mut()
        .zip(left.chars())
        .for_each(|(a, c)| *a = c);
    axis[n - right.len()..]
        .iter_mut()
        .zip(right.chars())
        .for_each(|(a, c)| *a = c);
    for g in graphs {
        let text: Vec<char> = g.mast.to_string().chars().collect();
        let start = col(f(g.mast - w.origin))
            .saturating_sub(text.len() / 2)
            .min(n.saturating_sub(text.len()));
        let end = start + text.len();
        let free = axis[start.saturating_sub(1)..(end + 1).min(n)]
            .iter()
            .all(|&c| c == ' ');
        if end <= n && free {
            axis[start..end].copy_from_slice(&text);
        }
    }
    let axis: String = axis.into_iter().collect();
    let _ = writeln!(out, "{:>label_w$}  {}", "", axis.trim_end());
    let _ = write!(
        out,
        "{:>label_w$}  temperature t upward; values grow leftward (Left's direction); + marks where the mast starts; the mast's value is on the axis",
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
    Ok(out)
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
pub fn svg(graphs: &[&Thermograph], labels: &[String]) -> Result<String, String> {
    let w = Window::fit(graphs)?;
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
    for t in ticks(w.t_lo, w.t_hi, 6, Dyadic::ZERO) {
        let yy = y(t.at);
        let dash = if t.label == "0" {
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
            t.label
        );
    }
    for v in ticks(w.v_lo, w.v_hi, 8, w.origin) {
        let xx = x(v.at);
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
            v.label
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
                pts.push((x(eval(tr, t, w.origin)), y(t)));
            }
            pts.push((x(eval(tr, w.t_hi, w.origin)), y(w.t_hi)));
            let path: Vec<String> = pts.iter().map(|(a, b)| format!("{a:.1},{b:.1}")).collect();
            let _ = writeln!(
                s,
                r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="2"/>"#,
                path.join(" ")
            );
        }
        // mast marker
        let (mx, my) = (x(f(g.mast - w.origin)), y(f(g.temperature)));
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
    Ok(s)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A tick on an axis: its position (relative to the origin, as drawn) and its exact label.
struct Tick {
    at: f64,
    label: String,
}

/// About `n` round ticks covering `[lo, hi]` (positions relative to the integer `origin`):
/// the multiples `k·step` of a step of 1, 2, 2.5 or 5 times a power of ten, counted with
/// integers (a float sum `t += step` stops growing once `step` is below its precision, and
/// the loop never ended). Each label is the exact decimal `origin + k·step`.
fn ticks(lo: f64, hi: f64, n: usize, origin: Dyadic) -> Vec<Tick> {
    let span = (hi - lo).max(1e-9);
    let raw = span / n as f64;
    let e = raw.log10().floor() as i32;
    // (digits, exponent of ten): the step is digits · 10^exponent
    let (digits, ten) = [(1, e), (2, e), (25, e - 1), (5, e), (1, e + 1)]
        .into_iter()
        .find(|&(m, x)| m as f64 * 10f64.powi(x) >= raw)
        .unwrap_or((1, e + 1));
    let step = digits as f64 * 10f64.powi(ten);
    let first = (lo / step).ceil() as i64;
    let last = ((hi + 1e-9) / step).floor() as i64;
    let origin = BigInt::from_str(&origin.to_string()).expect("the origin is an integer");
    (first..=last)
        .take(4 * n + 2)
        .map(|k| {
            let units = k * digits;
            let at = if ten >= 0 {
                units as f64 * 10f64.powi(ten)
            } else {
                units as f64 / 10f64.powi(-ten)
            };
            Tick {
                at,
                label: decimal(&origin, units, ten),
            }
        })
        .collect()
}

/// A tick's decimal label as TeX in lowest terms, as the picture's other values are
/// written: `1.5` is `\frac{3}{2}`, `-0.25` is `-\frac{1}{4}`, `2` stays `2`.
fn tex_fraction(label: &str) -> String {
    let (sign, digits) = match label.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", label),
    };
    let Some((whole, frac)) = digits.split_once('.') else {
        return label.to_string();
    };
    let (Ok(mut n), Some(mut d)) = (
        format!("{whole}{frac}").parse::<i128>(),
        10i128.checked_pow(frac.len() as u32),
    ) else {
        // too long for a fraction of machine integers: the decimal is exact too
        return label.to_string();
    };
    // the denominator is a power of ten: only 2 and 5 can be common factors
    for p in [2, 5] {
        while n % p == 0 && d % p == 0 {
            n /= p;
            d /= p;
        }
    }
    format!("{sign}\\frac{{{n}}}{{{d}}}")
}

/// `origin + units · 10^ten` in decimal, without trailing zeros after the point.
fn decimal(origin: &BigInt, units: i64, ten: i32) -> String {
    let ten_to = |k: u32| BigInt::from(10u8).pow(k);
    if ten >= 0 {
        return (origin + BigInt::from(units) * ten_to(ten.unsigned_abs())).to_string();
    }
    let places = ten.unsigned_abs();
    let scaled = origin * ten_to(places) + BigInt::from(units);
    let digits = scaled.magnitude().to_string();
    let digits = format!("{digits:0>width$}", width = places as usize + 1);
    let (whole, frac) = digits.split_at(digits.len() - places as usize);
    let frac = frac.trim_end_matches('0');
    let sign = if scaled.sign() == num_bigint::Sign::Minus {
        "-"
    } else {
        ""
    };
    if frac.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac}")
    }
}

/// A TikZ picture of one or more thermographs (`tikz(thermo(G))`), drawn with the geometry of
/// [`svg`]: the same window, temperature upward and values growing to the left, one unit of
/// value as long as one unit of temperature (so slopes ±1 are at 45 degrees). The picture
/// needs only `\usepackage{tikz}`. The
/// mast's value and temperature are labelled exactly.
/// Coordinates are decimals with at most six places. TeX's lengths end near 575 cm, so a
/// window wider than 160 values is drawn in units of a power of ten (a comment says which),
/// and values far from 0 are drawn relative to an integer near the first mast; the tick
/// labels give the true values.
pub fn tikz(graphs: &[&Thermograph], labels: &[String]) -> Result<String, String> {
    let mut w = Window::fit(graphs)?;
    let span = w.v_hi - w.v_lo;
    let power = if span > 160.0 {
        (span / 160.0).log10().ceil() as i32
    } else {
        0
    };
    let scale = 10f64.powi(power);
    // About 8 cm across; x is minus the value.
    let unit = (8.0 / (span / scale)).clamp(0.05, 2.0);
    let unit = (unit * 100.0).round() / 100.0;
    let reach = w.v_lo.abs().max(w.v_hi.abs()) / scale * unit;
    if reach > 500.0
        && let Some(g) = graphs.first()
    {
        let shift = (g.mast - w.origin).floor_dyadic();
        let by = f(shift);
        w = Window {
            v_lo: w.v_lo - by,
            v_hi: w.v_hi - by,
            origin: w.origin + shift,
            ..w
        };
    }
    let x = |v: f64| dec6(-v / scale);
    let y = |t: f64| dec6(t / scale);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\\begin{{tikzpicture}}[x={}cm,y={}cm]",
        dec6(unit),
        dec6(unit)
    );
    let per_unit = if power > 0 {
        format!(" / 10^{power}")
    } else {
        String::new()
    };
    if power > 0 || !w.origin.is_zero() {
        let value = if w.origin.is_zero() {
            "-value".to_string()
        } else {
            format!("-(value - {})", w.origin)
        };
        let _ = writeln!(
            s,
            "  % coordinates: x = {value}{per_unit}, y = temperature{per_unit}"
        );
    }
    // The line t = 0, the bottom t = -1, ticks on both axes (temperatures on the left edge).
    let _ = writeln!(
        s,
        "  \\draw[gray!60] ({},0) -- ({},0);",
        x(w.v_hi),
        x(w.v_lo)
    );
    let _ = writeln!(
        s,
        "  \\draw[gray!60,dashed] ({},{}) -- ({},{1}) node[right] {{\\scriptsize $t=-1$}};",
        x(w.v_hi),
        y(-1.0),
        x(w.v_lo)
    );
    for v in ticks(w.v_lo, w.v_hi, 8, w.origin) {
        let _ = writeln!(
            s,
            "  \\draw[gray!60] ({0},0) -- ({0},-0.08) node[below] {{\\scriptsize ${1}$}};",
            x(v.at),
            tex_fraction(&v.label)
        );
    }
    for t in ticks(w.t_lo, w.t_hi, 6, Dyadic::ZERO) {
        if t.label == "0" {
            continue;
        }
        let _ = writeln!(
            s,
            "  \\draw[gray!60] ({0},{1}) -- ({2},{1}) node[left] {{\\scriptsize ${3}$}};",
            x(w.v_hi),
            y(t.at),
            dec6(-w.v_hi / scale - 0.08),
            tex_fraction(&t.label)
        );
    }
    let _ = writeln!(
        s,
        "  \\node[above] at ({},{}) {{\\scriptsize $t$}};",
        x(w.v_hi),
        y(w.t_hi)
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
                pts.push(format!("({},{})", x(eval(tr, t, w.origin)), y(t)));
            }
            pts.push(format!("({},{})", x(eval(tr, w.t_hi, w.origin)), y(w.t_hi)));
            pts.dedup();
            let _ = writeln!(s, "  \\draw[{color},thick] {};", pts.join(" -- "));
        }
        let mast = crate::game::latex::latex_number(g.mast);
        let temp = crate::game::latex::latex_number(g.temperature);
        let _ = writeln!(
            s,
            "  \\fill[{color}] ({},{}) circle[radius=1.5pt] node[right] {{\\scriptsize {}mast ${mast}$ at $t={temp}$}};",
            x(f(g.mast - w.origin)),
            y(f(g.temperature)),
            if label.is_empty() {
                String::new()
            } else {
                format!("{label}: ")
            }
        );
    }
    s.push_str("\\end{tikzpicture}\n");
    Ok(s)
}

/// A coordinate for TikZ: six decimal places at most, trailing zeros dropped.
fn dec6(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    if s == "-0" { "0".into() } else { s }
}

#[cfg(test)]
mod tests {
    use super::tex_fraction;

    /// Decimal tick labels become TeX fractions in lowest terms: 1.5 = 3/2, 0.25 = 1/4,
    /// 0.1 = 1/10; integers stay as they are.
    #[test]
    fn tick_labels_are_fractions() {
        assert_eq!(tex_fraction("1.5"), "\\frac{3}{2}");
        assert_eq!(tex_fraction("-0.25"), "-\\frac{1}{4}");
        assert_eq!(tex_fraction("0.1"), "\\frac{1}{10}");
        assert_eq!(tex_fraction("2"), "2");
        assert_eq!(tex_fraction("-3"), "-3");
    }
}
