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
 * The substring filter's index on MariaDB and MySQL, which lack trigram indexes: the
 * users' trigrams table of {@code V12__users_filter_trigrams.sql}. A user holding a text
 * holds its trigrams, so a text of three characters or more narrows the users to those
 * with its rarest trigrams, then checked with {@code like} as everywhere. A tenant's
 * trigram counts, up to {@link #COMMON}, are kept a minute; when even the rarest is that
 * common, narrowing reads more than it saves (such a text's first page comes soon in the
 * page's own order, and counting it takes what reading the tenant's users does), and the
 * filter goes without it.
 */
final class UserTrigrams {

	/** At about 3 µs per user read through the table, a narrowing costs 60 ms at most. */
	static final int COMMON = 20_000;

	private static final int MOST_COUNTED = 8;

	/** The trigrams used: the rarest leads, the others are looked up for its users. */
	private static final int MOST_USED = 3;

	private final JdbcClient jdbc;

	private final int common;

	private final Cache<Key, Integer> counts;

	/** Non-ASCII texts upper-cased by the database, which never changes; 2 MB at most. */
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
	 * The condition on {@code u.id} keeping the users who may hold the (trimmed) text, or
	 * {@code null} when it is under three characters or all its trigrams are common. The
	 * text is upper-cased twice: as the database does for the names it generates, and as
	 * hosts do for user names and e-mail addresses ({@link Locale#ROOT}); where they
	 * differ (an {@code ß}, a Georgian letter), either one's trigrams keep a user.
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
	 * Upper-cases a parameter ({@code :name}) in the columns' collation
	 * ({@code utf8mb4_bin}), not the connection's, whose case tables may be newer.
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
	 * The users having the upper-case text's rarest trigrams, parameters named with the
	 * prefix; {@code null} when there are none or all are common.
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
			sql.append(" join svc_user_trigrams " + t + i + " on " + t + i + ".tenant_key = " + t + "0.tenant_key and "
					+ t + i + ".trigram = :" + trigram + i + " and " + t + i + ".user_id = " + t + "0.user_id");
			params.put(trigram + i, rarest.get(i));
		}
		sql.append(" where " + t + "0.tenant_key = :trigramTenant and " + t + "0.trigram = :" + trigram + "0");
		params.put(trigram + "0", rarest.get(0));
		params.put("trigramTenant", tenantKey);
		return sql.toString();
	}

	/** The text's distinct trigrams, in code points as the database counts characters. */
	static List<String> trigrams(String text) {
		int[] codePoints = text.codePoints().toArray();
		Set<String> trigrams = new LinkedHashSet<>();
		for (int i = 0; i + 3 <= codePoints.length; i++) {
			trigrams.add(new String(codePoints, i, 3));
		}
		return List.copyOf(trigrams);
	}

	/**
	 * At most {@link #MOST_COUNTED} trigrams spread over the text: a long text has rare
	 * ones anywhere, and each count reads up to {@link #COMMON} index entries.
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
	 * Each trigram's users, counted up to {@code common} in one statement, each count
	 * reading at most that many primary-key entries.
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

	record Condition(String sql, Map<String, Object> params) {
	}

	private record Key(int tenantKey, String trigram) {
	}

}
