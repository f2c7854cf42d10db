-- What the lock guards: one row per document. fence holds the highest token that wrote to it.
CREATE TABLE documents (
  name  text   PRIMARY KEY,
  body  text   NOT NULL,
  fence bigint NOT NULL DEFAULT 0
);

-- The lease row: who holds the lock, the token it was given, and when it lapses. The row is
-- kept after release, so the next holder's token is still higher.
CREATE TABLE leases (
  name       text        PRIMARY KEY,
  owner      text        NOT NULL,
  fence      bigint      NOT NULL,
  expires_at timestamptz NOT NULL
);
