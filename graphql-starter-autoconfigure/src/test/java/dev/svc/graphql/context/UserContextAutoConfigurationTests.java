package dev.svc.graphql.context;

import java.time.Duration;

import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.test.CacheBounds;
import dev.svc.graphql.test.EmptyIdentityStore;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class UserContextAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(UserContextAutoConfiguration.class))
		.withPropertyValues("graphql.enabled=true");

	@Test
	void shouldResolveNoUserWhileTheEndpointIsOff() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(UserContextAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(UserContextResolver.class)
				.doesNotHaveBean(WebGraphQlInterceptor.class));
	}

	@Test
	void shouldReadTheUserFromSpringSecurityAndTheTenantFromTheIdentityStore() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new).run((context) -> {
			assertThat(context).getBean(UserContextResolver.class)
				.isInstanceOf(SecurityContextUserContextResolver.class);
			assertThat(context).hasSingleBean(UserContextInterceptor.class)
				.hasSingleBean(TenantHeaderInterceptor.class)
				.hasBean("svcTenantCacheMeters");
		});
	}

	@Test
	void shouldBoundTheTenantCacheByDefault() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> CacheBounds.assertBoundsAfterWrite(context.getBean(TenantHeaderInterceptor.class).cache(),
					DataSize.ofMegabytes(2).toBytes(), Duration.ofSeconds(5)));
	}

	@Test
	void shouldTakeTheTenantCacheShareOfTheMemoryBudget() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.withPropertyValues("graphql.memory-budget=64MB")
			.run((context) -> CacheBounds.assertBoundsAfterWrite(context.getBean(TenantHeaderInterceptor.class).cache(),
					DataSize.ofMegabytes(2).toBytes(), Duration.ofSeconds(5)));
	}

	@Test
	void shouldReadNoTenantHeaderWithoutAnIdentityStore() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(UserContextInterceptor.class)
			.hasSingleBean(UserContextResolver.class)
			.doesNotHaveBean(TenantHeaderInterceptor.class));
	}

	@Test
	void shouldTreatEveryCallerAsAnonymousWithoutSpringSecurity() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(SecurityContextHolder.class))
			.run((context) -> assertThat(context).getBean(UserContextResolver.class)
				.isSameAs(UserContextResolver.anonymousOnly()));
	}

	@Test
	void shouldBackOffWhenUserDefinesAUserContextResolver() {
		UserContextResolver own = (request) -> UserContext.anonymous(7);
		this.contextRunner.withBean(UserContextResolver.class, () -> own).run((context) -> {
			assertThat(context).getBean(UserContextResolver.class).isSameAs(own);
			assertThat(context.getBean(UserContextInterceptor.class)).hasFieldOrPropertyWithValue("resolver", own);
		});
	}

}
