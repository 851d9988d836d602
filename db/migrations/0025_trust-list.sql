CREATE TABLE `trust_list_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`certificate` text NOT NULL,
	`name` text NOT NULL,
	`checks` text NOT NULL,
	`state` text DEFAULT 'proposed' NOT NULL,
	`proposed_by` text,
	`proposed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`approved_by` text,
	`approved_at` integer,
	`retired_by` text,
	`retired_at` integer,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`retired_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "trust_list_entries_four_eyes" CHECK("trust_list_entries"."approved_by" is null or "trust_list_entries"."approved_by" is not "trust_list_entries"."proposed_by"),
	CONSTRAINT "trust_list_entries_active_approved" CHECK("trust_list_entries"."state" <> 'active' or "trust_list_entries"."proposed_by" is null or "trust_list_entries"."approved_by" is not null)
);
--> statement-breakpoint
CREATE INDEX `trust_list_entries_state_idx` ON `trust_list_entries` (`state`,`kind`);--> statement-breakpoint
CREATE TABLE `trust_list_events` (
	`id` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_id` text,
	`reason` text,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `trust_list_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `trust_list_events_entry_idx` ON `trust_list_events` (`entry_id`,`at`);--> statement-breakpoint
ALTER TABLE `presentations` ADD `format` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `doctype` text;