//! The web UI in a real headless Chromium (chromedriver) against an in-process server: one
//! module per screen family. One test binary, so the suite links once; the tests take turns
//! (the harness's `start_driver` holds a lock for the test's life), since two browsers at
//! once on a small machine only make each other time out.
//!
//! Needs Debian's `chromium` and `chromium-driver`; `DELVE_CHROMEDRIVER` / `DELVE_CHROMIUM`
//! override the paths.

#[path = "../common/browser.rs"]
mod browser_harness;
#[path = "../common/crows_screens.rs"]
mod crows_screens;

mod a11y;
mod acks;
mod acks_land;
mod acks_sea;
mod boards;
mod cards;
mod casting;
mod chat;
mod controls;
mod dnd;
mod dnd_acts;
mod dnd_air;
mod forecast;
mod grid;
mod log_words;
mod refusals;
mod screens;
mod session;
mod shell;
mod table;
