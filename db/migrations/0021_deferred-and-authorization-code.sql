CREATE TABLE `credential_transactions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`holder_jwks` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`collected_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credential_transactions_user_idx` ON `credential_transactions` (`user_id`);--> statement-breakpoint
CREATE TABLE `oauth_authorizations` (
	`id` text PRIMARY KEY NOT NULL,
	`request_uri_hash` text NOT NULL,
	`client_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`issuer_id` text NOT NULL,
	`configuration_ids` text NOT NULL,
	`code_challenge` text NOT NULL,
	`state` text,
	`issuer_state` text,
	`dpop_jkt` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`user_id` text,
	`code_hash` text,
	`code_expires_at` integer,
	`consumed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_authorizations_request_uri_hash_unique` ON `oauth_authorizations` (`request_uri_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_authorizations_code_hash_unique` ON `oauth_authorizations` (`code_hash`);--> statement-breakpoint
CREATE INDEX `oauth_authorizations_expiry_idx` ON `oauth_authorizations` (`expires_at`);--> statement-breakpoint
ALTER TABLE `authority_records` ADD `status` text DEFAULT 'complete' NOT NULL;