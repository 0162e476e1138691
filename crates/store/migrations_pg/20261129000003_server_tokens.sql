-- The table server's access grants (`server::tokens::PgTokens`), kept beside the event log so
-- that one migrator owns the whole schema and several server instances share the grants.
-- Only the SHA-256 of each token is stored.
CREATE TABLE server_tokens (
    hash          TEXT    PRIMARY KEY,
    table_id      TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('referee', 'player', 'invite')),
    player        TEXT,
    character     TEXT,
    used          BOOLEAN NOT NULL DEFAULT false,
    created_at_ms BIGINT  NOT NULL
);
