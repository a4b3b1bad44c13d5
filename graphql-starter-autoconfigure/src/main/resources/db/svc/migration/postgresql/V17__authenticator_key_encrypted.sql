-- The authenticator secret is kept encrypted (JdbcTwoFactorStore): room for the cipher text.
alter table svc_users alter column authenticator_key type varchar(256);
