-- User names and e-mail addresses compare in byte order ("C"), as names and surnames have since V6
-- and as H2 compares them, so that both databases sort users alike whatever the database's
-- collation. Equality is the same in every deterministic collation; the indexes on the two columns
-- are rebuilt, the table is not.
alter table svc_users
    alter column normalized_user_name type varchar(256) collate "C",
    alter column normalized_email_address type varchar(256) collate "C";
