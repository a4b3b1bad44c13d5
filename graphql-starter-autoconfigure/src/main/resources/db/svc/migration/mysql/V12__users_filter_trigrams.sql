-- The substring filter's index on MariaDB and MySQL, which have no trigram indexes of their own (as
-- PostgreSQL's pg_trgm): every three-character piece of a user's upper-case name, surname, user
-- name and e-mail address, once per user, kept by the triggers below in the transaction that
-- changes the user. A text of three characters or more is in a user's columns only if all of its
-- trigrams are among the user's: the filter reads the users of its rarest trigrams from this
-- table and checks each with "like" (JdbcIdentityStore, UserTrigrams). A trigram is kept as its
-- three characters, so a text of three characters needs no other; a row costs about 40 bytes, a
-- user about 35 rows.
create table svc_user_trigrams (
    tenant_key  integer     not null,
    trigram     varchar(3)  not null,
    user_id     bigint      not null,
    primary key (tenant_key, trigram, user_id)
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;

-- where a trigram can start in the longest searched column (256 characters); a migration that widens
-- one adds the positions (UserTrigramsTests checks that they cover every column)
create table svc_trigram_positions (
    position  smallint not null primary key
) engine = InnoDB;
insert into svc_trigram_positions (position)
    select h.d * 100 + t.d * 10 + u.d + 1
    from (select 0 as d union all select 1 union all select 2) h,
         (select 0 as d union all select 1 union all select 2 union all select 3 union all select 4
          union all select 5 union all select 6 union all select 7 union all select 8 union all select 9) t,
         (select 0 as d union all select 1 union all select 2 union all select 3 union all select 4
          union all select 5 union all select 6 union all select 7 union all select 8 union all select 9) u
    where h.d * 100 + t.d * 10 + u.d + 1 <= 254;

-- A user's trigrams added or taken away (the text in the columns' character set and order, whatever
-- the database's default; up to 1,024 characters, four times the widest column, while "text" would
-- make every derived table below one on disk and a user's insert three times slower). Taking them away
-- reads the user's rows by primary key, the user's trigrams first (straight_join): the optimizer
-- would otherwise read a small tenant's rows by tenant alone and lock them all until the change
-- commits. A row left over by a user removed without its trigger (a truncate) stays; it only makes
-- the filter read a user whom "like" then refuses, and adding the same row again is no error.
DELIMITER //
create procedure svc_add_user_trigrams(in p_tenant_key integer, in p_user_id bigint,
        in p_name varchar(1024) character set utf8mb4 collate utf8mb4_bin,
        in p_surname varchar(1024) character set utf8mb4 collate utf8mb4_bin,
        in p_user_name varchar(1024) character set utf8mb4 collate utf8mb4_bin,
        in p_email_address varchar(1024) character set utf8mb4 collate utf8mb4_bin)
begin
    insert into svc_user_trigrams (tenant_key, trigram, user_id)
        select distinct p_tenant_key, substring(t.text, p.position, 3), p_user_id
        from (select p_name as text union all select p_surname union all select p_user_name
              union all select p_email_address) t
        join svc_trigram_positions p on p.position <= char_length(t.text) - 2
    on duplicate key update user_id = p_user_id;
end //

create procedure svc_remove_user_trigrams(in p_tenant_key integer, in p_user_id bigint,
        in p_name varchar(1024) character set utf8mb4 collate utf8mb4_bin,
        in p_surname varchar(1024) character set utf8mb4 collate utf8mb4_bin,
        in p_user_name varchar(1024) character set utf8mb4 collate utf8mb4_bin,
        in p_email_address varchar(1024) character set utf8mb4 collate utf8mb4_bin)
begin
    delete g from (select distinct substring(t.text, p.position, 3) as trigram
                   from (select p_name as text union all select p_surname union all select p_user_name
                         union all select p_email_address) t
                   join svc_trigram_positions p on p.position <= char_length(t.text) - 2) gone
        straight_join svc_user_trigrams g
          on g.tenant_key = p_tenant_key and g.trigram = gone.trigram and g.user_id = p_user_id;
end //
DELIMITER ;

DELIMITER //
create trigger svc_users_trigrams_insert after insert on svc_users for each row
begin
    call svc_add_user_trigrams(coalesce(new.tenant_id, 0), new.id, new.normalized_name, new.normalized_surname,
        new.normalized_user_name, new.normalized_email_address);
end //

create trigger svc_users_trigrams_delete after delete on svc_users for each row
begin
    call svc_remove_user_trigrams(coalesce(old.tenant_id, 0), old.id, old.normalized_name, old.normalized_surname,
        old.normalized_user_name, old.normalized_email_address);
end //

-- only when a searched column, the tenant or the id changed: a sign-in's counters leave them alone
-- (compared as bytes: a trailing space is a change too; and null-safe)
create trigger svc_users_trigrams_update after update on svc_users for each row
begin
    if not (old.tenant_id <=> new.tenant_id) or old.id <> new.id
            or not (cast(old.normalized_name as binary) <=> cast(new.normalized_name as binary))
            or not (cast(old.normalized_surname as binary) <=> cast(new.normalized_surname as binary))
            or not (cast(old.normalized_user_name as binary) <=> cast(new.normalized_user_name as binary))
            or not (cast(old.normalized_email_address as binary) <=> cast(new.normalized_email_address as binary)) then
        call svc_remove_user_trigrams(coalesce(old.tenant_id, 0), old.id, old.normalized_name, old.normalized_surname,
            old.normalized_user_name, old.normalized_email_address);
        call svc_add_user_trigrams(coalesce(new.tenant_id, 0), new.id, new.normalized_name, new.normalized_surname,
            new.normalized_user_name, new.normalized_email_address);
    end if;
end //
DELIMITER ;

-- the users already there, in the primary key's order: about 3 minutes for a million users (36 million
-- rows) on a buffer pool of 4 GB (docs/operations.md)
insert into svc_user_trigrams (tenant_key, trigram, user_id)
    select t.tenant_key, substring(t.text, p.position, 3), t.id
    from (select coalesce(tenant_id, 0) as tenant_key, id, normalized_name as text from svc_users
          union all select coalesce(tenant_id, 0), id, normalized_surname from svc_users
          union all select coalesce(tenant_id, 0), id, normalized_user_name from svc_users
          union all select coalesce(tenant_id, 0), id, normalized_email_address from svc_users) t
    join svc_trigram_positions p on p.position <= char_length(t.text) - 2
    order by 1, 2, 3
on duplicate key update user_id = svc_user_trigrams.user_id;
