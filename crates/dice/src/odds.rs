//! Exact distributions. (stub: replaced by the odds engine)
