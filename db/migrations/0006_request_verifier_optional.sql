PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_verification_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`verifier_id` text,
	`credential_type` text NOT NULL,
	`requested_attributes` text,
	`purpose` text NOT NULL,
	`nonce` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`organisation_id` text,
	`client_id` text,
	`state_hash` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`result` text,
	`completed_at` integer,
	FOREIGN KEY (`verifier_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`organisation_id`) REFERENCES `verifier_organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_verification_requests`("id", "verifier_id", "credential_type", "requested_attributes", "purpose", "nonce", "expires_at", "created_at", "organisation_id", "client_id", "state_hash", "status", "result", "completed_at") SELECT "id", "verifier_id", "credential_type", "requested_attributes", "purpose", "nonce", "expires_at", "created_at", "organisation_id", "client_id", "state_hash", "status", "result", "completed_at" FROM `verification_requests`;--> statement-breakpoint
DROP TABLE `verification_requests`;--> statement-breakpoint
ALTER TABLE `__new_verification_requests` RENAME TO `verification_requests`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `verification_requests_state_idx` ON `verification_requests` (`state_hash`);--> statement-breakpoint
CREATE INDEX `verification_requests_organisation_idx` ON `verification_requests` (`organisation_id`,`created_at`);