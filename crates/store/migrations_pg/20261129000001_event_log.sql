-- The event log in PostgreSQL: the same shape as the SQLite log. TEXT bodies keep the exact
-- bytes of each event's JSON (export/import is byte-identical; JSONB would reorder keys).
CREATE TABLE tables (
    id            TEXT   PRIMARY KEY,
    name          TEXT   NOT NULL,
    ruleset       TEXT   NOT NULL,
    created_at_ms BIGINT NOT NULL,
    -- seq of the last event; an append moves it only from the expected value, holding the row
    -- lock until commit, so concurrent writers are serialised per table
    head          BIGINT NOT NULL CHECK (head >= 0)
);

CREATE TABLE events (
    table_id TEXT   NOT NULL REFERENCES tables (id),
    seq      BIGINT NOT NULL CHECK (seq >= 1),
    body     TEXT   NOT NULL,
    -- an event can never be stored twice
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE snapshots (
    table_id TEXT   NOT NULL REFERENCES tables (id),
    seq      BIGINT NOT NULL,
    body     TEXT   NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- `list` orders by creation time.
CREATE INDEX tables_created ON tables (created_at_ms, id);
