-- The token sign-in's sessions become the sessions of every sign-in, cookie sessions included:
-- one revocation rule for both.
alter table svc_token_sessions rename to svc_sign_in_sessions;
alter index ix_svc_token_sessions_user rename to ix_svc_sign_in_sessions_user;
alter index ix_svc_token_sessions_expiry rename to ix_svc_sign_in_sessions_expiry;
