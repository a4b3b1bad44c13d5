-- The authenticator secret is kept encrypted (JdbcTwoFactorStore): room for the cipher text.
alter table svc_users modify authenticator_key varchar(256);
