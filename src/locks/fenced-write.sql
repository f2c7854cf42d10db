-- $1 = document name, $2 = new body, $3 = the writer's fencing token.
-- Accept the write only if no holder with a newer token has written. The check and the write
-- are one statement, so no transaction is needed around it; no row back tells the writer it
-- lost the lock.
UPDATE documents SET body = $2, fence = $3
WHERE name = $1 AND fence <= $3
RETURNING fence;
