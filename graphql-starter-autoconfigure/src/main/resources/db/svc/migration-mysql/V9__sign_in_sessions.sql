-- The token sign-in's sessions become the sessions of every sign-in, cookie sessions included:
-- one revocation rule for both.
rename table svc_token_sessions to svc_sign_in_sessions;
alter table svc_sign_in_sessions
    rename index ix_svc_token_sessions_user to ix_svc_sign_in_sessions_user,
    rename index ix_svc_token_sessions_expiry to ix_svc_sign_in_sessions_expiry;
