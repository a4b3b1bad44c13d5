-- A user who must change its password gets a one-time reset code at sign-in instead of a session;
-- only the code's SHA-256 digest is kept, with the time it stops working.
alter table svc_users add column password_reset_code varchar(64);
alter table svc_users add column password_reset_code_expiry ${time};
