-- Issue 13 (ADR 021): passkeys. Each WebAuthn ceremony's challenge is kept server-side until it is
-- answered once or expires; a passkey carries the name its owner gave it; a person's passkeys are
-- listed by user (webauthn_credentials_user_idx).
CREATE TABLE `webauthn_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`challenge` text NOT NULL,
	`user_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_idx` ON `webauthn_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `webauthn_credentials` ADD `name` text DEFAULT 'Passkey' NOT NULL;--> statement-breakpoint
CREATE INDEX `webauthn_credentials_user_idx` ON `webauthn_credentials` (`user_id`,`created_at`);