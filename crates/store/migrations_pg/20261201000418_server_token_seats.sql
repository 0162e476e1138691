-- Seats, invite ids and revocation for the table server's access grants
-- (`server::tokens::PgTokens`; that module owns every query). See the SQLite migration of the
-- same version for what each column means.
ALTER TABLE server_tokens
    ADD COLUMN seat      BIGINT,
    ADD COLUMN invite_id TEXT,
    ADD COLUMN revoked   BOOLEAN NOT NULL DEFAULT false;
UPDATE server_tokens SET invite_id = substr(md5(random()::text || hash), 1, 16)
    WHERE kind = 'invite';
CREATE INDEX server_tokens_by_table ON server_tokens (table_id, kind);
