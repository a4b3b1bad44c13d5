-- What the users page needs on MariaDB and MySQL to stay fast with a million users in a tenant.

-- The sort keys of name and surname as columns, so that one index serves the default order and a
-- deep page is read from the index alone (byte order, as every text column here).
alter table svc_users
    add column normalized_name varchar(64) generated always as (upper(name)) stored,
    add column normalized_surname varchar(64) generated always as (upper(surname)) stored;

-- Every whitelisted sort, ties broken by id ascending, in both directions. InnoDB keeps the primary
-- key in every index, so (tenant_id, key) is ordered by id within equal keys already; read backwards
-- it gives the key descending but the ids descending too, and MariaDB then sorts the whole tenant
-- (PostgreSQL sorts only each run of equal keys): each descending sort has an index of its own.
-- The default order's index also holds the four columns the substring filter searches: there is no
-- trigram index here, and "like '%text%'" reads this one index in the page's order, never the rows,
-- and stops as soon as the page is full (see docs/operations.md for what a rare text costs).
create index ix_svc_users_name on svc_users (tenant_id, normalized_name, normalized_surname, id,
    normalized_user_name, normalized_email_address);
create index ix_svc_users_surname on svc_users (tenant_id, normalized_surname, id);
create index ix_svc_users_surname_desc on svc_users (tenant_id, normalized_surname desc, id);
create index ix_svc_users_user_name_desc on svc_users (tenant_id, normalized_user_name desc, id);
create index ix_svc_users_email_desc on svc_users (tenant_id, normalized_email_address desc, id);
create index ix_svc_users_creation_time on svc_users (tenant_id, creation_time, id);
create index ix_svc_users_creation_time_desc on svc_users (tenant_id, creation_time desc, id);
create index ix_svc_users_is_active on svc_users (tenant_id, is_active, id);
create index ix_svc_users_is_active_desc on svc_users (tenant_id, is_active desc, id);
create index ix_svc_users_tenant_id on svc_users (tenant_id, id);

-- How many users each tenant has (tenant_key 0: the host), kept by the triggers below in the
-- transaction that changes the users, so that an unfiltered page's totalCount is one row read
-- instead of a count of the tenant. MariaDB and MySQL have row triggers only: each user inserted
-- or deleted adds or takes one. A truncate fires no trigger: delete the users instead.
create table svc_user_counts (
    tenant_key  integer not null primary key,
    user_count  bigint  not null
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;
insert into svc_user_counts (tenant_key, user_count)
    select coalesce(tenant_id, 0), count(*) from svc_users group by coalesce(tenant_id, 0);

create trigger svc_users_counted_insert after insert on svc_users for each row
    insert into svc_user_counts (tenant_key, user_count) values (coalesce(new.tenant_id, 0), 1)
        on duplicate key update user_count = user_count + 1;

create trigger svc_users_counted_delete after delete on svc_users for each row
    update svc_user_counts set user_count = user_count - 1 where tenant_key = coalesce(old.tenant_id, 0);

-- a user moved to another tenant
DELIMITER //
create trigger svc_users_counted_move after update on svc_users for each row
begin
    if not (old.tenant_id <=> new.tenant_id) then
        update svc_user_counts set user_count = user_count - 1 where tenant_key = coalesce(old.tenant_id, 0);
        insert into svc_user_counts (tenant_key, user_count) values (coalesce(new.tenant_id, 0), 1)
            on duplicate key update user_count = user_count + 1;
    end if;
end //
DELIMITER ;
