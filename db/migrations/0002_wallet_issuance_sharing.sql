CREATE TABLE `authority_records` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`issuer_id` text NOT NULL,
	`attributes` text NOT NULL,
	`valid_until` integer NOT NULL,
	`source` text DEFAULT 'authority' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authority_records_user_type_idx` ON `authority_records` (`user_id`,`type`);--> statement-breakpoint
CREATE TABLE `issuance_nonces` (
	`nonce_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shares` (
	`id` text PRIMARY KEY NOT NULL,
	`credential_id` text NOT NULL,
	`user_id` text NOT NULL,
	`shared_with` text,
	`purpose` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`view_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`credential_id`) REFERENCES `credentials`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shares_user_idx` ON `shares` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`phone` text,
	`date_of_birth` text,
	`address_line1` text,
	`address_line2` text,
	`town` text,
	`postcode` text,
	`emergency_contact_name` text,
	`emergency_contact_phone` text,
	`emergency_contact_relationship` text,
	`share_analytics` integer,
	`notify_on_verification` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `wallet_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`credential_id` text,
	`share_id` text,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wallet_events_user_idx` ON `wallet_events` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `credentials` ADD `status_list_id` text REFERENCES status_lists(id);--> statement-breakpoint
CREATE INDEX `credentials_user_idx` ON `credentials` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credentials_status_slot_idx` ON `credentials` (`status_list_id`,`status_list_index`);--> statement-breakpoint
ALTER TABLE `status_lists` ADD `issuer_id` text;--> statement-breakpoint
ALTER TABLE `status_lists` ADD `size` integer;--> statement-breakpoint
ALTER TABLE `status_lists` ADD `bits` integer DEFAULT 1 NOT NULL;