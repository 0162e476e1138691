//! The table server. (being written)
