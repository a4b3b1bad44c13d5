-- Demo and test data. Never run this location in production: it creates accounts with known
-- passwords (all of them 123qwe). Times are UTC instants: ${instant} '... ${utc_offset}' reads
-- timestamp with time zone '...+00', or on MariaDB and MySQL timestamp '...' (their columns keep UTC).
-- Host: role Admin (1), users admin (1) and auditor (4, may read audit logs only).
-- Tenant Default (1): roles Admin (2), User (3); users admin (2) and jdoe (3, no admin rights);
-- organization units OU1 > OU11 > OU111, OU112; OU1 > OU12; OU2 > OU21 (ids 1-7).
-- Tenant Second (2): role Admin (4), user admin (5), organization unit OU1 (8).
-- Tenant Closed (3): inactive.

insert into svc_tenants (id, tenancy_name, name, is_active, creation_time) values
    (1, 'Default', 'Default', true,  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (2, 'Second',  'Second',  true,  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (3, 'Closed',  'Closed',  false, ${instant} '2024-01-01 00:00:00${utc_offset}');

insert into svc_roles (id, tenant_id, name, display_name, is_static, is_default, creation_time) values
    (1, null, 'Admin', 'Admin', true, true,  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (2, 1,    'Admin', 'Admin', true, false, ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (3, 1,    'User',  'User',  true, true,  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (4, 2,    'Admin', 'Admin', true, true,  ${instant} '2024-01-01 00:00:00${utc_offset}');

insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,
        normalized_email_address, phone_number, password_hash, is_active, is_email_confirmed, creation_time) values
    (1, null, 'admin',   'ADMIN',   'admin', 'admin', 'admin@example.com', 'ADMIN@EXAMPLE.COM', null,
        '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', true, true, ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (2, 1,    'admin',   'ADMIN',   'admin', 'admin', 'admin@defaulttenant.com', 'ADMIN@DEFAULTTENANT.COM', null,
        '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', true, true, ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (3, 1,    'jdoe',    'JDOE',    'John',  'Doe',   'john.doe@defaulttenant.com', 'JOHN.DOE@DEFAULTTENANT.COM', '+1 555 0100',
        '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', true, false, ${instant} '2024-01-02 00:00:00${utc_offset}'),
    (4, null, 'auditor', 'AUDITOR', 'Ada',   'Auditor', 'auditor@example.com', 'AUDITOR@EXAMPLE.COM', null,
        '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', true, true, ${instant} '2024-01-03 00:00:00${utc_offset}'),
    (5, 2,    'admin',   'ADMIN',   'admin', 'admin', 'admin@secondtenant.com', 'ADMIN@SECONDTENANT.COM', null,
        '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', true, true, ${instant} '2024-01-01 00:00:00${utc_offset}');

insert into svc_user_roles (user_id, role_id) values (1, 1), (2, 2), (3, 3), (5, 4);

insert into svc_organization_units (id, tenant_id, parent_id, code, display_name, creation_time) values
    (1, 1, null, '00001',             'OU1',   ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (2, 1, 1,    '00001.00001',       'OU11',  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (3, 1, 2,    '00001.00001.00001', 'OU111', ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (4, 1, 2,    '00001.00001.00002', 'OU112', ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (5, 1, 1,    '00001.00002',       'OU12',  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (6, 1, null, '00002',             'OU2',   ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (7, 1, 6,    '00002.00001',       'OU21',  ${instant} '2024-01-01 00:00:00${utc_offset}'),
    (8, 2, null, '00001',             'OU1',   ${instant} '2024-01-01 00:00:00${utc_offset}');

insert into svc_user_organization_units (user_id, organization_unit_id) values (2, 1), (3, 2), (3, 7), (5, 8);

insert into svc_permission_grants (tenant_id, name, is_granted, role_id, user_id)
    select r.tenant_id, p.name, true, r.id, null
    from svc_roles r
    cross join (select 'Pages' as name union all select 'Pages.Administration'
        union all select 'Pages.Administration.Roles' union all select 'Pages.Administration.Users'
        union all select 'Pages.Administration.OrganizationUnits' union all select 'Pages.Administration.AuditLogs') p
    where r.name = 'Admin';

insert into svc_permission_grants (tenant_id, name, is_granted, role_id, user_id) values
    (1,    'Pages', true, 3, null),
    (null, 'Pages', true, null, 4),
    (null, 'Pages.Administration.AuditLogs', true, null, 4);

insert into svc_audit_logs (tenant_id, user_id, service_name, method_name, parameters, execution_time, execution_duration, client_ip_address) values
    (null, 1, 'Authentication', 'SignIn', '{"result":"Success"}', ${instant} '2024-02-01 09:00:00${utc_offset}', 12, '127.0.0.1'),
    (null, 1, 'GraphQL', 'query', '{ roles { name } }', ${instant} '2024-02-01 09:01:00${utc_offset}', 5, '127.0.0.1'),
    (null, 4, 'Authentication', 'SignIn', '{"result":"Success"}', ${instant} '2024-02-01 10:00:00${utc_offset}', 11, '127.0.0.1'),
    (1,    2, 'Authentication', 'SignIn', '{"result":"Success"}', ${instant} '2024-02-02 09:00:00${utc_offset}', 13, '127.0.0.1'),
    (1,    2, 'GraphQL', 'query', '{ users { totalCount } }', ${instant} '2024-02-02 09:05:00${utc_offset}', 7, '127.0.0.1'),
    (2,    5, 'Authentication', 'SignIn', '{"result":"Success"}', ${instant} '2024-02-03 09:00:00${utc_offset}', 10, '127.0.0.1');

-- the rows above took explicit ids: new rows start at 100 (${restart_ids} is "alter column id
-- restart with", or on MariaDB and MySQL "auto_increment =")
alter table svc_tenants ${restart_ids} 100;
alter table svc_roles ${restart_ids} 100;
alter table svc_users ${restart_ids} 100;
alter table svc_organization_units ${restart_ids} 100;
