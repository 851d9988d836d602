ALTER TABLE `status_lists` ADD `revoked_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `shares` ADD `kind` text DEFAULT 'link' NOT NULL;--> statement-breakpoint
CREATE INDEX `credentials_status_revoked_idx` ON `credentials` (`status_list_id`,`revoked_at`);--> statement-breakpoint
-- Certificate links made before shares had a kind: each download made one, with this purpose.
UPDATE `shares` SET `kind` = 'certificate' WHERE `purpose` = 'Certificate download';
