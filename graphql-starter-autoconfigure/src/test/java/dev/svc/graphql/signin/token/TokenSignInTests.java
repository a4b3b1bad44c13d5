package dev.svc.graphql.signin.token;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.session.TestSessions;
import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.PlaygroundTour;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.util.unit.DataSize;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.parse;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The token sign-in over HTTP, through the application's filters and security chains: the
 * envelope, the failures, and bearer tokens on the GraphQL endpoint.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY })
@AutoConfigureMockMvc
class TokenSignInTests {

	static final String KEY = "test-only-signing-key-0123456789abcdef-not-a-secret";

	private static final String AUTHENTICATE = "/api/TokenAuth/Authenticate";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private TokenService tokens;

	@Autowired
	private SignInSessions sessions;

	@Autowired
	private JdbcClient jdbc;

	private MvcTestResult authenticate(String body) {
		return postJson(this.mvc, AUTHENTICATE, body).exchange();
	}

	@Test
	void shouldAnswerTheEnvelopeWithEveryResultField() {
		MvcTestResult response = authenticate(
				"{\"TenancyName\": \"\", \"UserNameOrEmailAddress\": \"admin@example.com\", \"Password\": \"123qwe\"}");
		assertThat(response).hasStatus(200);
		Map<?, ?> body = parse(body(response));
		Map<?, ?> result = (Map<?, ?>) body.get("result");
		String accessToken = (String) result.get("accessToken");
		String refreshToken = (String) result.get("refreshToken");
		String encrypted = (String) result.get("encryptedAccessToken");
		assertThat(response).bodyJson()
			.isStrictlyEqualTo("""
					{"result": {"accessToken": "%s", "encryptedAccessToken": "%s", "expireInSeconds": 86400,
					  "shouldResetPassword": false, "passwordResetCode": null, "userId": 1,
					  "requiresTwoFactorVerification": false, "twoFactorAuthProviders": null,
					  "twoFactorRememberClientToken": null, "returnUrl": null, "refreshToken": "%s",
					  "refreshTokenExpireInSeconds": 31536000},
					 "targetUrl": null, "success": true, "error": null, "unAuthorizedRequest": false, "__svc": true}"""
				.formatted(accessToken, encrypted, refreshToken));
		assertThat(this.tokens.decrypt(encrypted)).contains(accessToken);
		assertThat(this.tokens.readAccessToken(accessToken)).get().satisfies((signedIn) -> {
			SignedInUser user = (SignedInUser) signedIn.getPrincipal();
			assertThat(user.userId()).isEqualTo(1L);
			assertThat(user.tenantId()).isNull();
		});
		assertThat(this.tokens.readAccessToken(refreshToken)).as("a refresh token is no access token").isEmpty();
	}

	@Test
	void shouldNotTellUnknownUsersFromWrongPasswords() {
		MvcTestResult wrongPassword = authenticate(
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"nope\"}");
		MvcTestResult unknownUser = authenticate(
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"nobody\", \"password\": \"123qwe\"}");
		assertThat(unknownUser).hasStatus(401);
		assertThat(body(unknownUser)).isEqualTo(body(wrongPassword));
		assertThat(wrongPassword).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"result": null, "targetUrl": null, "success": false,
							 "error": {"code": 0, "message": "Invalid user name or password", "details": null, "validationErrors": null},
							 "unAuthorizedRequest": true, "__svc": true}""");
	}

	@Test
	void shouldNameAnUnknownOrInactiveTenant() {
		MvcTestResult unknown = authenticate(
				"{\"tenancyName\": \"Nowhere\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		assertThat(unknown).hasStatus(401);
		assertThat(body(unknown)).contains("\"message\":\"There is no tenant defined with name Nowhere\"");
		MvcTestResult inactive = authenticate(
				"{\"tenancyName\": \"Closed\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		assertThat(body(inactive)).contains("\"message\":\"Tenant Closed is not active.\"");
	}

	@Test
	void shouldRefuseAMalformedBodyWithValidationErrors() {
		MvcTestResult malformed = authenticate("{\"tenancyName\": ");
		assertThat(malformed).hasStatus(400);
		assertThat(body(malformed)).contains("\"validationErrors\":[").contains("\"success\":false");
		MvcTestResult missing = authenticate("{\"tenancyName\": \"\"}");
		assertThat(missing).hasStatus(400);
		assertThat(missing).bodyJson().isLenientlyEqualTo("""
				{"error": {"validationErrors": [
				  {"message": "The userNameOrEmailAddress field is required.", "members": ["userNameOrEmailAddress"]},
				  {"message": "The password field is required.", "members": ["password"]}]}}""");
		assertThat(this.mvc.post().uri(AUTHENTICATE).header("Content-Type", "text/plain").content("{}")).hasStatus(415);
	}

	@Test
	void shouldTellAUserThatMustChangeItsPassword() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (80, 'Reset', 'Reset', current_timestamp)")
			.update();
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, should_change_password, creation_time)"
					+ " select 80, 80, 'fresh', 'FRESH', 'F', 'F', 'f@x.example', 'F@X.EXAMPLE', password_hash, true, current_timestamp"
					+ " from svc_users where id = 1")
			.update();
		MvcTestResult response = authenticate(
				"{\"tenancyName\": \"Reset\", \"userNameOrEmailAddress\": \"fresh\", \"password\": \"123qwe\"}");
		assertThat(body(response)).contains("\"shouldResetPassword\":true");
	}

	@Test
	void shouldRejectATokenSignedWithAnotherKey() {
		// a real session of a real user: only the key is wrong
		TokenService other = new TokenService("another-signing-key-0123456789abcdef-000000", Duration.ofDays(1),
				Duration.ofDays(365), DataSize.ofMegabytes(4).toBytes(),
				TestSessions.active(this.sessions, Clock.systemUTC()), this.sessions, Clock.systemUTC());
		String forged = other.signIn(new SignedInUser(1, null, "admin")).accessToken();
		assertThat(this.tokens.readAccessToken(forged)).isEmpty();
		MvcTestResult response = graphQl(this.mvc, "/graphql", "{ roles { id } }")
			.header("Authorization", "Bearer " + forged)
			.exchange();
		assertThat(body(response)).contains(PlaygroundTour.NOT_LOGGED_IN);
	}

	@Test
	void shouldSignTheBearerInOnTheEndpoint() {
		String token = (String) ((Map<?, ?>) parse(body(authenticate(
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}")))
			.get("result")).get("accessToken");
		assertThat(
				body(graphQl(this.mvc, "/graphql", "{ secret }").header("Authorization", "Bearer " + token).exchange()))
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
		assertThat(body(
				graphQl(this.mvc, "/graphql", "{ greeting }").header("Authorization", "Bearer not.a.token").exchange()))
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldLeaveTheTenantOfASignedInUserItsOwnWhateverTheTenantHeaderSays() {
		String token = MockMvcRequests.bearerToken(this.mvc, "", "admin", "123qwe");
		MvcTestResult response = graphQl(this.mvc, "/graphql", "{ roles { name } }").header("Authorization", token)
			.header("Svc-TenantId", "999")
			.exchange();
		assertThat(response).hasStatus(200);
		assertThat(body(response)).isEqualTo("{\"data\":{\"roles\":[{\"name\":\"Admin\"}]}}");
	}

}
