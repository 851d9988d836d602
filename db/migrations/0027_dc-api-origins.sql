-- Issue 23 (ADR 054): the websites a verifier organisation asks from through the browser's
-- Digital Credentials API, its requests' expected_origins beside the platform's own. Organisations
-- registered before have none until an administrator sets them.
ALTER TABLE `verifier_organisations` ADD `web_origins` text;
