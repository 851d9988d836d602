CREATE TABLE `analytics_rollups` (
	`metric` text NOT NULL,
	`bucket` integer NOT NULL,
	`dimension` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`histogram` text,
	PRIMARY KEY(`metric`, `bucket`, `dimension`)
);
--> statement-breakpoint
CREATE TABLE `error_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`error_type` text NOT NULL,
	`component` text NOT NULL,
	`message` text NOT NULL,
	`severity` text DEFAULT 'medium' NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`resolved` integer DEFAULT false NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`regressed_at` integer,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `error_groups_fingerprint_unique` ON `error_groups` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `error_groups_open_seen_idx` ON `error_groups` (`resolved`,`last_seen`);--> statement-breakpoint
CREATE TABLE `housekeeping_state` (
	`job` text PRIMARY KEY NOT NULL,
	`cursor` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `error_logs` ADD `fingerprint` text;--> statement-breakpoint
CREATE INDEX `error_logs_fingerprint_time_idx` ON `error_logs` (`fingerprint`,`timestamp`);--> statement-breakpoint
CREATE INDEX `analytics_events_time_idx` ON `analytics_events` (`timestamp`);--> statement-breakpoint
CREATE INDEX `analytics_events_type_time_idx` ON `analytics_events` (`event_type`,`timestamp`);--> statement-breakpoint
CREATE INDEX `performance_metrics_time_idx` ON `performance_metrics` (`timestamp`);--> statement-breakpoint
CREATE INDEX `performance_metrics_type_time_idx` ON `performance_metrics` (`metric_type`,`timestamp`);--> statement-breakpoint
CREATE INDEX `system_logs_time_idx` ON `system_logs` (`timestamp`);--> statement-breakpoint
CREATE INDEX `system_logs_level_time_idx` ON `system_logs` (`level`,`timestamp`);--> statement-breakpoint
CREATE INDEX `user_sessions_start_user_idx` ON `user_sessions` (`start_time`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_sessions_user_idx` ON `user_sessions` (`user_id`);