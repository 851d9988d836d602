-- Issue 20 (ADR 031): audit rows keep the day's code of the client address (64 hex characters),
-- never the address. Rows written before held the raw address; it is forgotten rather than hashed
-- (the salt of the day they were written must not exist any more).
UPDATE `system_logs` SET `metadata` = json_set(`metadata`, '$.ip', NULL) WHERE json_type(`metadata`, '$.ip') = 'text' AND length(json_extract(`metadata`, '$.ip')) <> 64;
