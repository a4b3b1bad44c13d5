-- The users page benchmark's data set on MariaDB: the rows of data.sql, made with MariaDB's
-- Sequence engine (seq_1_to_N) instead of generate_series. Loaded after the module's migrations
-- made the tables; the row triggers keep each tenant's count as the users go in.
insert into svc_tenants (id, tenancy_name, name, creation_time)
    select t.seq, concat('bench', t.seq), concat('Bench ', t.seq), timestamp '2024-01-01 00:00:00' from seq_1_to_11 t;

insert into svc_roles (id, tenant_id, name, display_name, creation_time)
    select t.seq * 10 + r.seq, t.seq, concat('Role', r.seq), concat('Role number ', r.seq), timestamp '2024-01-01 00:00:00'
    from seq_1_to_11 t, seq_1_to_4 r;

insert into svc_organization_units (id, tenant_id, code, display_name, creation_time)
    select t.seq * 10 + o.seq, t.seq, concat('0000', o.seq), concat('Unit number ', o.seq), timestamp '2024-01-01 00:00:00'
    from seq_1_to_11 t, seq_1_to_4 o;

insert into svc_permission_grants (tenant_id, name, is_granted, role_id)
    select t.seq, 'Pages.Administration.Users', true, t.seq * 10 + r.seq from seq_1_to_11 t, seq_1_to_4 r;

-- user i of tenant t: id t * 10,000,000 + i; 60 given names and 10,000 family names, as data.sql
create table bench_users (tenant_id integer, i integer, id bigint primary key, user_name varchar(256),
                          name varchar(64), surname varchar(64))
    select t.seq as tenant_id, u.seq as i, t.seq * 10000000 + u.seq as id,
           case when u.seq = 1 then 'admin' else concat('user', u.seq) end as user_name,
           elt(1 + (u.seq * 7) % 60, 'Ada','Alan','Alice','Amir','Anna','Ben','Bob','Carla','Chen','Clara','Dan','Dora',
               'Eli','Emma','Eva','Finn','Gia','Hana','Hugo','Ida','Ivan','Jana','Jon','Kai','Kim','Lea','Leo','Lina',
               'Luca','Maja','Mark','Mia','Nina','Noah','Ola','Omar','Pia','Paul','Quinn','Rosa','Ravi','Sara','Sam',
               'Tara','Tom','Uma','Uri','Vera','Vic','Wen','Will','Xia','Yara','Yuri','Zoe','Zack','Iris','Otto',
               'Nora','Emil') as name,
           concat('Surname', lpad((u.seq * 7919) % 10000, 4, '0')) as surname
    from seq_1_to_11 t join seq_1_to_1000000 u on u.seq <= case when t.seq = 11 then 1000000 else 1000 end;

insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,
                       normalized_email_address, password_hash, is_active, is_email_confirmed, creation_time)
    select id, tenant_id, user_name, upper(user_name), name, surname,
           concat(user_name, '@tenant', tenant_id, '.example'), upper(concat(user_name, '@tenant', tenant_id, '.example')),
           '{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW', i % 10 <> 0, true,
           timestamp '2024-01-01 00:00:00' + interval i minute
    from bench_users order by id;

insert into svc_user_roles (user_id, role_id) select id, tenant_id * 10 + 1 + (i - 1) % 4 from bench_users;
insert into svc_user_roles (user_id, role_id) select id, tenant_id * 10 + 1 + i % 4 from bench_users;
insert into svc_user_organization_units (user_id, organization_unit_id)
    select id, tenant_id * 10 + 1 + (i - 1) % 4 from bench_users;
insert into svc_user_organization_units (user_id, organization_unit_id)
    select id, tenant_id * 10 + 1 + (i + 1) % 4 from bench_users;

drop table bench_users;
analyze table svc_users, svc_user_roles, svc_user_organization_units, svc_roles, svc_organization_units;
