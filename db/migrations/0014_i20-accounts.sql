-- Written by hand: drizzle-kit splits an index expression at its comma (`json_extract("sess"`,` '$.userId')`).
CREATE INDEX `sessions_user_idx` ON `sessions` (json_extract("sess", '$.userId'));
