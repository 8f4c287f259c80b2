//! Games on graphs: CGSuite's graph strings ([`strings`]), and the vertex-colouring games
//! Snort and Col ([`colouring`]) that share one set of rules up to who may colour where.

pub mod colouring;
pub mod strings;
