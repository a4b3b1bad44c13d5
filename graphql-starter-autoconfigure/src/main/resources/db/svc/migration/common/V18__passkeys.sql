-- Passkeys (WebAuthn credentials). A user's handle is random bytes (base64url here), the only
-- name of the user a passkey carries: it names the user, and through the user the tenant, since
-- user names are unique only within a tenant. Each user may have several passkeys, each with the
-- label its user gave it and the time of its last use. Challenges work once: a sign-in or
-- registration takes its challenge out of the table, so a replayed answer finds none.
create table svc_passkey_users (
    user_handle  varchar(88) not null primary key,
    user_id      bigint      not null,
    constraint uk_svc_passkey_users_user unique (user_id),
    constraint fk_svc_passkey_users_user foreign key (user_id) references svc_users (id) on delete cascade
) ${table_options};

create table svc_passkeys (
    id                    bigint        ${identity} primary key,
    credential_id         varchar(344)  not null,
    user_handle           varchar(88)   not null,
    label                 varchar(64)   not null,
    public_key            varchar(1024) not null,
    signature_count       bigint        not null,
    uv_initialized        boolean       not null,
    backup_eligible       boolean       not null,
    backup_state          boolean       not null,
    transports            varchar(128),
    attestation_object    varchar(4096) not null,
    attestation_client_data varchar(2048),
    created_time          ${time}       not null,
    last_used_time        ${time},
    constraint uk_svc_passkeys_credential unique (credential_id),
    constraint fk_svc_passkeys_user foreign key (user_handle) references svc_passkey_users (user_handle)
        on delete cascade
) ${table_options};
create index ix_svc_passkeys_user on svc_passkeys (user_handle);

create table svc_passkey_challenges (
    challenge    varchar(64) not null primary key,
    user_id      bigint,
    expiry_time  ${time}     not null
) ${table_options};
create index ix_svc_passkey_challenges_expiry on svc_passkey_challenges (expiry_time);
