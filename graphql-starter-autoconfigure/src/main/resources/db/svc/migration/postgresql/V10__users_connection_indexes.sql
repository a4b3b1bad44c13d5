-- The users connection reads a page after a cursor as ranges of a sort key's index in the order
-- of the page. The name alone has few distinct values (a tenant's given names), each shared by
-- thousands of users, whose order within is by id: without these two indexes the database sorts
-- every user of a name to find one page (as for a deep skipCount). The other sort keys either
-- have an index of that order already or tie rarely.
create index ix_svc_users_name_id on svc_users (tenant_id, normalized_name, id);
create index ix_svc_users_name_desc_id on svc_users (tenant_id, normalized_name desc, id);
