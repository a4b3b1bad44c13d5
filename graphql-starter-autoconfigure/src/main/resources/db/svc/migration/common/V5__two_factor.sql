-- Two-factor sign-in: the authenticator app's secret and the last time step whose code was
-- accepted (a code works once), codes sent by e-mail or SMS, and clients that need no second
-- factor for a while. Codes and client tokens are kept as SHA-256 digests only.
alter table svc_users add column is_two_factor_enabled boolean not null default false;
alter table svc_users add column authenticator_key varchar(64);
alter table svc_users add column authenticator_last_step bigint;

-- the second step a sign-in with the right password opened, and the code sent for it, if any
create table svc_two_factor_codes (
    user_id      bigint      not null primary key,
    provider     varchar(32),
    code_digest  varchar(64),
    expiry_time  ${time} not null
) ${table_options};

create table svc_two_factor_clients (
    token_digest  varchar(64) not null primary key,
    user_id       bigint      not null,
    expiry_time   ${time} not null
) ${table_options};
create index ix_svc_two_factor_clients_user on svc_two_factor_clients (user_id);
