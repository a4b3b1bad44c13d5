-- Failed sign-ins of names that belong to no account, counted and locked out as accounts are
-- (an account's count is in svc_users), so that a lockout does not tell whether an account exists.
create table svc_sign_in_failures (
    tenant_key           integer      not null,
    login                varchar(256) not null,
    access_failed_count  integer      not null,
    lockout_end_date     datetime(6),
    last_failure_time    datetime(6)  not null,
    primary key (tenant_key, login)
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;
create index ix_svc_sign_in_failures_last on svc_sign_in_failures (last_failure_time);
