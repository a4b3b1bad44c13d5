-- The texts of automatic persisted queries that every instance shares when the host has no Redis:
-- a hash one instance learned is known to the others. bytes is the text's UTF-8 length, summed
-- against graphql.persisted-documents.shared-store-budget; the oldest (created_at, epoch
-- milliseconds) go first.
create table svc_persisted_queries (
    hash        varchar(64)   not null primary key,
    document    ${long_text}  not null,
    bytes       integer       not null,
    created_at  bigint        not null
) ${table_options};
create index ix_svc_persisted_queries_created on svc_persisted_queries (created_at);
