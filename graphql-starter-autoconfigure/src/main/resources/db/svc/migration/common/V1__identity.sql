-- Identity data of the host and its tenants, and the audit log. One text for every database: the
-- placeholders are the dialects' words (IdentitySchemaMigration sets them). ${identity} is an
-- identity column, ${time} an instant (timestamp with time zone; on MariaDB and MySQL datetime(6)
-- in UTC, since timestamp would end in 2038), and ${table_options} the table's storage (on MariaDB
-- and MySQL InnoDB in utf8mb4 byte order, utf8mb4_bin, so that text compares and sorts as on
-- PostgreSQL and H2 whatever the server's defaults). A null tenant_id means the host.

create table svc_tenants (
    id              integer      ${identity} primary key,
    tenancy_name    varchar(64)  not null,
    name            varchar(128) not null,
    is_active       boolean      not null default true,
    creation_time   ${time}      not null,
    constraint uk_svc_tenants_tenancy_name unique (tenancy_name)
) ${table_options};

create table svc_users (
    id                        bigint       ${identity} primary key,
    tenant_id                 integer,
    user_name                 varchar(256) not null,
    normalized_user_name      varchar(256) not null,
    name                      varchar(64)  not null,
    surname                   varchar(64)  not null,
    email_address             varchar(256) not null,
    normalized_email_address  varchar(256) not null,
    phone_number              varchar(32),
    password_hash             varchar(128) not null,
    is_active                 boolean      not null default true,
    is_email_confirmed        boolean      not null default false,
    is_lockout_enabled        boolean      not null default true,
    lockout_end_date          ${time},
    access_failed_count       integer      not null default 0,
    should_change_password    boolean      not null default false,
    creation_time             ${time}      not null,
    constraint fk_svc_users_tenant foreign key (tenant_id) references svc_tenants (id)
) ${table_options};
create index ix_svc_users_user_name on svc_users (tenant_id, normalized_user_name);
create index ix_svc_users_email on svc_users (tenant_id, normalized_email_address);

create table svc_roles (
    id             integer     ${identity} primary key,
    tenant_id      integer,
    name           varchar(32) not null,
    display_name   varchar(64) not null,
    is_static      boolean     not null default false,
    is_default     boolean     not null default false,
    creation_time  ${time}     not null,
    constraint fk_svc_roles_tenant foreign key (tenant_id) references svc_tenants (id)
) ${table_options};
create index ix_svc_roles_tenant on svc_roles (tenant_id, name);

create table svc_user_roles (
    user_id  bigint  not null,
    role_id  integer not null,
    primary key (user_id, role_id),
    constraint fk_svc_user_roles_user foreign key (user_id) references svc_users (id) on delete cascade,
    constraint fk_svc_user_roles_role foreign key (role_id) references svc_roles (id) on delete cascade
) ${table_options};
create index ix_svc_user_roles_role on svc_user_roles (role_id);

create table svc_organization_units (
    id             bigint       ${identity} primary key,
    tenant_id      integer,
    parent_id      bigint,
    code           varchar(95)  not null,
    display_name   varchar(128) not null,
    creation_time  ${time}      not null,
    constraint fk_svc_organization_units_tenant foreign key (tenant_id) references svc_tenants (id),
    constraint fk_svc_organization_units_parent foreign key (parent_id) references svc_organization_units (id)
) ${table_options};
create index ix_svc_organization_units_code on svc_organization_units (tenant_id, code);

create table svc_user_organization_units (
    user_id               bigint not null,
    organization_unit_id  bigint not null,
    primary key (user_id, organization_unit_id),
    constraint fk_svc_user_ous_user foreign key (user_id) references svc_users (id) on delete cascade,
    constraint fk_svc_user_ous_ou foreign key (organization_unit_id) references svc_organization_units (id) on delete cascade
) ${table_options};
create index ix_svc_user_ous_ou on svc_user_organization_units (organization_unit_id);

create table svc_organization_unit_roles (
    organization_unit_id  bigint  not null,
    role_id               integer not null,
    primary key (organization_unit_id, role_id),
    constraint fk_svc_ou_roles_ou foreign key (organization_unit_id) references svc_organization_units (id) on delete cascade,
    constraint fk_svc_ou_roles_role foreign key (role_id) references svc_roles (id) on delete cascade
) ${table_options};

-- A grant (is_granted true) or a prohibition (false) of one permission, to a role or to a user.
create table svc_permission_grants (
    id          bigint       ${identity} primary key,
    tenant_id   integer,
    name        varchar(128) not null,
    is_granted  boolean      not null,
    role_id     integer,
    user_id     bigint,
    constraint fk_svc_permission_grants_tenant foreign key (tenant_id) references svc_tenants (id),
    constraint fk_svc_permission_grants_role foreign key (role_id) references svc_roles (id) on delete cascade,
    constraint fk_svc_permission_grants_user foreign key (user_id) references svc_users (id) on delete cascade,
    constraint ck_svc_permission_grants_target check ((role_id is null and user_id is not null) or (role_id is not null and user_id is null))
) ${table_options};
create index ix_svc_permission_grants_role on svc_permission_grants (role_id);
create index ix_svc_permission_grants_user on svc_permission_grants (user_id);

create table svc_audit_logs (
    id                  bigint        ${identity} primary key,
    tenant_id           integer,
    user_id             bigint,
    service_name        varchar(256)  not null,
    method_name         varchar(256),
    parameters          varchar(1024),
    execution_time      ${time}       not null,
    execution_duration  integer       not null,
    client_ip_address   varchar(64),
    browser_info        varchar(512),
    exception           varchar(2000)
) ${table_options};
create index ix_svc_audit_logs_tenant_time on svc_audit_logs (tenant_id, execution_time);
