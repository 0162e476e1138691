-- The event log. Portable SQL (SQLite and PostgreSQL): TEXT bodies keep the exact bytes of each
-- event's JSON (export/import is byte-identical; JSONB would reorder keys), BIGINT sequence
-- numbers, and the (table_id, seq) primary key that makes a doubled event impossible.
CREATE TABLE tables (
    id            TEXT   PRIMARY KEY,
    name          TEXT   NOT NULL,
    ruleset       TEXT   NOT NULL,
    created_at_ms BIGINT NOT NULL,
    -- seq of the last event; an append moves it only from the expected value (optimistic lock)
    head          BIGINT NOT NULL
);

CREATE TABLE events (
    table_id TEXT   NOT NULL REFERENCES tables (id),
    seq      BIGINT NOT NULL,
    body     TEXT   NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE snapshots (
    table_id TEXT   NOT NULL REFERENCES tables (id),
    seq      BIGINT NOT NULL,
    body     TEXT   NOT NULL,
    PRIMARY KEY (table_id, seq)
);
