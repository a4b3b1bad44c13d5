-- The retention purge looks for the audit records older than a time, of every tenant: an index
-- that leads with the time finds them without reading the table (the one by tenant and time cannot).
create index ix_svc_audit_logs_time on svc_audit_logs (execution_time);
