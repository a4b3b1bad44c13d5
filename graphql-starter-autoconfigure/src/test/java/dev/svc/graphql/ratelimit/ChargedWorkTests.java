package dev.svc.graphql.ratelimit;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The budgets charge the work a query makes, read as a client reads them (the
 * {@code RateLimit} header field), at the default budgets: a field refused for permission
 * costs its tenant no more than itself, and a document costs at least the work of reading
 * it, so that one address cannot keep the parser and validator busy for free. The clock
 * stands still: no budget fills up again while a test runs.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=charged-work-test-key-0123456789abcdef",
				"graphql.schema.visibility=all", "graphql.rate-limits.enabled=true", "graphql.shared-store=memory" })
@AutoConfigureMockMvc
@Import(MutableClock.Bean.class)
class ChargedWorkTests {

	// 100 x (items, id, userName, emailAddress) + users
	private static final String PAGE = "{ users(maxResultCount: 100) { items { id userName emailAddress } } }";

	private static final long PAGE_COST = 401;

	private static final Pattern REMAINING = Pattern.compile("\"(\\w+)\";r=(\\d+);t=(\\d+)");

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldChargeTheTenantAtMostOneForEachQueryRefusedForPermission() {
		String colleague = bearerToken(this.mvc, "Default", "admin", "123qwe");
		String withoutPermissions = bearerToken(this.mvc, "Default", "jdoe", "123qwe");
		long before = remaining(graphQl(PAGE, "192.0.2.30", colleague), "tenant");

		for (int i = 0; i < 100; i++) {
			MvcTestResult refused = graphQl(PAGE, "192.0.2.31", withoutPermissions);
			assertThat(refused).hasStatus(200);
			assertThat(body(refused)).contains("\"code\":\"SVC_AUTHORIZATION\"");
		}

		long after = remaining(graphQl(PAGE, "192.0.2.30", colleague), "tenant");
		assertThat(before - after).as("the colleague's second page, and at most 1 for each refused query")
			.isBetween(PAGE_COST, PAGE_COST + 100);
	}

	// 2,000 requests of 11 KB: about 10 s on a quiet machine, three times that on a busy
	// one
	@Test
	@Timeout(180)
	void shouldRefuseMostOfTwoThousandDistinctHeavyDocumentsFromOneAnonymousAddress() {
		MvcTestResult first = graphQl(heavy(0), "198.51.100.7", null);
		assertThat(first).hasStatus(200);
		assertThat(remaining(first, "address")).as("10000 less the work of reading 981 fields, at least")
			.isLessThanOrEqualTo(10_000 - 981);

		int refused = 0;
		for (int i = 1; i < 2000; i++) {
			MvcTestResult answer = graphQl(heavy(i), "198.51.100.7", null);
			if (answer.getResponse().getStatus() == 429) {
				assertThat(body(answer)).contains("\"code\":\"RATE_LIMITED\"");
				refused++;
			}
		}

		assertThat(refused).as("refused by the anonymous budget, of 1999").isGreaterThan(1980);
	}

	@Test
	void shouldRefuseAHeavyDocumentOverTheBudgetBeforeValidatingIt() {
		MvcTestResult answer;
		int sent = 0;
		do {
			answer = graphQl(heavy(sent), "198.51.100.8", null);
			sent++;
		}
		while (answer.getResponse().getStatus() == 200 && sent < 100);
		assertThat(answer).hasStatus(429);

		MvcTestResult invalid = graphQl(heavy(sent).replace("__typename }", "noSuchField }"), "198.51.100.8", null);

		assertThat(invalid).as("refused before the validator would find the unknown field").hasStatus(429);
		assertThat(body(invalid)).contains("\"code\":\"RATE_LIMITED\"").doesNotContain("noSuchField");
	}

	// 981 fields, distinct by an alias; under every document limit
	private static String heavy(int i) {
		return "{ a" + i + ": __typename " + "__typename ".repeat(979) + "__typename }";
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
