-- Who saved each shared text ('tenant id/user id', the tenant empty for the host), so that one
-- account holds no more than its share of graphql.persisted-documents.shared-store-budget and
-- makes room from its own texts only. Texts saved before count as one account's, ''.
alter table svc_persisted_queries add saved_by varchar(40) default '' not null;
create index ix_svc_persisted_queries_saved_by on svc_persisted_queries (saved_by, created_at);
