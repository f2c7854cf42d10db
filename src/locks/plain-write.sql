-- $1 = document name, $2 = new body.
-- The unfenced write: the storage ignores the token, so a paused client's late write lands
-- on top of a newer holder's work. Kept to show what fenced-write.sql prevents.
UPDATE documents SET body = $2
WHERE name = $1
RETURNING fence;
