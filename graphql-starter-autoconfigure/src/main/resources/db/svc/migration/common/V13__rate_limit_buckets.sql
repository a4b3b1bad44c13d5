-- The token buckets that every instance shares when the host has no Redis: the sign-in throttle,
-- the two-factor code sends, the anonymous audit quota and the rate limits of query cost. A row is
-- Bucket4j's state of one bucket, changed by compare and swap; past expires_at (epoch milliseconds)
-- it is a full bucket again, and the purge may delete it.
create table svc_rate_limit_buckets (
    bucket_key  varchar(160) not null primary key,
    state       ${bytes}     not null,
    expires_at  bigint       not null
) ${table_options};
create index ix_svc_rate_limit_buckets_expiry on svc_rate_limit_buckets (expires_at);
