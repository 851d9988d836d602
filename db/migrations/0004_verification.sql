CREATE TABLE `offline_nonces` (
	`nonce_hash` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `offline_nonces_expires_idx` ON `offline_nonces` (`expires_at`);--> statement-breakpoint
CREATE TABLE `verifier_api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`organisation_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`organisation_id`) REFERENCES `verifier_organisations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifier_api_keys_key_hash_unique` ON `verifier_api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `verifier_api_keys_organisation_idx` ON `verifier_api_keys` (`organisation_id`);--> statement-breakpoint
CREATE TABLE `verifier_organisations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`allowed_checks` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifier_organisations_name_unique` ON `verifier_organisations` (`name`);--> statement-breakpoint
ALTER TABLE `users` ADD `organisation_id` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `organisation_id` text REFERENCES verifier_organisations(id);--> statement-breakpoint
ALTER TABLE `presentations` ADD `check_type` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `mode` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `issuer` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `vct` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `presentation_hash` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `visual_match_at` integer;--> statement-breakpoint
ALTER TABLE `presentations` ADD `visual_match_by` text REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `presentations_organisation_idx` ON `presentations` (`organisation_id`,`verified_at`);--> statement-breakpoint
CREATE INDEX `presentations_credential_idx` ON `presentations` (`credential_id`,`verified_at`);--> statement-breakpoint
CREATE INDEX `presentations_request_idx` ON `presentations` (`request_id`);--> statement-breakpoint
ALTER TABLE `verification_requests` ADD `organisation_id` text REFERENCES verifier_organisations(id);--> statement-breakpoint
ALTER TABLE `verification_requests` ADD `client_id` text;--> statement-breakpoint
ALTER TABLE `verification_requests` ADD `state_hash` text;--> statement-breakpoint
ALTER TABLE `verification_requests` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `verification_requests` ADD `result` text;--> statement-breakpoint
ALTER TABLE `verification_requests` ADD `completed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `verification_requests_state_idx` ON `verification_requests` (`state_hash`);--> statement-breakpoint
CREATE INDEX `verification_requests_organisation_idx` ON `verification_requests` (`organisation_id`,`created_at`);