-- Failed sign-ins of names that belong to no account, counted and locked out as accounts are
-- (an account's count is in svc_users), so that a lockout does not tell whether an account exists.
create table svc_sign_in_failures (
    tenant_key           integer      not null,
    login                varchar(256) not null,
    access_failed_count  integer      not null,
    lockout_end_date     ${time},
    last_failure_time    ${time} not null,
    primary key (tenant_key, login)
) ${table_options};
create index ix_svc_sign_in_failures_last on svc_sign_in_failures (last_failure_time);
