package dev.svc.graphql.signin.store;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;


import org.jspecify.annotations.Nullable;

/**
 * Failed sign-ins in this instance's memory, for a host whose credential store keeps no counts
 * the module reads: each instance counts on its own and forgets on restart. At most {@value #MAX_SUBJECTS}
 * subjects are kept; past that, those not locked out are forgotten first.
 */
final class InMemorySignInAttempts implements SignInAttempts {

	static final int MAX_SUBJECTS = 100_000;

	private record Count(int failures, @Nullable Instant lockoutEnd) {
	}

	private final Map<String, Count> counts = new ConcurrentHashMap<>();

	@Override
	public @Nullable Instant lockedUntil(Subject subject) {
		Count count = this.counts.get(key(subject));
		return (count != null) ? count.lockoutEnd() : null;
	}

	@Override
	public void failed(Subject subject, Instant now, int maxFailedAttempts, Instant lockoutEnd) {
		if (this.counts.size() >= MAX_SUBJECTS) {
			this.counts.values().removeIf((count) -> count.lockoutEnd() == null || count.lockoutEnd().isBefore(now));
		}
		this.counts.compute(key(subject), (key, count) -> {
			int failures = ((count != null) ? count.failures() : 0) + 1;
			Instant end = (count != null) ? count.lockoutEnd() : null;
			return (failures >= maxFailedAttempts) ? new Count(0, lockoutEnd) : new Count(failures, end);
		});
	}

	@Override
	public void succeeded(Subject subject) {
		this.counts.remove(key(subject));
	}

	private static String key(Subject subject) {
		return subject.isAccount() ? "user:" + subject.userId()
				: "name:" + subject.tenantId() + ":" + subject.login().toUpperCase(Locale.ROOT);
	}

}
