package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import dev.svc.graphql.RetryAfter;
import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.ErrorCode;
import dev.svc.graphql.limits.CostBudget;
import graphql.GraphQLContext;
import graphql.execution.AbortExecutionException;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import org.jspecify.annotations.Nullable;

/**
 * The rate limits of query cost over time ({@code graphql.rate-limits}): each operation's
 * cost spends from the signed-in user's budget and then from its tenant's (the host's for
 * host users), or from the client address's for an anonymous caller. The caller's own
 * budget (the user's, the address's) pays for the larger of what runs and the work of
 * reading the document, and pays for the reading before the document is validated; the
 * tenant's for what runs alone, so that a field refused for permission, which runs
 * nothing, costs the tenant 1 however costly it would have been. Each budget is a token
 * bucket shared by every instance that fills up evenly over the window, so a caller may
 * spend a whole budget at once and then its refill rate (Shopify's leaky bucket rather
 * than GitHub's hourly reset). An operation that one budget refuses gets back what the
 * others took, and does not run.
 * <p>
 * Each instance takes a fiftieth of a budget from the shared bucket at a time and spends
 * it on its own requests ({@link SharedBuckets#tryTake(String, Supplier, long, long)
 * leasing ahead}), so the store sees about fifty takes per budget, window and instance
 * however many requests there are. The price, per instance a caller uses: a burst may
 * spend a fiftieth more than the budget, or be refused a fiftieth early.
 */
final class CostRateLimits implements CostBudget {

	static final String USER = "user";

	static final String TENANT = "tenant";

	static final String ADDRESS = "address";

	static final int LEASES_PER_BUDGET = 50;

	private final SharedBuckets buckets;

	private final Duration window;

	private final Quotas budgets;

	// one for each budget the properties name
	private final Map<Long, BucketConfiguration> configurations = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> spent = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> refused = new ConcurrentHashMap<>();

	CostRateLimits(SharedBuckets buckets, Duration window, Quotas budgets) {
		this.buckets = buckets;
		this.window = window;
		this.budgets = budgets;
	}

	/** From the caller's own budget alone: its user's, or its address's. */
	@Override
	public void spendReading(GraphQLContext context, long work) {
		RateLimitStatus status = context.get(RateLimitStatus.class);
		if (status == null) {
			return;
		}
		Budget own = budgetsOf(context.get(UserContext.class), status.address()).get(0);
		long charged = Math.max(1, work);
		take(List.of(new Take(own, charged)), status, "Reading the query costs ");
		status.paidForReading(charged);
	}

	@Override
	public void spend(GraphQLContext context, long cost, long work) {
		RateLimitStatus status = context.get(RateLimitStatus.class);
		if (status == null) {
			return;
		}
		// an operation costs 1 at least: nothing that runs is free
		long running = Math.max(1, cost);
		List<Budget> budgets = budgetsOf(context.get(UserContext.class), status.address());
		List<Take> takes = new ArrayList<>();
		for (Budget budget : budgets) {
			// the caller's own budget pays for reading the document too, less what it
			// paid before the validation; a tenant's, for what runs alone
			long amount = (budget == budgets.get(0)) ? Math.max(running, work) - status.paidForReading() : running;
			if (amount > 0) {
				takes.add(new Take(budget, amount));
			}
		}
		take(takes, status, "The query costs ");
	}

	private void take(List<Take> takes, RateLimitStatus status, String costs) {
		List<Take> taken = new ArrayList<>();
		for (Take take : takes) {
			Budget budget = take.budget();
			long amount = take.amount();
			ConsumptionProbe probe = this.buckets.tryTake(budget.key(), () -> configuration(budget.quota()), amount,
					Math.max(amount, budget.quota() / LEASES_PER_BUDGET));
			if (probe == null) {
				continue;
			}
			if (!probe.isConsumed()) {
				giveBack(taken);
				status.spent(budget.name(), budget.quota(), this.window.toSeconds(), probe.getRemainingTokens());
				long seconds = RetryAfter.seconds(Duration.ofNanos(probe.getNanosToWaitForRefill()));
				refuse(budget, status, seconds,
						costs + amount + ", and the " + budget.name() + " budget holds " + probe.getRemainingTokens()
								+ " of " + budget.quota() + " per " + this.window + " (" + budget.property()
								+ "); it fills up evenly over the window. Try again in " + seconds + " seconds.");
			}
			taken.add(take);
			status.spent(budget.name(), budget.quota(), this.window.toSeconds(), probe.getRemainingTokens());
		}
		taken.forEach((take) -> counter(this.spent, take.budget().name()).addAndGet(take.amount()));
	}

