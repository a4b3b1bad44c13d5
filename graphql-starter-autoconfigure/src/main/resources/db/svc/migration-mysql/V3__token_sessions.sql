-- The sessions of the token sign-in: each sign-in starts one, its refresh tokens rotate within it,
-- and a log-out, a used refresh token presented again, or its absolute end ends every token of it.
create table svc_token_sessions (
    id                 varchar(36)  not null primary key,
    user_id            bigint       not null,
    password_stamp     varchar(64)  not null,
    created_time       datetime(6)  not null,
    expiry_time        datetime(6)  not null,
    revoked_time       datetime(6)
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;
create index ix_svc_token_sessions_user on svc_token_sessions (user_id);
create index ix_svc_token_sessions_expiry on svc_token_sessions (expiry_time);

create table svc_refresh_tokens (
    id          varchar(36) not null primary key,
    session_id  varchar(36) not null,
    used_time   datetime(6),
    constraint fk_svc_refresh_tokens_session foreign key (session_id) references svc_token_sessions (id) on delete cascade
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;
create index ix_svc_refresh_tokens_session on svc_refresh_tokens (session_id);
