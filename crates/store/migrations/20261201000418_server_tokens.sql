-- The table server's access grants (`server::tokens::SqliteTokens`; that module owns every query).
-- Databases from before this migration got the table from an inline CREATE in the server, hence
-- IF NOT EXISTS; the columns after `created_at_ms` are new for both kinds of database.
-- Only the SHA-256 of each token is stored.
CREATE TABLE IF NOT EXISTS server_tokens (
    hash          TEXT    PRIMARY KEY,
    table_id      TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    player        TEXT,
    character     TEXT,
    used          INTEGER NOT NULL DEFAULT 0,
    created_at_ms BIGINT  NOT NULL
);
-- A player token's seat (the seq of the event that seated the player; NULL: a token from before
-- seats, pinned to its player's seat on first use).
ALTER TABLE server_tokens ADD COLUMN seat BIGINT;
-- An invite's public id (what the Referee revokes it by); not derived from the token.
ALTER TABLE server_tokens ADD COLUMN invite_id TEXT;
ALTER TABLE server_tokens ADD COLUMN revoked INTEGER NOT NULL DEFAULT 0;
UPDATE server_tokens SET invite_id = lower(hex(randomblob(8))) WHERE kind = 'invite';
CREATE INDEX server_tokens_by_table ON server_tokens (table_id, kind);
