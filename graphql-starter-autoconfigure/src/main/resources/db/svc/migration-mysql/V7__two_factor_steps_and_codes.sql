-- A sign-in's second step has an absolute end, set when the password opens it, which sending codes
-- does not move; each code sent works once until then, a new one leaves the others working, and
-- the codes sent in the last hour are kept to limit how often codes go out.
drop table svc_two_factor_codes;

create table svc_two_factor_steps (
    user_id      bigint      not null primary key,
    expiry_time  datetime(6) not null
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;

create table svc_two_factor_codes (
    id           bigint       not null auto_increment primary key,
    user_id      bigint       not null,
    provider     varchar(32)  not null,
    code_digest  varchar(64)  not null,
    sent_time    datetime(6)  not null,
    expiry_time  datetime(6)  not null,
    used_time    datetime(6)
) engine = InnoDB default character set utf8mb4 collate utf8mb4_bin;
create index ix_svc_two_factor_codes_user on svc_two_factor_codes (user_id, sent_time);
