-- The deadline index: the earliest deadline of a table's running real-time timers, written in
-- the same transaction as the events that change it, so a scheduler finds what falls due with
-- one indexed query. deadline_known = 0: not known (tables from before this migration, imports,
-- plain appends) until the scheduler loads the table once; deadline_ms NULL with
-- deadline_known = 1: no running timer.
ALTER TABLE tables ADD COLUMN deadline_ms BIGINT;
ALTER TABLE tables ADD COLUMN deadline_known INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tables_deadline ON tables (deadline_known, deadline_ms);
