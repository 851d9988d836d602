CREATE TABLE `assisted_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`office_id` text NOT NULL,
	`client_name` text NOT NULL,
	`status` text NOT NULL,
	`appointment_time` integer,
	`assistance_type` text DEFAULT 'Digital Identity Setup' NOT NULL,
	`added_by` text,
	`session_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`started_at` integer,
	FOREIGN KEY (`office_id`) REFERENCES `assisted_offices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`session_id`) REFERENCES `assisted_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `assisted_queue_office_idx` ON `assisted_queue` (`office_id`,`status`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_authority_records` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`type` text NOT NULL,
	`issuer_id` text NOT NULL,
	`attributes` text NOT NULL,
	`valid_until` integer NOT NULL,
	`source` text DEFAULT 'authority' NOT NULL,
	`document_type` text,
	`document_number` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_authority_records`("id", "user_id", "type", "issuer_id", "attributes", "valid_until", "source", "document_type", "document_number", "created_at") SELECT "id", "user_id", "type", "issuer_id", "attributes", "valid_until", "source", NULL, NULL, "created_at" FROM `authority_records`;--> statement-breakpoint
DROP TABLE `authority_records`;--> statement-breakpoint
ALTER TABLE `__new_authority_records` RENAME TO `authority_records`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `authority_records_user_type_idx` ON `authority_records` (`user_id`,`type`);--> statement-breakpoint
CREATE INDEX `authority_records_document_idx` ON `authority_records` (`document_type`,`document_number`);