//! Event stores. (skeleton)