	/** The cost spent from a kind of budget ({@value #USER}, ...) since start. */
	long spent(String budget) {
		return counter(this.spent, budget).get();
	}

	/** The operations a kind of budget refused since start. */
	long refused(String budget) {
		return counter(this.refused, budget).get();
	}

	private List<Budget> budgetsOf(@Nullable UserContext user, @Nullable String address) {
		if (user == null || !user.isAuthenticated() || user.userId() == null) {
			String network = (address != null) ? ClientAddress.network(address) : "unknown";
			return List
				.of(budget(ADDRESS, "address:" + network, this.budgets.anonymous(), "graphql.rate-limits.anonymous"));
		}
		Budget byUser = budget(USER, "user:" + user.tenantId() + ":" + user.userId(), this.budgets.user(),
				"graphql.rate-limits.user");
		for (Map.Entry<String, Long> permission : this.budgets.permissions().entrySet()) {
			if (permission.getValue() > byUser.quota() && user.grantedPermissions().contains(permission.getKey())) {
				byUser = budget(USER, "user:" + user.tenantId() + ":" + user.userId(), permission.getValue(),
						"graphql.rate-limits.permissions." + permission.getKey());
			}
		}
		Long tenantQuota = (user.tenantId() != null) ? this.budgets.tenants().get(user.tenantId()) : null;
		Budget byTenant = (tenantQuota != null)
				? budget(TENANT, "tenant:" + user.tenantId(), tenantQuota,
						"graphql.rate-limits.tenants." + user.tenantId())
				: budget(TENANT, "tenant:" + ((user.tenantId() != null) ? user.tenantId() : "host"),
						this.budgets.tenant(), "graphql.rate-limits.tenant");
		return List.of(byUser, byTenant);
	}

	/**
	 * A budget's bucket is named by its quota and window too: a changed budget starts a
	 * bucket of its own instead of meeting a stored one of other limits.
	 */
	private Budget budget(String name, String subject, long quota, String property) {
		return new Budget(name, "rate:" + subject + ":" + quota + "/" + this.window.toSeconds(), quota, property);
	}

	private BucketConfiguration configuration(long quota) {
		return this.configurations.computeIfAbsent(quota,
				(capacity) -> BucketConfiguration.builder()
					.addLimit((limit) -> limit.capacity(capacity).refillGreedy(capacity, this.window))
					.build());
	}

	private void giveBack(List<Take> taken) {
		taken.forEach((take) -> this.buckets.giveBack(take.budget().key(), () -> configuration(take.budget().quota()),
				take.amount()));
	}

	private void refuse(Budget budget, RateLimitStatus status, long retryAfterSeconds, String message) {
		counter(this.refused, budget.name()).incrementAndGet();
		status.refused(retryAfterSeconds);
		throw new AbortExecutionException(List.of(ErrorCode.refusal(ErrorCode.RATE_LIMITED, message)));
	}

	private static AtomicLong counter(Map<String, AtomicLong> counters, String name) {
		return counters.computeIfAbsent(name, (any) -> new AtomicLong());
	}

	private record Budget(String name, String key, long quota, String property) {
	}

	private record Take(Budget budget, long amount) {
	}

	/**
	 * The budgets per window.
	 *
	 * @param user a signed-in user's
	 * @param tenant the users of one tenant's together
	 * @param anonymous an anonymous client address's
	 * @param permissions larger user budgets, by permission name
	 * @param tenants tenant budgets by tenant id
	 */
	record Quotas(long user, long tenant, long anonymous, Map<String, Long> permissions, Map<Integer, Long> tenants) {

		Quotas {
			permissions = Map.copyOf(permissions);
			tenants = Map.copyOf(tenants);
		}

	}

}
