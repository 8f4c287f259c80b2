//! Byte-offset spans into the whole source text.

/// A half-open byte range `start..end` into the source text that was parsed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// Creates a span from `start` to `end` (byte offsets).
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The source text covered by this span (empty if out of range).
    pub fn text(self, src: &str) -> &str {
        src.get(self.start..self.end).unwrap_or("")
    }
}
