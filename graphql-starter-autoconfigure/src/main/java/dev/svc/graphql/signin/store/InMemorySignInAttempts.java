package dev.svc.graphql.signin.store;

import java.time.Instant;
import java.util.Locale;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;

/**
 * Failed sign-ins in this instance's memory, for a host whose credential store keeps no
 * counts the module reads: each instance counts on its own and forgets on restart.
 * Bounded by heap ({@value #BUDGET} bytes; an entry weighs {@value #ENTRY_BYTES} bytes
 * and two per character of the name, as measured), past which Caffeine lets go of those
 * used least.
 */
final class InMemorySignInAttempts implements SignInAttempts {

	static final long BUDGET = 8L * 1024 * 1024;

	static final int ENTRY_BYTES = 200;

	private final Cache<String, Count> counts = Caffeine.newBuilder()
		.maximumWeight(BUDGET)
		.<String, Count>weigher((key, count) -> ENTRY_BYTES + 2 * key.length())
		.executor(Runnable::run)
		.build();

	@Override
	public @Nullable Instant lockedUntil(Subject subject) {
		Count count = this.counts.getIfPresent(key(subject));
		return (count != null) ? count.lockoutEnd() : null;
	}

	@Override
	public void failed(Subject subject, Instant now, int maxFailedAttempts, Instant lockoutEnd) {
		this.counts.asMap().compute(key(subject), (key, count) -> {
			int failures = ((count != null) ? count.failures() : 0) + 1;
			Instant end = (count != null) ? count.lockoutEnd() : null;
			return (failures >= maxFailedAttempts) ? new Count(0, lockoutEnd) : new Count(failures, end);
		});
	}

	@Override
	public void succeeded(Subject subject) {
		this.counts.invalidate(key(subject));
	}

	private static String key(Subject subject) {
		return subject.isAccount() ? "user:" + subject.userId()
				: "name:" + subject.tenantId() + ":" + subject.login().toUpperCase(Locale.ROOT);
	}

	private record Count(int failures, @Nullable Instant lockoutEnd) {
	}

}
