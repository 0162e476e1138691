-- The deadline index (same as SQLite's): the earliest deadline of a table's running real-time
-- timers, written in the same transaction as the events that change it. deadline_known = false:
-- not known (tables from before this migration, imports, plain appends) until a scheduler loads
-- the table once; deadline_ms NULL with deadline_known = true: no running timer.
ALTER TABLE tables ADD COLUMN deadline_ms BIGINT;
ALTER TABLE tables ADD COLUMN deadline_known BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX tables_deadline ON tables (deadline_known, deadline_ms);
