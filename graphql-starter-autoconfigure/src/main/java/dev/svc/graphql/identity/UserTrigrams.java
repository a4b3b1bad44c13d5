package dev.svc.graphql.identity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The substring filter's index on MariaDB and MySQL, which have no trigram indexes: the
 * table of the users' trigrams that the migration {@code V12__users_filter_trigrams.sql}
 * keeps. A user whose columns hold a text holds each of its trigrams, so a text of three
 * characters or more narrows the users to read to those who have its rarest trigrams;
 * each is then checked with {@code like} as on every database. How many users of a tenant
 * have a trigram is counted up to {@link #COMMON} and kept for a minute. When even the
 * rarest trigram of a text is that common, the narrowing would read more than it saves (a
 * common text, whose first page is found soon in the page's own order, or which is
 * counted in the time a tenant's users take to read), and the filter goes without it.
 */
final class UserTrigrams {

	/**
	 * How many users of a tenant make a trigram common: at about 3 µs a user read through
	 * the table, the most a narrowed filter then costs is about 60 ms.
	 */
	static final int COMMON = 20_000;

	/** The trigrams of a long text that are counted, spread over it. */
	private static final int MOST_COUNTED = 8;

	/**
	 * The rarest trigrams that narrow the users: the rarest leads, the others are looked
	 * up for its users.
	 */
	private static final int MOST_USED = 3;

	private final JdbcClient jdbc;

	private final int common;

	private final Cache<Key, Integer> counts;

	/**
	 * Texts beyond ASCII as the database upper-cases them, which does not change: at most
	 * 2 MB, each weighing 200 bytes and two per character of the text and of its upper
	 * case.
	 */
	private final Cache<String, String> upperCases;

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
		this.upperCases = Caffeine.newBuilder()
			.maximumWeight(2L * 1024 * 1024)
			.<String, String>weigher((text, upperCase) -> 200 + 2 * (text.length() + upperCase.length()))
			.executor(Runnable::run)
			.build();
	}

	/**
	 * The condition on {@code u.id} that keeps the users who may hold the text, or
	 * {@code null} when the text is shorter than three characters or all of its trigrams
	 * are common. The filter compares the text upper-cased twice: as the database
	 * upper-cases the names and surnames it generates, and as hosts upper-case the user
	 * names and e-mail addresses they write ({@link Locale#ROOT}); where the two differ
	 * (an {@code ß}, a Georgian letter), a user who holds either one's trigrams is kept.
	 * @param tenantKey the tenant's id, 0 for the host
	 * @param text the text, trimmed, as the client wrote it
	 */
	@Nullable Condition narrowing(int tenantKey, String text) {
		if (text.codePointCount(0, text.length()) < 3) {
			return null;
		}
		String userNames = text.toUpperCase(Locale.ROOT);
		Map<String, Object> params = new HashMap<>();
		String users = users(tenantKey, userNames, "", params);
		if (users == null) {
			return null;
		}
		String names = isAscii(text) ? userNames : this.upperCases.get(text, this::upperCaseOf);
		if (names.equals(userNames)) {
			return new Condition("u.id in (" + users + ")", params);
		}
		String namesUsers = users(tenantKey, names, "n", params);
		return (namesUsers != null) ? new Condition("u.id in (" + users + " union " + namesUsers + ")", params) : null;
	}

	/**
	 * How MariaDB and MySQL upper-case a parameter as they do the module's columns, in
	 * the columns' collation ({@code utf8mb4_bin}) rather than the connection's, whose
	 * case tables may be newer.
	 * @param parameter the parameter's name, with its colon
	 */
	static String upperCase(String parameter) {
		return "upper(convert(" + parameter + " using utf8mb4) collate utf8mb4_bin)";
	}

	private String upperCaseOf(String text) {
		return this.jdbc.sql("select " + upperCase(":text")).param("text", text).query(String.class).single();
	}

	private static boolean isAscii(String text) {
		return text.chars().allMatch((c) -> c < 0x80);
	}

	/**
	 * The query of the users who have the upper-case text's rarest trigrams, its
	 * parameters named with the prefix, or {@code null} when there are none or all are
	 * common.
	 */
	private @Nullable String users(int tenantKey, String text, String prefix, Map<String, Object> params) {
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
		String t = prefix + "t";
		String trigram = prefix + "trigram";
		StringBuilder sql = new StringBuilder("select " + t + "0.user_id from svc_user_trigrams " + t + "0");
		for (int i = 1; i < rarest.size(); i++) {
			sql.append(" join svc_user_trigrams ")
				.append(t)
				.append(i)
				.append(" on ")
				.append(t)
				.append(i)
				.append(".tenant_key = ")
				.append(t)
				.append("0.tenant_key and ")
				.append(t)
				.append(i)
				.append(".trigram = :")
				.append(trigram)
				.append(i)
				.append(" and ")
				.append(t)
				.append(i)
				.append(".user_id = ")
				.append(t)
				.append("0.user_id");
			params.put(trigram + i, rarest.get(i));
		}
		sql.append(" where ")
			.append(t)
			.append("0.tenant_key = :trigramTenant and ")
			.append(t)
			.append("0.trigram = :")
			.append(trigram)
			.append("0");
		params.put(trigram + "0", rarest.get(0));
		params.put("trigramTenant", tenantKey);
		return sql.toString();
	}

	/**
	 * The text's distinct trigrams, of characters as the database counts them (code
	 * points).
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
	 * At most {@link #MOST_COUNTED} of the trigrams, from the whole text: a long text has
	 * rare ones in any part, and counting each reads up to {@link #COMMON} index entries.
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
	 * How many users have each trigram, up to the number that makes it common, in one
	 * statement: each count reads at most that many entries of the table's primary key.
	 */
	private Map<Key, Integer> count(Set<? extends Key> keys) {
		List<Key> ordered = List.copyOf(keys);
		List<String> parts = new ArrayList<>(ordered.size());
		Map<String, Object> params = new HashMap<>();
		for (int i = 0; i < ordered.size(); i++) {
			parts.add("select " + i + " as i, count(*) as users from (select 1 from svc_user_trigrams t"
					+ " where t.tenant_key = :tenant" + i + " and t.trigram = :trigram" + i + " limit " + this.common
					+ ") c" + i);
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
	 *
	 * @param sql the condition
	 * @param params its parameters
	 */
	record Condition(String sql, Map<String, Object> params) {
	}

	private record Key(int tenantKey, String trigram) {
	}

}
