-- User names and e-mail addresses compare in byte order ("C"), as names and surnames have since V6
-- and as H2 compares them, so that both databases sort users alike whatever the database's
-- collation. Equality is the same in every deterministic collation; the indexes on the two columns
-- are rebuilt, the table is not.
alter table svc_users
    alter column normalized_user_name type varchar(256) collate "C",
    alter column normalized_email_address type varchar(256) collate "C";

-- A column whose type changes loses its statistics: without them the planner takes "after this
-- user name" for a third of the table and leaves the index (a users connection's deep page in that
-- sorting went from 4 to 200 ms on a million users until the table was analyzed again).
analyze svc_users;
