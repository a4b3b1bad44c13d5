-- A remembered client ends with what it was trusted for: it keeps stamps (SHA-256 digests) of its
-- user's password hash and of the stored authenticator secret as they were when it was remembered,
-- and stops skipping the second step when either changed, by whatever path. Each has an id of its
-- own, by which its user sees and forgets it. The clients remembered before kept no stamps: they
-- take the second step once more.
drop table svc_two_factor_clients;

create table svc_two_factor_clients (
    id              bigint      ${identity} primary key,
    token_digest    varchar(64) not null,
    user_id         bigint      not null,
    password_stamp  varchar(64) not null,
    key_stamp       varchar(64) not null,
    created_time    ${time} not null,
    expiry_time     ${time} not null,
    constraint uk_svc_two_factor_clients_token unique (token_digest)
) ${table_options};
create index ix_svc_two_factor_clients_user on svc_two_factor_clients (user_id);
