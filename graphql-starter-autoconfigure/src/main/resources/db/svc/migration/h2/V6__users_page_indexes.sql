-- The users page's sort keys and counts on H2, under the names PostgreSQL's migration gives them
-- (which adds the indexes and kept counts that a million users need).
alter table svc_users add column normalized_name varchar(64) generated always as (upper(name));
alter table svc_users add column normalized_surname varchar(64) generated always as (upper(surname));
create index ix_svc_users_name on svc_users (tenant_id, normalized_name, normalized_surname, id);

create view svc_user_counts (tenant_key, user_count) as
    select coalesce(tenant_id, 0), count(*) from svc_users group by coalesce(tenant_id, 0);
