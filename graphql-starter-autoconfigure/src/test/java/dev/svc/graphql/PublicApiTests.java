package dev.svc.graphql;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module's public types, named one by one, so that the API a host may use cannot grow
 * by accident: every other type is package-private. A type added here is a promise to
 * hosts.
 */
class PublicApiTests {

	/**
	 * What hosts use: handler contract, context, properties, extension interfaces, data
	 * types.
	 */
	private static final List<String> API = List.of("dev.svc.graphql.audit.AuditProperties",
			"dev.svc.graphql.SvcGraphQlProperties", "dev.svc.graphql.identity.IdentityProperties",
			"dev.svc.graphql.limits.RequestLimitsProperties", "dev.svc.graphql.ratelimit.RateLimitProperties",
			"dev.svc.graphql.SvcGraphQlProperties$SharedStore", "dev.svc.graphql.ratelimit.SharedBuckets",
			"dev.svc.graphql.limits.CostBudget", "dev.svc.graphql.playground.PlaygroundProperties",
			"dev.svc.graphql.signin.SignInProperties", "dev.svc.graphql.signin.SignInProperties$Lockout",
			"dev.svc.graphql.signin.SignInProperties$Throttle", "dev.svc.graphql.signin.PasswordProperties",
			"dev.svc.graphql.signin.PasswordProperties$Hashing", "dev.svc.graphql.signin.PasswordProperties$Policy",
			"dev.svc.graphql.signin.CookieSignInProperties", "dev.svc.graphql.signin.token.TokenSignInProperties",
			"dev.svc.graphql.signin.passkey.PasskeyProperties",
			"dev.svc.graphql.signin.passkey.PasskeyAuthenticationProvider", "dev.svc.graphql.audit.AuditLogWriter",
			"dev.svc.graphql.audit.AuditQuota", "dev.svc.graphql.audit.AuditRecord",
			"dev.svc.graphql.container.RootContainer", "dev.svc.graphql.context.ClientAddress",
			"dev.svc.graphql.context.SignedInUser", "dev.svc.graphql.context.UserContext",
			"dev.svc.graphql.context.UserContextResolver", "dev.svc.graphql.error.BadUserInputException",
			"dev.svc.graphql.error.ErrorCode", "dev.svc.graphql.error.UserFriendlyException",
			"dev.svc.graphql.handler.QueryContext", "dev.svc.graphql.handler.QueryHandler",
			"dev.svc.graphql.handler.RequiresPermission", "dev.svc.graphql.identity.IdentityStore",
			"dev.svc.graphql.identity.CredentialStore", "dev.svc.graphql.identity.OrganizationUnit",
			"dev.svc.graphql.identity.Role", "dev.svc.graphql.signin.password.SignInAttempts",
			"dev.svc.graphql.signin.password.SignInAttempts$Subject", "dev.svc.graphql.identity.Tenant",
			"dev.svc.graphql.signin.session.SignInSessions", "dev.svc.graphql.signin.twofactor.TwoFactorStore",
			"dev.svc.graphql.signin.session.ActiveSessions", "dev.svc.graphql.PipelineOrder", "dev.svc.graphql.Sha256",
			"dev.svc.graphql.CircuitBreaker", "dev.svc.graphql.JsonRequests", "dev.svc.graphql.Introspection",
			"dev.svc.graphql.signin.twofactor.TwoFactorStore$TwoFactorAccount",
			"dev.svc.graphql.signin.twofactor.TwoFactorStore$RememberedClient", "dev.svc.graphql.identity.User",
			"dev.svc.graphql.identity.UserCredentials", "dev.svc.graphql.identity.UserFilter",
			"dev.svc.graphql.identity.UserPageRequest", "dev.svc.graphql.identity.UserPagedResult",
			"dev.svc.graphql.identity.UserPosition", "dev.svc.graphql.identity.UserScrollRequest",
			"dev.svc.graphql.identity.UserWindow", "dev.svc.graphql.identity.UserSorting",
			"dev.svc.graphql.identity.UserSorting$Field", "dev.svc.graphql.identity.UserSorting$Order",
			"dev.svc.graphql.limits.RequestBodyLimitFilter", "dev.svc.graphql.persisted.PersistedDocuments",
			"dev.svc.graphql.persisted.PersistedQuery", "dev.svc.graphql.persisted.RegisteredDocument",
			"dev.svc.graphql.persisted.RegisteredDocuments", "dev.svc.graphql.persisted.RegisteredDocumentException",
			"dev.svc.graphql.persisted.DocumentMode", "dev.svc.graphql.persisted.PersistedDocumentsProperties",
			"dev.svc.graphql.security.PermissionAuthorization", "dev.svc.graphql.security.PermissionChecker",
			"dev.svc.graphql.security.PermissionDefinition", "dev.svc.graphql.security.SecurityHeaders",
			"dev.svc.graphql.signin.password.SignInResult", "dev.svc.graphql.signin.password.SignInResult$Outcome",
			"dev.svc.graphql.signin.password.SignInService", "dev.svc.graphql.signin.reset.PasswordResetService",
			"dev.svc.graphql.signin.twofactor.TwoFactorService", "dev.svc.graphql.signin.password.SignInInput",
			"dev.svc.graphql.signin.password.SignInInput$Problem",
			"dev.svc.graphql.signin.password.SignInInput$ValidationError", "dev.svc.graphql.RetryAfter",
			"dev.svc.graphql.signin.password.SignInResult$Refused", "dev.svc.graphql.signin.reset.PasswordResetResult",
			"dev.svc.graphql.signin.reset.PasswordResetResult$Outcome", "dev.svc.graphql.signin.password.SecondFactor",
			"dev.svc.graphql.signin.password.SecondStep", "dev.svc.graphql.signin.password.AttemptBudget",
			"dev.svc.graphql.signin.password.SignInChecks", "dev.svc.graphql.signin.password.SignInAudit",
			"dev.svc.graphql.signin.password.PasswordResetCodes",
			"dev.svc.graphql.signin.twofactor.TwoFactorCodeSender", "dev.svc.graphql.signin.twofactor.TwoFactorSignIn",
			"dev.svc.graphql.signin.twofactor.TwoFactorSignIn$AuthenticatorSetup",
			"dev.svc.graphql.signin.password.TenancyAuthenticationDetails",
			"dev.svc.graphql.signin.password.TenancyAuthenticationProvider",
			"dev.svc.graphql.web.GraphQlEndpointSecurityCustomizer",
			"dev.svc.graphql.visibility.SchemaVisibilityProperties", "dev.svc.graphql.visibility.VisibleSchema",
			"dev.svc.graphql.instrumentation.RequestInstrumentation");

