CREATE INDEX `users_role_created_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `presentations_verified_idx` ON `presentations` (`verified_at`);--> statement-breakpoint
CREATE INDEX `verification_requests_created_idx` ON `verification_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `error_logs_time_idx` ON `error_logs` (`timestamp`);--> statement-breakpoint
CREATE INDEX `system_logs_category_time_idx` ON `system_logs` (`category`,`timestamp`);--> statement-breakpoint
CREATE INDEX `wallet_events_kind_created_idx` ON `wallet_events` (`kind`,`created_at`);