ALTER TABLE `gabriel_tasks` ADD `dedupe_key` text;--> statement-breakpoint
ALTER TABLE `gabriel_tasks` ADD `assigned_to` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `gabriel_tasks` ADD `decided_by` text REFERENCES users(id);--> statement-breakpoint
CREATE UNIQUE INDEX `gabriel_tasks_dedupe_idx` ON `gabriel_tasks` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `gabriel_tasks_type_status_idx` ON `gabriel_tasks` (`type`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `gabriel_tasks_agent_idx` ON `gabriel_tasks` (`agent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `gabriel_audit_time_idx` ON `gabriel_audit_log` (`timestamp`);--> statement-breakpoint
CREATE INDEX `gabriel_audit_task_idx` ON `gabriel_audit_log` (`task_id`);