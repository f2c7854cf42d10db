-- $1 = document name, $2 = new body, $3 = the writer's fencing token.
-- The write lands only while the stored fence is at most the writer's token, that is, while
-- nobody holding a newer token has written. Checking and writing are one statement, so at READ
-- COMMITTED (the default) no transaction is needed around it. At REPEATABLE READ a concurrent
-- write makes it fail with a serialization error instead: retry it. The document exists before
-- any lock is taken, so no row back means a newer token has written (the writer has lost the
-- lock), or the write carried no token: fence <= NULL is never true.
UPDATE documents SET body = $2, fence = $3
WHERE name = $1 AND fence <= $3
RETURNING fence;
