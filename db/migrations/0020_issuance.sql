CREATE TABLE `credential_issuances` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`wallet` text NOT NULL,
	`client_id` text,
	`copies` integer NOT NULL,
	`notification_id` text,
	`token_hash` text,
	`notified_event` text,
	`notified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credential_issuances_notification_id_unique` ON `credential_issuances` (`notification_id`);--> statement-breakpoint
CREATE INDEX `credential_issuances_user_idx` ON `credential_issuances` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `credential_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`issuer_id` text NOT NULL,
	`configuration_ids` text NOT NULL,
	`code_hash` text NOT NULL,
	`tx_code_digest` text,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`channel` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`voided_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credential_offers_code_hash_unique` ON `credential_offers` (`code_hash`);--> statement-breakpoint
CREATE INDEX `credential_offers_user_idx` ON `credential_offers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_access_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`issuer_id` text NOT NULL,
	`configuration_ids` text NOT NULL,
	`jkt` text NOT NULL,
	`client_id` text,
	`offer_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_access_tokens_expiry_idx` ON `oauth_access_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `spent_values` (
	`digest` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spent_values_expiry_idx` ON `spent_values` (`expires_at`);--> statement-breakpoint
ALTER TABLE `credentials` ADD `issuance_id` text REFERENCES credential_issuances(id);--> statement-breakpoint
CREATE INDEX `credentials_issuance_idx` ON `credentials` (`issuance_id`);