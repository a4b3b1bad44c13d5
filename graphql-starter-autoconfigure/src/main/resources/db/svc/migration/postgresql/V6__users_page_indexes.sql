-- What the users page needs on PostgreSQL to stay fast with a million users in a tenant.

-- The sort keys of name and surname as columns, so that one index serves the default order and a
-- deep page is read from the index alone. Byte order ("C"), as on H2, whatever the database's
-- collation: both databases return the same pages.
alter table svc_users add column normalized_name varchar(64) collate "C" generated always as (upper(name)) stored;
alter table svc_users add column normalized_surname varchar(64) collate "C" generated always as (upper(surname)) stored;

-- every whitelisted sort, ties broken by id, in both directions (btree indexes read backwards too;
-- is_active has two, since its ties are long and the tie-break stays ascending)
create index ix_svc_users_name on svc_users (tenant_id, normalized_name, normalized_surname, id);
create index ix_svc_users_surname on svc_users (tenant_id, normalized_surname, id);
create index ix_svc_users_creation_time on svc_users (tenant_id, creation_time, id);
create index ix_svc_users_is_active on svc_users (tenant_id, is_active, id);
create index ix_svc_users_is_active_desc on svc_users (tenant_id, is_active desc, id);
create index ix_svc_users_tenant_id on svc_users (tenant_id, id);

-- the substring filter: trigram indexes answer "like '%text%'" for text of three characters or more
create extension if not exists pg_trgm;
create index ix_svc_users_name_trgm on svc_users using gin (normalized_name gin_trgm_ops);
create index ix_svc_users_surname_trgm on svc_users using gin (normalized_surname gin_trgm_ops);
create index ix_svc_users_user_name_trgm on svc_users using gin (normalized_user_name gin_trgm_ops);
create index ix_svc_users_email_trgm on svc_users using gin (normalized_email_address gin_trgm_ops);

-- How many users each tenant has (tenant_key 0: the host), kept by the triggers below in the
-- transaction that changes the users, so that an unfiltered page's totalCount is one row read
-- instead of a count of the tenant.
create table svc_user_counts (
    tenant_key  integer primary key,
    user_count  bigint  not null
);
insert into svc_user_counts (tenant_key, user_count)
    select coalesce(tenant_id, 0), count(*) from svc_users group by coalesce(tenant_id, 0);

create function svc_count_users() returns trigger language plpgsql as $$
begin
    if tg_op = 'INSERT' then
        insert into svc_user_counts (tenant_key, user_count)
            select coalesce(tenant_id, 0), count(*) from svc_new_users group by coalesce(tenant_id, 0)
            on conflict (tenant_key) do update set user_count = svc_user_counts.user_count + excluded.user_count;
    elsif tg_op = 'DELETE' then
        update svc_user_counts c set user_count = c.user_count - gone.user_count
            from (select coalesce(tenant_id, 0) as tenant_key, count(*) as user_count
                  from svc_old_users group by coalesce(tenant_id, 0)) gone
            where c.tenant_key = gone.tenant_key;
    elsif tg_op = 'TRUNCATE' then
        delete from svc_user_counts;
    end if;
    return null;
end
$$;

-- a user moved to another tenant: rare, so one row at a time
create function svc_move_counted_user() returns trigger language plpgsql as $$
begin
    update svc_user_counts set user_count = user_count - 1 where tenant_key = coalesce(old.tenant_id, 0);
    insert into svc_user_counts (tenant_key, user_count) values (coalesce(new.tenant_id, 0), 1)
        on conflict (tenant_key) do update set user_count = svc_user_counts.user_count + 1;
    return null;
end
$$;

create trigger svc_users_counted_insert after insert on svc_users
    referencing new table as svc_new_users for each statement execute function svc_count_users();
create trigger svc_users_counted_delete after delete on svc_users
    referencing old table as svc_old_users for each statement execute function svc_count_users();
create trigger svc_users_counted_truncate after truncate on svc_users
    for each statement execute function svc_count_users();
create trigger svc_users_counted_move after update of tenant_id on svc_users
    for each row when (old.tenant_id is distinct from new.tenant_id) execute function svc_move_counted_user();
