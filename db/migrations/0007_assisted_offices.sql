CREATE TABLE `assisted_offices` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assisted_offices_name_unique` ON `assisted_offices` (`name`);--> statement-breakpoint
CREATE TABLE `office_contacts` (
	`office_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`phone` text NOT NULL,
	`hours` text NOT NULL,
	PRIMARY KEY(`office_id`, `position`),
	FOREIGN KEY (`office_id`) REFERENCES `assisted_offices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `operator_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`office_id` text NOT NULL,
	`title` text NOT NULL,
	`authorisation_level` integer DEFAULT 1 NOT NULL,
	`supervisor` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`office_id`) REFERENCES `assisted_offices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `assisted_sessions` ADD `office_id` text REFERENCES assisted_offices(id);--> statement-breakpoint
CREATE INDEX `assisted_sessions_office_idx` ON `assisted_sessions` (`office_id`,`started_at`);