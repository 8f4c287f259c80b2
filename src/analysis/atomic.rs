//! (filled in by the following commits)
