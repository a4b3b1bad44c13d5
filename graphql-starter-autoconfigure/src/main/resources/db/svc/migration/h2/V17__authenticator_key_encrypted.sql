-- The authenticator secret is kept encrypted (JdbcTwoFactorStore): room for the cipher text.
alter table svc_users alter column authenticator_key set data type varchar(256);
