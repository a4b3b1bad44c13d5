-- The sessions of every sign-in, token and cookie alike: each sign-in starts one, a token
-- sign-in's refresh tokens rotate within it, and a log-out, a used refresh token presented again,
-- or its absolute end ends every token of it. One revocation rule for both.
create table svc_sign_in_sessions (
    id                 varchar(36)  not null primary key,
    user_id            bigint       not null,
    password_stamp     varchar(64)  not null,
    created_time       ${time}      not null,
    expiry_time        ${time}      not null,
    revoked_time       ${time}
) ${table_options};
create index ix_svc_sign_in_sessions_user on svc_sign_in_sessions (user_id);
create index ix_svc_sign_in_sessions_expiry on svc_sign_in_sessions (expiry_time);

create table svc_refresh_tokens (
    id          varchar(36) not null primary key,
    session_id  varchar(36) not null,
    used_time   ${time},
    constraint fk_svc_refresh_tokens_session foreign key (session_id) references svc_sign_in_sessions (id) on delete cascade
) ${table_options};
create index ix_svc_refresh_tokens_session on svc_refresh_tokens (session_id);
