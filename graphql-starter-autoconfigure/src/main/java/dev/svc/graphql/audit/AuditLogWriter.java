package dev.svc.graphql.audit;

/**
 * Writes audit records. Implementations must not slow the caller down noticeably and must
 * not lose records, including on shutdown.
 */
@FunctionalInterface
public interface AuditLogWriter {

	/**
	 * Writes a record, possibly later.
	 * @param record the record
	 */
	void write(AuditRecord record);

}
