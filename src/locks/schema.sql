-- The resource the lock protects. fence is the highest token that has written to the row.
CREATE TABLE documents (
  name  text   PRIMARY KEY,
  body  text   NOT NULL,
  fence bigint NOT NULL DEFAULT 0
);

-- A lock kept as a row: a lease with an owner, a fencing token and an expiry. The row stays
-- after release, so the next holder's token is still higher.
CREATE TABLE leases (
  name       text        PRIMARY KEY,
  owner      text        NOT NULL,
  fence      bigint      NOT NULL,
  expires_at timestamptz NOT NULL
);
