//! Games on graphs: CGSuite's graph strings ([`strings`]).

pub mod strings;
