package dev.svc.graphql.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.context.UserContext;
import graphql.GraphQLContext;
import graphql.execution.AbortExecutionException;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Which budgets an operation spends from: a budget that refuses gets the others to give
 * back what they took; a permission's larger budget; a tenant's own budget.
 */
class CostRateLimitsSpendTests {

	private final SharedBuckets buckets = SharedBuckets.inMemory(Clock.systemUTC());

	@Test
	void shouldGiveBackTheUsersShareWhenTheTenantsBudgetRefuses() {
		CostRateLimits limits = limits(Map.of(), Map.of(3, 20L));
		UserContext user = UserContext.signedIn(new SignedInUser(7, 3, "jdoe"), Set.of());
		assertThat(headers(spend(limits, user, 16)).getFirst("RateLimit"))
			.as("t: the seconds until full, 16 at 100 and at 20 an hour")
			.isEqualTo("\"user\";r=84;t=576, \"tenant\";r=4;t=2880");

		assertThatExceptionOfType(AbortExecutionException.class).isThrownBy(() -> spend(limits, user, 16))
			.satisfies((refused) -> assertThat(refused.getUnderlyingErrors().get(0).getMessage())
				.contains("the tenant budget holds 4 of 20 per PT1H (graphql.rate-limits.tenants.3)"));

		assertThat(headers(spend(limits, user, 4)).getFirst("RateLimit")).startsWith("\"user\";r=80;");
	}

	@Test
	void shouldGiveAUserTheLargestBudgetOfItsPermissions() {
		CostRateLimits limits = limits(Map.of("Pages.Small", 50L, "Pages.Large", 1000L, "Pages.None", 5000L), Map.of());
		UserContext user = UserContext.signedIn(new SignedInUser(8, null, "admin"),
				Set.of("Pages.Small", "Pages.Large"));

		assertThat(headers(spend(limits, user, 10)).getFirst("RateLimit-Policy"))
			.isEqualTo("\"user\";q=1000;w=3600, \"tenant\";q=10000;w=3600");
	}

	@Test
	void shouldChargeTheWorkOfReadingToTheCallersOwnBudgetOnceAndWhatRunsToTheTenants() {
		CostRateLimits limits = limits(Map.of(), Map.of());
		UserContext user = UserContext.signedIn(new SignedInUser(9, 3, "jdoe"), Set.of());
		RateLimitStatus status = new RateLimitStatus("192.0.2.1");
		GraphQLContext context = GraphQLContext.newContext()
			.of(UserContext.class, user, RateLimitStatus.class, status)
			.build();

		limits.spendReading(context, 60);
		limits.spend(context, 1, 60);

		assertThat(headers(status).getFirst("RateLimit")).as("the reading before validation, once; 1 that runs")
			.startsWith("\"user\";r=40;")
			.contains("\"tenant\";r=9999;");
		assertThat(headers(spend(limits, user, 40)).getFirst("RateLimit"))
			.as("a document kept parsed: the larger of what runs and the reading, here what runs")
			.startsWith("\"user\";r=0;")
			.contains("\"tenant\";r=9959;");
	}

	private CostRateLimits limits(Map<String, Long> permissions, Map<Integer, Long> tenants) {
		return new CostRateLimits(this.buckets, Duration.ofHours(1),
				new CostRateLimits.Quotas(100, 10_000, 10, permissions, tenants));
	}

	private static RateLimitStatus spend(CostRateLimits limits, UserContext user, long cost) {
		RateLimitStatus status = new RateLimitStatus("192.0.2.1");
		limits.spend(GraphQLContext.newContext().of(UserContext.class, user, RateLimitStatus.class, status).build(),
				cost, 1);
		return status;
	}

	private static HttpHeaders headers(RateLimitStatus status) {
		HttpHeaders headers = new HttpHeaders();
		status.writeTo(headers);
		return headers;
	}

}
