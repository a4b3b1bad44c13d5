package dev.svc.graphql.identity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The substring filter's index on MariaDB and MySQL, which have no trigram indexes: the table of
 * the users' trigrams that the migration {@code V12__users_filter_trigrams.sql} keeps. A user whose
 * columns hold a text holds each of its trigrams, so a text of three characters or more narrows
 * the users to read to those who have its rarest trigrams; each is then checked with {@code like}
 * as on every database. How many users of a tenant have a trigram is counted up to
 * {@link #COMMON} and kept for a minute. When even the rarest trigram of a text is that common,
 * the narrowing would read more than it saves (a common text, whose first page is found soon in
 * the page's own order, or which is counted in the time a tenant's users take to read), and the
 * filter goes without it.
 */
final class UserTrigrams {

	/**
	 * How many users of a tenant make a trigram common: at about 3 µs a user read through the
	 * table, the most a narrowed filter then costs is about 60 ms.
	 */
	static final int COMMON = 20_000;

	/** The trigrams of a long text that are counted, spread over it. */
	private static final int MOST_COUNTED = 8;

	/** The rarest trigrams that narrow the users: the rarest leads, the others are looked up for its users. */
	private static final int MOST_USED = 3;

	private final JdbcClient jdbc;

	private final int common;

	private final Cache<Key, Integer> counts;

	UserTrigrams(JdbcClient jdbc) {
		this(jdbc, COMMON);
	}

	UserTrigrams(JdbcClient jdbc, int common) {
		this.jdbc = jdbc;
		this.common = common;
		this.counts = Caffeine.newBuilder()
			.maximumSize(10_000)
			.expireAfterWrite(Duration.ofMinutes(1))
			.executor(Runnable::run)
			.build();
	}

	/**
	 * The condition on {@code u.id} that keeps the users who have the text's rarest trigrams, or
	 * {@code null} when the text is shorter than three characters or all of its trigrams are common.
	 * @param tenantKey the tenant's id, 0 for the host
	 * @param text the upper-case text, as the filter compares it
	 */
	@Nullable Condition narrowing(int tenantKey, String text) {
		List<String> trigrams = spread(trigrams(text));
		if (trigrams.isEmpty()) {
			return null;
		}
		Map<String, Integer> users = new HashMap<>();
		this.counts.getAll(trigrams.stream().map((trigram) -> new Key(tenantKey, trigram)).toList(), this::count)
			.forEach((key, count) -> users.put(key.trigram(), count));
		List<String> rarest = trigrams.stream()
			.filter((trigram) -> users.getOrDefault(trigram, 0) < this.common)
			.sorted(Comparator.comparing((trigram) -> users.getOrDefault(trigram, 0)))
			.limit(MOST_USED)
			.toList();
		if (rarest.isEmpty()) {
			return null;
		}
		StringBuilder sql = new StringBuilder("u.id in (select t0.user_id from svc_user_trigrams t0");
		Map<String, Object> params = new HashMap<>();
		for (int i = 1; i < rarest.size(); i++) {
			sql.append(" join svc_user_trigrams t").append(i)
				.append(" on t").append(i).append(".tenant_key = t0.tenant_key and t").append(i)
				.append(".trigram = :trigram").append(i).append(" and t").append(i).append(".user_id = t0.user_id");
			params.put("trigram" + i, rarest.get(i));
		}
		sql.append(" where t0.tenant_key = :trigramTenant and t0.trigram = :trigram0)");
		params.put("trigram0", rarest.get(0));
		params.put("trigramTenant", tenantKey);
		return new Condition(sql.toString(), params);
	}

	/**
	 * The text's distinct trigrams, of characters as the database counts them (code points).
	 */
	static List<String> trigrams(String text) {
		int[] codePoints = text.codePoints().toArray();
		Set<String> trigrams = new LinkedHashSet<>();
		for (int i = 0; i + 3 <= codePoints.length; i++) {
			trigrams.add(new String(codePoints, i, 3));
		}
		return List.copyOf(trigrams);
	}

	/**
	 * At most {@link #MOST_COUNTED} of the trigrams, from the whole text: a long text has rare
	 * ones in any part, and counting each reads up to {@link #COMMON} index entries.
	 */
	private static List<String> spread(List<String> trigrams) {
		if (trigrams.size() <= MOST_COUNTED) {
			return trigrams;
		}
		List<String> spread = new ArrayList<>(MOST_COUNTED);
		for (int i = 0; i < MOST_COUNTED; i++) {
			spread.add(trigrams.get(i * (trigrams.size() - 1) / (MOST_COUNTED - 1)));
		}
		return spread;
	}

	/**
	 * How many users have each trigram, up to the number that makes it common, in one statement: each count reads
	 * at most that many entries of the table's primary key.
	 */
	private Map<Key, Integer> count(Set<? extends Key> keys) {
		List<Key> ordered = List.copyOf(keys);
		List<String> parts = new ArrayList<>(ordered.size());
		Map<String, Object> params = new HashMap<>();
		for (int i = 0; i < ordered.size(); i++) {
			parts.add("select " + i + " as i, count(*) as users from (select 1 from svc_user_trigrams t"
					+ " where t.tenant_key = :tenant" + i + " and t.trigram = :trigram" + i + " limit " + this.common + ") c" + i);
			params.put("tenant" + i, ordered.get(i).tenantKey());
			params.put("trigram" + i, ordered.get(i).trigram());
		}
		Map<Key, Integer> counts = new HashMap<>();
		this.jdbc.sql(String.join(" union all ", parts))
			.params(params)
			.query((RowCallbackHandler) (rs) -> counts.put(ordered.get(rs.getInt("i")), rs.getInt("users")));
		return counts;
	}

	/**
	 * A condition of a statement and its named parameters.
	 * @param sql the condition
	 * @param params its parameters
	 */
	record Condition(String sql, Map<String, Object> params) {
	}

	private record Key(int tenantKey, String trigram) {
	}

}
