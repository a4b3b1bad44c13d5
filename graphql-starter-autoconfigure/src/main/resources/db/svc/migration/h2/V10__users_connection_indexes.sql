-- The sort-key indexes of PostgreSQL's users page and connection (V6 and V10 there), so that a
-- connection's page after a cursor is a range of an index on H2 too.
create index ix_svc_users_surname on svc_users (tenant_id, normalized_surname, id);
create index ix_svc_users_creation_time on svc_users (tenant_id, creation_time, id);
create index ix_svc_users_is_active on svc_users (tenant_id, is_active, id);
create index ix_svc_users_is_active_desc on svc_users (tenant_id, is_active desc, id);
create index ix_svc_users_tenant_id on svc_users (tenant_id, id);
create index ix_svc_users_name_id on svc_users (tenant_id, normalized_name, id);
create index ix_svc_users_name_desc_id on svc_users (tenant_id, normalized_name desc, id);
