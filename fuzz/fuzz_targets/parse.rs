//! The parser: any bytes, read as UTF-8 text, parse to a program or to an error with a span
//! inside the text; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = cgcalc::fuzzing::check_parse_bytes(data) {
        panic!("{e}");
    }
});
