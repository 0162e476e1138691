//! The table engine. (skeleton)
