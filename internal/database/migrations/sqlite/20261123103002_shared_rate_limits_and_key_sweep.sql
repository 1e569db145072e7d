-- Create index "idempotencykey_time_created" to table: "idempotency_keys"
CREATE INDEX `idempotencykey_time_created` ON `idempotency_keys` (`time_created`);
-- Create "rate_limit_buckets" table
CREATE TABLE `rate_limit_buckets` (`id` text NOT NULL, `tat` integer NOT NULL, PRIMARY KEY (`id`));
-- Create index "ratelimitbucket_tat" to table: "rate_limit_buckets"
CREATE INDEX `ratelimitbucket_tat` ON `rate_limit_buckets` (`tat`);
