//! The minimum excludant, on which every impartial theory here rests.

/// The least natural number not among `values`: the Grundy value of a position whose options
/// have these values (Sprague-Grundy; WW ch. 3), and in misère play of one with options
/// (ONAG ch. 12). Linear in the number of values.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let values: Vec<u32> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter()
        .position(|&s| !s)
        .expect("one more slot than values") as u32
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([2, 0, 1, 1]), 3);
        assert_eq!(mex([0, 1, 2]), 3);
        assert_eq!(mex([u32::MAX, 0]), 1);
    }
}
