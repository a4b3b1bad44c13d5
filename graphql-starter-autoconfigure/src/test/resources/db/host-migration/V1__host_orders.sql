-- A host's own first migration: the module's V1 must not collide with it.
create table host_orders (
    id bigint primary key,
    item varchar(100) not null
);
insert into host_orders (id, item) values (1, 'tea');