	/**
	 * Public because Spring Boot's auto-configurations are, and hosts order their own
	 * after them.
	 */
	private static final List<String> AUTO_CONFIGURATIONS = List.of("dev.svc.graphql.audit.AuditAutoConfiguration",
			"dev.svc.graphql.audit.AuditLogsQueryAutoConfiguration",
			"dev.svc.graphql.container.RootContainerAutoConfiguration",
			"dev.svc.graphql.context.UserContextAutoConfiguration",
			"dev.svc.graphql.error.GraphQlErrorAutoConfiguration",
			"dev.svc.graphql.queries.IdentityQueriesAutoConfiguration",
			"dev.svc.graphql.signin.SignInStoreAutoConfiguration",
			"dev.svc.graphql.introspection.IntrospectionAutoConfiguration",
			"dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration",
			"dev.svc.graphql.instrumentation.RequestInstrumentationAutoConfiguration",
			"dev.svc.graphql.limits.RequestLimitsAutoConfiguration",
			"dev.svc.graphql.persisted.PersistedQueriesAutoConfiguration",
			"dev.svc.graphql.ratelimit.RateLimitAutoConfiguration",
			"dev.svc.graphql.playground.PlaygroundAutoConfiguration",
			"dev.svc.graphql.security.PermissionAutoConfiguration", "dev.svc.graphql.signin.SignInAutoConfiguration",
			"dev.svc.graphql.signin.cookie.CookieSignInAutoConfiguration",
			"dev.svc.graphql.signin.passkey.PasskeyAutoConfiguration",
			"dev.svc.graphql.signin.token.TokenSignInAutoConfiguration",
			"dev.svc.graphql.web.GraphQlEndpointAutoConfiguration",
			"dev.svc.graphql.web.GraphQlEndpointSecurityAutoConfiguration",
			"dev.svc.graphql.visibility.SchemaVisibilityAutoConfiguration");

	@Test
	void shouldExposeExactlyTheNamedTypes() throws Exception {
		List<String> publicTypes = publicTypes();
		assertThat(publicTypes).filteredOn((name) -> name.endsWith("AutoConfiguration"))
			.containsExactlyInAnyOrderElementsOf(AUTO_CONFIGURATIONS);
		assertThat(publicTypes).filteredOn((name) -> !name.endsWith("AutoConfiguration"))
			.containsExactlyInAnyOrderElementsOf(API);
	}

	@Test
	void shouldKeepTheHandlerContractInOnePackage() throws Exception {
		assertThat(publicTypes()).filteredOn((name) -> name.startsWith("dev.svc.graphql.handler."))
			.containsExactlyInAnyOrder("dev.svc.graphql.handler.QueryHandler", "dev.svc.graphql.handler.QueryContext",
					"dev.svc.graphql.handler.RequiresPermission");
	}

	@Test
	void shouldMarkEveryPackageNullMarked() throws Exception {
		try (Stream<Path> files = Files.walk(mainClasses())) {
			List<Path> packages = files.filter(Files::isDirectory)
				.filter((directory) -> hasClasses(directory))
				.toList();
			assertThat(packages).isNotEmpty().allSatisfy((directory) -> {
				String name = mainClasses().relativize(directory).toString().replace('/', '.');
				Package pkg = Class.forName(name + ".package-info").getPackage();
				assertThat(pkg.isAnnotationPresent(org.jspecify.annotations.NullMarked.class)).as(name).isTrue();
			});
		}
	}

	private static boolean hasClasses(Path directory) {
		try (Stream<Path> children = Files.list(directory)) {
			return children.anyMatch((child) -> child.toString().endsWith(".class"));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static List<String> publicTypes() throws IOException, URISyntaxException {
		Path root = mainClasses();
		try (Stream<Path> files = Files.walk(root)) {
			return files.filter((file) -> file.toString().endsWith(".class"))
				.map((file) -> root.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", ""))
				.filter((name) -> !name.endsWith("package-info"))
				.filter(PublicApiTests::isPublic)
				.sorted()
				.toList();
		}
	}

	private static boolean isPublic(String className) {
		try {
			for (Class<?> type = Class.forName(className, false,
					PublicApiTests.class.getClassLoader()); type != null; type = type.getEnclosingClass()) {
				if (!Modifier.isPublic(type.getModifiers()) || type.isAnonymousClass() || type.isSynthetic()) {
					return false;
				}
			}
			return true;
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Path mainClasses() {
		try {
			return Path.of(PipelineOrder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
