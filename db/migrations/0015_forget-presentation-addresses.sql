-- Issue 20 (ADR 031): verification records keep no address and no user agent of a holder's wallet
-- or of a share link's viewer. The values are blanked first, then the columns go.
UPDATE `presentations` SET `ip_address` = NULL, `user_agent` = NULL;--> statement-breakpoint
ALTER TABLE `presentations` DROP COLUMN `ip_address`;--> statement-breakpoint
ALTER TABLE `presentations` DROP COLUMN `user_agent`;
