//! The ACKS rules crate's tests, one binary: tests are named by checklist ID
//! (`ac_<area>_<nn>_…` covers AC-<AREA>-<NN>; `ac_ex_…` are the worked examples).
mod combat;
mod decisions;
mod dungeon;
mod extra;
mod judge_tables;
mod naval_rounds;
mod outdoors;
mod routines;
mod sea;
mod table;
mod tables;
mod tactics;
mod wounds_xp;
