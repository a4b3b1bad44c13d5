-- The users page benchmark's data set, loaded after the module's migrations made the tables:
-- tenants 1-10 of 1,000 users each and tenant 11 of 1,000,000, every user in 2 of its tenant's 4
-- roles and 2 of its 4 organization units. User 1 of each tenant is its admin (user name admin,
-- password 123qwe), and every role may list users.
\set ON_ERROR_STOP on
set maintenance_work_mem = '256MB';

insert into svc_tenants (id, tenancy_name, name, creation_time)
    select t, 'bench' || t, 'Bench ' || t, timestamp with time zone '2024-01-01 00:00:00+00'
    from generate_series(1, 11) t;

insert into svc_roles (id, tenant_id, name, display_name, creation_time)
    select t * 10 + r, t, 'Role' || r, 'Role number ' || r, timestamp with time zone '2024-01-01 00:00:00+00'
    from generate_series(1, 11) t, generate_series(1, 4) r;

insert into svc_organization_units (id, tenant_id, code, display_name, creation_time)
    select t * 10 + o, t, '0000' || o, 'Unit number ' || o, timestamp with time zone '2024-01-01 00:00:00+00'
    from generate_series(1, 11) t, generate_series(1, 4) o;

insert into svc_permission_grants (tenant_id, name, is_granted, role_id)
    select t, 'Pages.Administration.Users', true, t * 10 + r from generate_series(1, 11) t, generate_series(1, 4) r;

-- user i of tenant t: id t * 10,000,000 + i; 60 given names and 10,000 family names, so that the
-- default order (name, surname, id) has ties to break
create temporary table bench_users as
    select t as tenant_id, i, t::bigint * 10000000 + i as id,
           case when i = 1 then 'admin' else 'user' || i end as user_name,
           (array['Ada','Alan','Alice','Amir','Anna','Ben','Bob','Carla','Chen','Clara','Dan','Dora','Eli','Emma',
                  'Eva','Finn','Gia','Hana','Hugo','Ida','Ivan','Jana','Jon','Kai','Kim','Lea','Leo','Lina','Luca',
                  'Maja','Mark','Mia','Nina','Noah','Ola','Omar','Pia','Paul','Quinn','Rosa','Ravi','Sara','Sam',
                  'Tara','Tom','Uma','Uri','Vera','Vic','Wen','Will','Xia','Yara','Yuri','Zoe','Zack','Iris',
                  'Otto','Nora','Emil'])[1 + (i * 7) % 60] as name,
           'Surname' || lpad(((i::bigint * 7919) % 10000)::text, 4, '0') as surname
    from (select t, generate_series(1, case when t = 11 then 1000000 else 1000 end) as i
          from generate_series(1, 11) t) users;

insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,
                       normalized_email_address, password_hash, is_active, is_email_confirmed, creation_time)
    select id, tenant_id, user_name, upper(user_name), name, surname,
           user_name || '@tenant' || tenant_id || '.example', upper(user_name || '@tenant' || tenant_id || '.example'),
           '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', i % 10 <> 0, true,
           timestamp with time zone '2024-01-01 00:00:00+00' + i * interval '1 minute'
    from bench_users order by id;

insert into svc_user_roles (user_id, role_id)
    select id, tenant_id * 10 + 1 + (i - 1) % 4 from bench_users
    union all
    select id, tenant_id * 10 + 1 + i % 4 from bench_users;

insert into svc_user_organization_units (user_id, organization_unit_id)
    select id, tenant_id * 10 + 1 + (i - 1) % 4 from bench_users
    union all
    select id, tenant_id * 10 + 1 + (i + 1) % 4 from bench_users;

vacuum analyze;
