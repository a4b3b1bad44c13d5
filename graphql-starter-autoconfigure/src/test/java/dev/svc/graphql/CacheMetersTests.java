package dev.svc.graphql;

import java.util.List;

import dev.svc.graphql.test.TestHostApplication;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every cache of the module is a bounded Caffeine cache whose statistics reach
 * Micrometer, named {@code svc.*} in the {@code cache} tag of Micrometer's cache meters.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				// TokenSignInTests' key: the two share one context
				"graphql.sign-in.token.signing-key=test-only-signing-key-0123456789abcdef-not-a-secret" })
@AutoConfigureMockMvc
class CacheMetersTests {

	@Autowired
	private List<MeterBinder> binders;

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldBindTheStatisticsOfEveryCache() {
		String token = bearerToken(this.mvc, "", "admin", "123qwe");
		for (int i = 0; i < 2; i++) {
			graphQl(this.mvc, "/graphql", "{ roles { name } }").header("Authorization", token).exchange();
			graphQl(this.mvc, "/graphql", "{ __typename }").header("Svc-TenantId", "1").exchange();
		}
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		this.binders.forEach((binder) -> binder.bindTo(registry));
		List<String> caches = registry.find("cache.gets")
			.meters()
			.stream()
			.map((meter) -> meter.getId().getTag("cache"))
			.distinct()
			.toList();
		assertThat(caches).contains("svc.documents", "svc.anonymous-documents", "svc.query-costs", "svc.permissions",
				"svc.tenants", "svc.access-tokens", "svc.sessions", "svc.visible-schemas");
		assertThat(registry.get("cache.gets").tags("cache", "svc.documents", "result", "hit").functionCounter().count())
			.as("the signed-in caller's second query came from the cache")
			.isGreaterThanOrEqualTo(1);
		assertThat(registry.get("cache.gets")
			.tags("cache", "svc.anonymous-documents", "result", "hit")
			.functionCounter()
			.count()).as("the anonymous caller's second query came from its part of the cache")
			.isGreaterThanOrEqualTo(1);
	}

}
