package dev.svc.graphql.ratelimit;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rate limits of query cost through the endpoint: each answer carries the draft's
 * {@code RateLimit-Policy} and {@code RateLimit} header fields; a caller past its budget
 * gets 429 with {@code Retry-After} and {@code RATE_LIMITED}, and nothing runs.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=rate-limit-test-key-0123456789abcdef",
				"graphql.schema.visibility=all", "graphql.rate-limits.enabled=true", "graphql.rate-limits.window=1h",
				"graphql.rate-limits.anonymous=48", "graphql.rate-limits.user=48", "graphql.rate-limits.tenant=1000",
				"graphql.shared-store=memory", "graphql.limits.max-cost=48" })
@AutoConfigureMockMvc
class CostRateLimitsTests {

	private static final String PAGE = "{ users(maxResultCount: 5) { items { id userName } } }";

	private static final Pattern REMAINING = Pattern.compile("\"(\\w+)\";r=(\\d+);t=(\\d+)");

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldSpendAnAnonymousAddresssBudgetAndRefuseWithRetryAfterOnceItIsSpent() {
		MvcTestResult first = graphQl(PAGE, "192.0.2.10", null);
		assertThat(first.getResponse().getHeader("RateLimit-Policy")).isEqualTo("\"address\";q=48;w=3600");
		assertThat(body(first)).as("users needs a permission").contains("\"code\":\"SVC_AUTHORIZATION\"");
		assertThat(remaining(first, "address"))
			.as("48 less the work of reading the page's 11 syntax nodes: refused, it runs nothing")
			.isEqualTo(37);
		assertThat(remaining(graphQl(PAGE, "192.0.2.10", null), "address")).isEqualTo(26);
		assertThat(remaining(graphQl(PAGE, "192.0.2.99", null), "address")).as("another address").isEqualTo(37);
		assertThat(remaining(graphQl(PAGE, "192.0.2.10", null), "address")).isEqualTo(15);
		assertThat(remaining(graphQl(PAGE, "192.0.2.10", null), "address")).isEqualTo(4);

		MvcTestResult refused = graphQl(PAGE, "192.0.2.10", null);

		assertThat(refused).hasStatus(429);
		assertThat(Long.parseLong(refused.getResponse().getHeader("Retry-After"))).as("7 more at 48 an hour")
			.isBetween(515L, 525L);
		assertThat(body(refused)).contains("\"code\":\"RATE_LIMITED\"")
			.contains("The query costs 11, and the address budget holds 4 of 48 per PT1H")
			.doesNotContain("\"users\"");
	}

	@Test
	void shouldSpendTheUsersAndTheTenantsBudgets() {
		String admin = bearerToken(this.mvc, "", "admin", "123qwe");
		MvcTestResult first = graphQl(PAGE, "192.0.2.20", admin);
		assertThat(first.getResponse().getHeader("RateLimit-Policy"))
			.isEqualTo("\"user\";q=48;w=3600, \"tenant\";q=1000;w=3600");
		long tenantLeft = remaining(first, "tenant");
		for (int i = 0; i < 2; i++) {
			graphQl(PAGE, "192.0.2.20", admin);
		}

		MvcTestResult refused = graphQl(PAGE, "192.0.2.21", admin);

		assertThat(refused).hasStatus(429);
		assertThat(body(refused)).contains("the user budget holds 0 of 48");
		MvcTestResult other = graphQl("{ users(maxResultCount: 1) { items { id } } }", "192.0.2.22",
				bearerToken(this.mvc, "Default", "admin", "123qwe"));
		assertThat(other).hasStatus(200);
		assertThat(remaining(other, "tenant")).as("another tenant's budget").isEqualTo(997);
		assertThat(tenantLeft).isEqualTo(984);
	}

	private MvcTestResult graphQl(String document, String address, String authorization) {
		var request = MockMvcRequests.graphQl(this.mvc, "/graphql", document).with((mock) -> {
			mock.setRemoteAddr(address);
			return mock;
		});
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return request.exchange();
	}

	private static long remaining(MvcTestResult response, String budget) {
		Matcher matcher = REMAINING.matcher(response.getResponse().getHeader("RateLimit"));
		while (matcher.find()) {
			if (matcher.group(1).equals(budget)) {
				return Long.parseLong(matcher.group(2));
			}
		}
		throw new AssertionError("No " + budget + " budget in " + response.getResponse().getHeader("RateLimit"));
	}

}
