//! Game modules: rules of real games, valued by the search engine.

pub mod domineering;
