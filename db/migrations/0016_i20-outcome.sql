ALTER TABLE `presentations` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `presentations` ADD `outcome_reason` text;