package dev.svc.graphql.signin.token;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.store.SignInSessions;
import dev.svc.graphql.signin.TestSessions;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The token sign-in over real HTTP: the envelope, the failures, and bearer tokens on the GraphQL
 * endpoint.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY })
class TokenSignInTests {

	static final String KEY = "test-only-signing-key-0123456789abcdef-not-a-secret";

	private static final String AUTHENTICATE = "/api/TokenAuth/Authenticate";

	@LocalServerPort
	private int port;

	@Autowired
	private TokenService tokens;

	@Autowired
	private SignInSessions sessions;

	@Autowired
	private JdbcClient jdbc;

	private HttpTestClient http;

	@BeforeEach
	void client() {
		this.http = new HttpTestClient(this.port);
	}

	private Response authenticate(String body) {
		return this.http.post(AUTHENTICATE, "application/json", body);
	}

	@Test
	void shouldAnswerTheEnvelopeWithEveryResultField() throws Exception {
		Response response = authenticate(
				"{\"TenancyName\": \"\", \"UserNameOrEmailAddress\": \"admin@example.com\", \"Password\": \"123qwe\"}");
		assertThat(response.status()).isEqualTo(200);
		Map<?, ?> body = HttpTestClient.parse(response.body());
		Map<?, ?> result = (Map<?, ?>) body.get("result");
		String accessToken = (String) result.get("accessToken");
		String refreshToken = (String) result.get("refreshToken");
		String encrypted = (String) result.get("encryptedAccessToken");
		JSONAssert.assertEquals("""
				{"result": {"accessToken": "%s", "encryptedAccessToken": "%s", "expireInSeconds": 86400,
				  "shouldResetPassword": false, "passwordResetCode": null, "userId": 1,
				  "requiresTwoFactorVerification": false, "twoFactorAuthProviders": null,
				  "twoFactorRememberClientToken": null, "returnUrl": null, "refreshToken": "%s",
				  "refreshTokenExpireInSeconds": 31536000},
				 "targetUrl": null, "success": true, "error": null, "unAuthorizedRequest": false, "__svc": true}"""
			.formatted(accessToken, encrypted, refreshToken), response.body(), JSONCompareMode.STRICT);
		assertThat(this.tokens.decrypt(encrypted)).contains(accessToken);
		assertThat(this.tokens.readAccessToken(accessToken)).get().satisfies((user) -> {
			assertThat(user.userId()).isEqualTo(1L);
			assertThat(user.tenantId()).isNull();
		});
		assertThat(this.tokens.readAccessToken(refreshToken)).as("a refresh token is no access token").isEmpty();
	}

	@Test
	void shouldNotTellUnknownUsersFromWrongPasswords() throws Exception {
		String wrongPassword = authenticate(
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"nope\"}").body();
		Response unknownUser = authenticate(
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"nobody\", \"password\": \"123qwe\"}");
		assertThat(unknownUser.status()).isEqualTo(401);
		assertThat(unknownUser.body()).isEqualTo(wrongPassword);
		JSONAssert.assertEquals("""
				{"result": null, "targetUrl": null, "success": false,
				 "error": {"code": 0, "message": "Invalid user name or password", "details": null, "validationErrors": null},
				 "unAuthorizedRequest": true, "__svc": true}""", wrongPassword, JSONCompareMode.STRICT);
	}

	@Test
	void shouldNameAnUnknownOrInactiveTenant() {
		Response unknown = authenticate(
				"{\"tenancyName\": \"Nowhere\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		assertThat(unknown.status()).isEqualTo(401);
		assertThat(unknown.body()).contains("\"message\":\"There is no tenant defined with name Nowhere\"");
		Response inactive = authenticate(
				"{\"tenancyName\": \"Closed\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		assertThat(inactive.body()).contains("\"message\":\"Tenant Closed is not active.\"");
	}

	@Test
	void shouldRefuseAMalformedBodyWithValidationErrors() throws Exception {
		Response malformed = authenticate("{\"tenancyName\": ");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.body()).contains("\"validationErrors\":[").contains("\"success\":false");
		Response missing = authenticate("{\"tenancyName\": \"\"}");
		assertThat(missing.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"error": {"validationErrors": [
				  {"message": "The userNameOrEmailAddress field is required.", "members": ["userNameOrEmailAddress"]},
				  {"message": "The password field is required.", "members": ["password"]}]}}""", missing.body(),
				JSONCompareMode.LENIENT);
		assertThat(this.http.post(AUTHENTICATE, "text/plain", "{}").status()).isEqualTo(415);
	}

	@Test
	void shouldTellAUserThatMustChangeItsPassword() {
		this.jdbc.sql("insert into svc_tenants (id, tenancy_name, name, creation_time) values (80, 'Reset', 'Reset', current_timestamp)").update();
		this.jdbc.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
				+ " normalized_email_address, password_hash, should_change_password, creation_time)"
				+ " select 80, 80, 'fresh', 'FRESH', 'F', 'F', 'f@x.example', 'F@X.EXAMPLE', password_hash, true, current_timestamp"
				+ " from svc_users where id = 1")
			.update();
		Response response = authenticate(
				"{\"tenancyName\": \"Reset\", \"userNameOrEmailAddress\": \"fresh\", \"password\": \"123qwe\"}");
		assertThat(response.body()).contains("\"shouldResetPassword\":true");
	}

	@Test
	void shouldRejectATokenSignedWithAnotherKey() {
		// a real session of a real user: only the key is wrong
		TokenService other = new TokenService("another-signing-key-0123456789abcdef-000000", Duration.ofDays(1),
				Duration.ofDays(365), 4_096, Duration.ofDays(1), TestSessions.active(this.sessions, Clock.systemUTC()),
				this.sessions, Clock.systemUTC());
		String forged = other.signIn(new SignedInUser(1, null, "admin")).accessToken();
		assertThat(this.tokens.readAccessToken(forged)).isEmpty();
		Response response = this.http.graphQl("/graphql", "{ roles { id } }", "Authorization", "Bearer " + forged);
		assertThat(response.body()).contains("Current user did not login to the application!");
	}

	@Test
	void shouldSignTheBearerInOnTheEndpoint() {
		String token = (String) ((Map<?, ?>) HttpTestClient.parse(authenticate(
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}").body())
			.get("result")).get("accessToken");
		assertThat(this.http.graphQl("/graphql", "{ secret }", "Authorization", "Bearer " + token).body())
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
		assertThat(this.http.graphQl("/graphql", "{ greeting }", "Authorization", "Bearer not.a.token").body())
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldLeaveTheTenantOfASignedInUserItsOwnWhateverTheTenantHeaderSays() {
		String token = this.http.bearerToken("", "admin", "123qwe");
		Response response = this.http.graphQl("/graphql", "{ roles { name } }", "Authorization", token, "Svc-TenantId", "999");
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).isEqualTo("{\"data\":{\"roles\":[{\"name\":\"Admin\"}]}}");
	}

}
