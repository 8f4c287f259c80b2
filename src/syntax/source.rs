//! Source text from bytes: UTF-8 checked with the position of the first bad byte, a leading
//! byte-order mark skipped.

use std::fmt;

use crate::syntax::error::CgError;
use crate::syntax::span::Span;

/// The UTF-8 byte-order mark (U+FEFF encoded), which some editors put at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where a text stops being UTF-8: the first invalid byte sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidUtf8 {
    /// 1-based line of the invalid sequence.
    pub line: usize,
    /// 1-based column of the invalid sequence, counted in characters.
    pub column: usize,
    /// The first byte of the invalid sequence.
    pub byte: u8,
    /// The line that holds it, without its line break, invalid sequences shown as U+FFFD.
    pub line_text: String,
}

impl InvalidUtf8 {
    /// Renders the error like the other errors: `origin:LINE:COL: error: invalid UTF-8 (byte
    /// 0xff)`, then the line and a caret under the bad byte.
    pub fn render(&self, origin: &str) -> String {
        self.render_from_line(origin, 1)
    }

    /// Like [`InvalidUtf8::render`] for text that starts at line `first_line` of `origin`
    /// (input read one line at a time).
    pub fn render_from_line(&self, origin: &str, first_line: usize) -> String {
        let start = self
            .line_text
            .char_indices()
            .nth(self.column - 1)
            .map_or(self.line_text.len(), |(i, _)| i);
        let end = start
            + self.line_text[start..]
                .chars()
                .next()
                .map_or(0, char::len_utf8);
        let message = format!("invalid UTF-8 (byte 0x{:02x})", self.byte);
        CgError::at(Span::new(start, end), message).render_from_line(
            &self.line_text,
            origin,
            first_line + self.line - 1,
        )
    }
}

impl fmt::Display for InvalidUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid UTF-8 (byte 0x{:02x}) at line {}, column {}",
            self.byte, self.line, self.column
        )
    }
}

impl std::error::Error for InvalidUtf8 {}

/// The number (from 1) in `whole` of character `c` (counted from 0) of `part`, a slice of
/// `whole`: where a parser of a quoted notation says a problem is ("at character N"), so that
/// the caret can point at it.
pub fn character_number(whole: &str, part: &str, c: usize) -> usize {
    let byte = part.as_ptr() as usize - whole.as_ptr() as usize;
    whole[..byte].chars().count() + c + 1
}

/// `bytes` without a leading byte-order mark.
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

/// Decodes the contents of a script: skips a leading byte-order mark and checks that the rest
/// is UTF-8. Line and column of an error do not count the mark.
pub fn decode(bytes: &[u8]) -> Result<String, InvalidUtf8> {
    validate(strip_bom(bytes)).map(str::to_owned)
}

/// Checks that `bytes` is UTF-8, as it is (a byte-order mark is kept, as U+FEFF).
pub fn validate(bytes: &[u8]) -> Result<&str, InvalidUtf8> {
    let at = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text),
        Err(e) => e.valid_up_to(),
    };
    let valid = std::str::from_utf8(&bytes[..at]).expect("UTF-8 up to valid_up_to");
    let line_start = valid.rfind('\n').map_or(0, |i| i + 1);
    let line_end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| at + i);
    let line_text = String::from_utf8_lossy(&bytes[line_start..line_end]);
    Err(InvalidUtf8 {
        line: valid.matches('\n').count() + 1,
        column: valid[line_start..].chars().count() + 1,
        byte: bytes[at],
        line_text: line_text
            .strip_suffix('\r')
            .unwrap_or(&line_text)
            .to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(bytes: &[u8]) -> InvalidUtf8 {
        decode(bytes).expect_err("not UTF-8")
    }

    #[test]
    fn utf8_passes_unchanged() {
        assert_eq!(decode(b"").unwrap(), "");
        assert_eq!(
            decode("^ + \u{2191}\n*2\r\n".as_bytes()).unwrap(),
            "^ + ↑\n*2\r\n"
        );
        assert_eq!(validate(b"1\n2").unwrap(), "1\n2");
    }

    #[test]
    fn only_a_leading_byte_order_mark_is_skipped() {
        assert_eq!(decode(b"\xEF\xBB\xBF1+1\n").unwrap(), "1+1\n");
        assert_eq!(decode(BOM).unwrap(), "");
        assert_eq!(decode(b"1\n\xEF\xBB\xBF2").unwrap(), "1\n\u{feff}2");
        assert_eq!(validate(b"\xEF\xBB\xBF1").unwrap(), "\u{feff}1");
        assert_eq!(strip_bom(b"\xEF\xBB\xBF\xEF\xBB\xBF"), BOM);
        assert_eq!(strip_bom(b"\xEF\xBB"), b"\xEF\xBB");
    }

    #[test]
    fn error_position_is_line_and_character_column() {
        let e = error(b"1\n2\nx = {0|\xff}\n3\n");
        assert_eq!((e.line, e.column, e.byte), (3, 8, 0xff));
        assert_eq!(e.line_text, "x = {0|\u{fffd}}");
        // é and ↑ are one column each.
        let e = error(b"a\n\xc3\xa9\xe2\x86\x91 \xc3(");
        assert_eq!((e.line, e.column, e.byte), (2, 4, 0xc3));
        assert_eq!(e.line_text, "é↑ \u{fffd}(");
    }

    #[test]
    fn byte_order_mark_is_not_a_column() {
        let e = error(b"\xEF\xBB\xBFab\xfe\r\nc");
        assert_eq!((e.line, e.column, e.byte), (1, 3, 0xfe));
        assert_eq!(e.line_text, "ab\u{fffd}");
    }

    #[test]
    fn truncated_sequence_at_the_end() {
        let e = error(b"ok\nab\xe2\x82");
        assert_eq!((e.line, e.column, e.byte), (2, 3, 0xe2));
        assert_eq!(e.line_text, "ab\u{fffd}");
        // A lone continuation byte.
        let e = error(b"\x80");
        assert_eq!((e.line, e.column, e.byte), (1, 1, 0x80));
    }

    #[test]
    fn renders_like_other_errors() {
        let e = error(b"1\n  {\xff|0}\n");
        assert_eq!(
            e.render("t.cgt"),
            "t.cgt:2:4: error: invalid UTF-8 (byte 0xff)\n      {\u{fffd}|0}\n       ^"
        );
        // One line of a stream, read as line 7.
        let e = validate(b"\xff").unwrap_err();
        assert!(
            e.render_from_line("<stdin>", 7)
                .starts_with("<stdin>:7:1: error: invalid UTF-8 (byte 0xff)\n")
        );
        assert_eq!(
            e.to_string(),
            "invalid UTF-8 (byte 0xff) at line 1, column 1"
        );
    }
}
