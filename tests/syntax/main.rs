//! The syntax layer and the tables it is checked against: parser rules, rendering, fuzzed input, the grammar, the function table, the layers.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod function_table;
mod parser_fuzz;
mod parser_grammar;
mod parser_render;
mod parser_rules;
mod parser_tsv;
