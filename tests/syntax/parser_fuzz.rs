//! No-panic property test: random byte strings and random token soups.

use cgcalc::game::rng::Rng;
use cgcalc::lang::is_incomplete;
use cgcalc::lang::{parse_expr, parse_program};

const TOKENS: &[&str] = &[
    "{", "}", "|", "||", "|||", "(", ")", "[", "]", ",", ";", "\n", " ", "+", "-", "+-", ":", ":=",
    "=", "==", "!=", "<", "<=", ">", ">=", "<>", "<|", "|>", ".", "*", "*3", "^", "^^", "^3", "^<",
    "^<2>", "v", "vv", "v3", "v[2]", "1", "0", "1/2", "73/16", "2.5", "g", "val", "x", "on",
    "Tiny", "Miny", "Tiny(", "pow", "assert", "#", "//", "\"", "\"s\"", "\\", "é", ":help", "_",
    "-1/2v*", "2Tiny(2)", "mean", "9", "/", "!", "@",
];

fn check(src: &str) {
    let _ = parse_program(src);
    let _ = parse_expr(src);
    let _ = is_incomplete(src);
    if let Err(e) = parse_program(src) {
        // rendering must not panic either
        let _ = e.render(src, "<fuzz>");
        if let Some(s) = e.span {
            assert!(
                s.start <= s.end && s.end <= src.len(),
                "bad span {s:?} for {src:?}"
            );
        }
    }
}

#[test]
fn random_bytes_do_not_panic() {
    let mut rng = Rng::xorshift64(0x9E37_79B9_7F4A_7C15);
    let alphabet = b"{}|()[],;:=+-.*^v<>!\"\\#/ \n\t0123456789abgTinyMxz_\x80\xff";
    for i in 0..60_000 {
        let len = rng.below(40);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if i % 2 == 0 {
                    alphabet[rng.below(alphabet.len())]
                } else {
                    rng.next_u64() as u8
                }
            })
            .collect();
        let src = String::from_utf8_lossy(&bytes);
        check(&src);
    }
}

#[test]
fn token_soups_do_not_panic() {
    let mut rng = Rng::xorshift64(0x1234_5678_9ABC_DEF1);
    let mut ok = 0;
    for _ in 0..60_000 {
        let n = rng.below(25);
        let mut src = String::new();
        for _ in 0..n {
            src.push_str(TOKENS[rng.below(TOKENS.len())]);
            if rng.below(3) == 0 {
                src.push(' ');
            }
        }
        check(&src);
        if parse_program(&src).is_ok() {
            ok += 1;
        }
    }
    assert!(ok > 100, "soups should sometimes be valid (got {ok})");
}
