package dev.svc.graphql.persisted;

import java.util.List;

import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.limits.RequestLimitsAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.graphql.server.WebGraphQlInterceptor;

import static org.assertj.core.api.Assertions.assertThat;

class PersistedQueriesAutoConfigurationTests {

	private static final String GREETING_HASH = "7420949d383561875d216ad39c4da487de6ffb1b4dad2cbf2cdfedb5641a5a7b";

	private static final String APOLLO_HASH = "1e378ab2fe4c59d3800eac68d733a2c691907277b076199fb54a681f06a4152f";

	private static final String RELAY_MD5 = "ef6fd4b1c38bad405f48965e620c278c";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PersistedQueriesAutoConfiguration.class))
		.withPropertyValues("graphql.enabled=true");

	/** With the schema, so that the registered documents are checked against it. */
	private final ApplicationContextRunner withSchema = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class,
				RootContainerAutoConfiguration.class, RequestLimitsAutoConfiguration.class,
				GraphQlAutoConfiguration.class, PersistedQueriesAutoConfiguration.class))
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldBeOffUntilTheEndpointIsSwitchedOn() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PersistedQueriesAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(WebGraphQlInterceptor.class)
				.doesNotHaveBean(RegisteredDocuments.class));
	}

	@Test
	void shouldRegisterNothingAndRunArbitraryDocumentsByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(context.getBean(RegisteredDocuments.class).all()).isEmpty();
			assertThat(context).getBean(PersistedQueryInterceptor.class)
				.hasFieldOrPropertyWithValue("rule.mode", DocumentMode.ARBITRARY);
		});
	}

	@Test
	void shouldRefuseToStartWithASharedStoreItDoesNotHave() {
		this.contextRunner.withPropertyValues("graphql.shared-store=redis")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageStartingWith("graphql.shared-store is REDIS, which this application does not have"));
		this.contextRunner.withPropertyValues("graphql.shared-store=memory")
			.run((context) -> assertThat(context).hasNotFailed()
				.getBean(PersistedQueryInterceptor.class)
				.hasFieldOrPropertyWithValue("shared", null));
	}

	@Test
	void shouldRegisterTheDocumentsOfEveryKindOfManifest() {
		this.contextRunner
			.withPropertyValues("graphql.persisted-documents.manifests=classpath:persisted-documents/*.json")
			.run((context) -> {
				RegisteredDocuments registered = context.getBean(RegisteredDocuments.class);
				assertThat(registered.all()).extracting(RegisteredDocument::text)
					.containsExactlyInAnyOrder("query Greeting { greeting }",
							"query HelloQuery($n: String) { greeting(name: $n) }",
							"query Named { named: greeting(name: \"Apollo\") }");
				assertThat(registered.byId("sha256:" + GREETING_HASH)).extracting(RegisteredDocument::text)
					.as("GraphQL Code Generator's, by sha256: and its hash")
					.isEqualTo("query Greeting { greeting }");
				assertThat(registered.byId(GREETING_HASH)).as("and by the bare id of its manifest").isNotNull();
				assertThat(registered.byId(RELAY_MD5)).as("Relay's, by its MD5 id")
					.extracting(RegisteredDocument::text)
					.isEqualTo("query HelloQuery($n: String) { greeting(name: $n) }");
				assertThat(registered.byId("sha256:" + PersistedQuery.sha256(registered.byId(RELAY_MD5).text())))
					.as("and by the hash of its text")
					.isNotNull();
				RegisteredDocument apollo = registered.byId("sha256:" + APOLLO_HASH.toUpperCase());
				assertThat(apollo).as("Apollo's, with its name").isNotNull();
				assertThat(apollo.name()).isEqualTo("Named");
				assertThat(apollo.manifest()).contains("apollo-manifest.json");
				assertThat(registered.find(APOLLO_HASH)).as("as an automatic persisted query's hash")
					.isEqualTo(apollo.text());
				assertThat(registered.byId("sha256:" + PersistedQuery.sha256("{ greeting }"))).isNull();
			});
	}

	@Test
	void shouldSwitchTheModeAndNameThePermissionThatSendsAnyDocument() {
		this.contextRunner
			.withPropertyValues("graphql.persisted-documents.mode=registered-only",
					"graphql.persisted-documents.arbitrary-permission=Pages.Administration")
			.run((context) -> assertThat(context).getBean(PersistedQueryInterceptor.class)
				.hasFieldOrPropertyWithValue("rule.mode", DocumentMode.REGISTERED_ONLY)
				.hasFieldOrPropertyWithValue("rule.arbitraryPermission", "Pages.Administration"));
		this.contextRunner.withPropertyValues("graphql.persisted-documents.mode=persisted-for-anonymous")
			.run((context) -> assertThat(context).getBean(PersistedQueryInterceptor.class)
				.hasFieldOrPropertyWithValue("rule.mode", DocumentMode.PERSISTED_FOR_ANONYMOUS));
	}

	@Test
	void shouldBackOffWhenUserDefinesRegisteredDocuments() {
		this.contextRunner.withUserConfiguration(OwnRegistry.class)
			.withPropertyValues("graphql.persisted-documents.manifests=classpath:persisted-documents/*.json")
			.run((context) -> assertThat(context).getBean(RegisteredDocuments.class)
				.isSameAs(context.getBean("ownRegistry")));
	}

	@Test
	void shouldStopTheStartOnAManifestThatIsNotJson() {
		assertStartFails(this.contextRunner, "classpath:persisted-documents/broken/not-json.json",
				"The manifest class path resource [persisted-documents/broken/not-json.json] of registered documents "
						+ "cannot be used: it is not JSON: ");
	}

	@Test
	void shouldStopTheStartOnAnIdThatIsNotTheHashOfItsText() {
		assertStartFails(this.contextRunner, "classpath:persisted-documents/broken/wrong-hash.json",
				"The manifest class path resource [persisted-documents/broken/wrong-hash.json] of registered documents "
						+ "cannot be used: in id " + PersistedQuery.sha256("{ other }")
						+ ", the id looks like a SHA-256 hash but the text's hash is " + GREETING_HASH + ".");
	}

	@Test
	void shouldStopTheStartOnAnApolloManifestOfAnotherVersion() {
		assertStartFails(this.contextRunner, "classpath:persisted-documents/broken/apollo-version-2.json",
				"The manifest class path resource [persisted-documents/broken/apollo-version-2.json] of registered "
						+ "documents cannot be used: its version is 2; Apollo's persisted-query manifest has version 1.");
	}

	@Test
	void shouldStopTheStartOnAManifestThatIsNotThere() {
		assertStartFails(this.contextRunner, "classpath:persisted-documents/none.json",
				"The manifest classpath:persisted-documents/none.json of registered documents cannot be used: "
						+ "there is no such file.");
	}

	@Test
	void shouldCheckTheRegisteredDocumentsAgainstTheSchemaAtStartUp() {
		this.withSchema.withPropertyValues("graphql.persisted-documents.manifests=classpath:persisted-documents/*.json")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void shouldStopTheStartOnARegisteredDocumentThatNoLongerValidates() {
		String invalid = "query Nope { nope }";
		assertStartFails(this.withSchema, "classpath:persisted-documents/broken/no-longer-valid.json",
				"The manifest class path resource [persisted-documents/broken/no-longer-valid.json] of registered "
						+ "documents cannot be used: in id " + PersistedQuery.sha256(invalid)
						+ ", Validation error (FieldUndefined@[nope]) : Field 'nope' in type 'Query' is undefined");
	}

	@Test
	void shouldStopTheStartOnARegisteredDocumentOverALimit() {
		assertStartFails(this.withSchema.withPropertyValues("graphql.limits.max-cost=0"),
				"classpath:persisted-documents/persisted-documents.json",
				"The manifest class path resource [persisted-documents/persisted-documents.json] of registered "
						+ "documents cannot be used: in id " + GREETING_HASH
						+ ", The query's number of fields, fragments expanded, is 1, over the limit of 0 "
						+ "(graphql.limits.max-cost).");
		assertStartFails(this.withSchema.withPropertyValues("graphql.limits.max-request-size=10B"),
				"classpath:persisted-documents/persisted-documents.json",
				"The manifest class path resource [persisted-documents/persisted-documents.json] of registered "
						+ "documents cannot be used: in id " + GREETING_HASH + ", The query's length is 27 characters, "
						+ "over the limit of 10 (graphql.limits.max-request-size).");
	}

	@Test
	void shouldReportAManifestThatStopsTheStartInBootsReport() {
		FailureAnalysis analysis = new PersistedDocumentsFailureAnalyzer().analyze(new IllegalStateException(
				new RegisteredDocumentException("file [/etc/app/manifest.json]", "Named (id 1)", "it is wrong.")));
		assertThat(analysis.getDescription()).isEqualTo("The manifest file [/etc/app/manifest.json] of registered "
				+ "documents cannot be used: in Named (id 1), it is wrong.");
		assertThat(analysis.getAction()).isEqualTo("Regenerate the manifest file [/etc/app/manifest.json] with the "
				+ "client's build against the current schema, or leave it out of graphql.persisted-documents.manifests.");
	}

	private static void assertStartFails(ApplicationContextRunner runner, String manifest, String message) {
		runner.withPropertyValues("graphql.persisted-documents.manifests=" + manifest)
			.run((context) -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(RegisteredDocumentException.class)
				.message()
				.startsWith(message));
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnRegistry {

		@Bean
		RegisteredDocuments ownRegistry() {
			return RegisteredDocuments.of(List.of());
		}

	}

}
