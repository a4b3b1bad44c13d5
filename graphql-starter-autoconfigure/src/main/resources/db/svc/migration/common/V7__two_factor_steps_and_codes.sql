-- A sign-in's second step has an absolute end, set when the password opens it, which sending codes
-- does not move; each code sent works once until then, a new one leaves the others working, and
-- the codes sent in the last hour are kept to limit how often codes go out.
drop table svc_two_factor_codes;

create table svc_two_factor_steps (
    user_id      bigint not null primary key,
    expiry_time  ${time} not null
) ${table_options};

create table svc_two_factor_codes (
    id           bigint       ${identity} primary key,
    user_id      bigint       not null,
    provider     varchar(32)  not null,
    code_digest  varchar(64)  not null,
    sent_time    ${time} not null,
    expiry_time  ${time} not null,
    used_time    ${time}
) ${table_options};
create index ix_svc_two_factor_codes_user on svc_two_factor_codes (user_id, sent_time);
