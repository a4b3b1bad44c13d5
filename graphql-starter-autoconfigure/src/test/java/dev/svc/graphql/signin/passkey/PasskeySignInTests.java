package dev.svc.graphql.signin.passkey;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.security.PermissionDefinition;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.parse;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static dev.svc.graphql.test.MockMvcRequests.signedInSession;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Passkeys over HTTP, through the application's filters and security chains, with an
 * authenticator of the test's own: registration with the password given again, sign-in
 * with no name typed on the token and the cookie sign-ins, removal, and every refusal in
 * the audit log with its reason. In dev mode, so the relying party is the request's host
 * (MockMvc's: localhost).
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.audit.enabled=true",
				"graphql.expose-exception-details=true", "graphql.sign-in.cookie.enabled=true",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=passkey-tests-key-0123456789abcdef-not-a-secret",
				"graphql.sign-in.passkey.enabled=true", "graphql.queries.audit-logs.enabled=true" })
@AutoConfigureMockMvc
class PasskeySignInTests {

	private static final String ORIGIN = "http://localhost";

	private static final String PASSWORD = "123qwe";

	private static final String AUDIT_LOGS = "{ auditLogs(serviceName: \"none\") { id } }";

	// each test from an address of its own, so that the address's throttle is its own
	private static final AtomicInteger ADDRESSES = new AtomicInteger(1);

	private String address = "127.0.0.1";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private AuditLogWriter writer;

	@Autowired
	private SignInSessions sessions;

	@BeforeEach
	void emptyTheLog() {
		this.jdbc.sql("delete from svc_audit_logs").update();
		this.address = "127.0.1." + ADDRESSES.incrementAndGet();
	}

	@Test
	void shouldRefuseMalformedAuthenticatorDataAsAnyWrongAnswerIsRefused() {
		insertUser(494, "garbled");
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "", "garbled", PASSWORD), "key");
		for (int attempt = 1; attempt <= 5; attempt++) {
			JsonNode answer = tree(authenticator.get(signInOptions(), ORIGIN));
			((ObjectNode) answer.path("response")).put("authenticatorData", "AQID");
			MvcTestResult refused = tokenSignIn(answer.toString());
			assertThat(refused).as("attempt " + attempt).hasStatus(401);
			if (attempt < 5) {
				assertThat(body(refused)).contains("response.authenticatorData must be the authenticator's data");
			}
		}
		MvcTestResult good = tokenSignIn(authenticator.get(signInOptions(), ORIGIN));
		assertThat(good).as("locked out by five malformed answers").hasStatus(401);
		assertThat(body(good)).contains("locked out");
		drainTheWriter();
		assertThat(count("method_name = 'PasskeySignIn' and parameters like '%INVALID_REQUEST%' and user_id = 494"))
			.isEqualTo(5);
	}

	@Test
	void shouldRefuseMalformedAttestationObjects() {
		String bearer = bearerToken(this.mvc, "Default", "admin", PASSWORD);
		// 3 bytes; a CBOR map of fmt and attStmt with no authData; a format nobody knows
		List<String> garbled = List.of("AQID", "omNmbXRkbm9uZWdhdHRTdG10oA");
		for (String attestationObject : garbled) {
			JsonNode credential = tree(new SoftwareAuthenticator().create(registrationOptions(bearer), ORIGIN));
			((ObjectNode) credential.path("response")).put("attestationObject", attestationObject);
			assertThat(registerCredential(bearer, credential)).hasStatus(400)
				.bodyText()
				.contains("response.attestationObject must be");
		}
		SoftwareAuthenticator unknownFormat = new SoftwareAuthenticator();
		unknownFormat.setAttestationFormat("bogus");
		assertThat(registerCredential(bearer, tree(unknownFormat.create(registrationOptions(bearer), ORIGIN))))
			.hasStatus(400)
			.bodyText()
			.contains("response.attestationObject must be");
		drainTheWriter();
		assertThat(count("method_name = 'RegisterPasskey' and parameters like '%INVALID_REQUEST%'")).isEqualTo(3);
	}

	@Test
	void shouldRegisterThenSignInWithNoNameTypedOnBothFrontEnds() {
		String bearer = bearerToken(this.mvc, "", "auditor", PASSWORD);
		SoftwareAuthenticator authenticator = register(bearer, "laptop");

		MvcTestResult token = postJson(this.mvc, "/api/TokenAuth/PasskeyAuthenticate",
				authenticator.get(signInOptions(), ORIGIN))
			.exchange();
		assertThat(token).hasStatus(200);
		Map<?, ?> result = (Map<?, ?>) parse(body(token)).get("result");
		assertThat(result.get("userId")).isEqualTo(4);
		assertThat(result.get("refreshToken")).isNotNull();
		assertThat(parse(body(token)).get("__svc")).isEqualTo(true);
		MvcTestResult listed = postJson(this.mvc, "/api/Passkey/List", "{}")
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + result.get("accessToken"))
			.exchange();
		assertThat(listed).as("the passkey's tokens are the user's").hasStatus(200);
		assertThat(body(listed)).contains("\"label\":\"laptop\"");

		MvcTestResult cookie = postJson(this.mvc, "/Account/Login/Passkey", authenticator.get(signInOptions(), ORIGIN))
			.exchange();
		assertThat(cookie).hasStatus(200);
		assertThat(body(cookie)).contains("\"success\":true", "\"targetUrl\":\"/\"");
		MockHttpSession session = (MockHttpSession) cookie.getRequest().getSession(false);
		SecurityContext context = (SecurityContext) session
			.getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
		assertThat(context.getAuthentication().getPrincipal()).isInstanceOfSatisfying(SignedInUser.class, (user) -> {
			assertThat(user.userId()).isEqualTo(4L);
			assertThat(user.sessionId()).as("a session of the module, which a password change ends").isNotNull();
		});
		assertThat(postJson(this.mvc, "/api/Passkey/List", "{}").session(session).exchange()).hasStatus(200)
			.bodyText()
			.contains("lastUsedTime\":\"20");

		drainTheWriter();
		assertThat(count("method_name = 'RegisterPasskey' and parameters like '%SUCCESS%'")).isEqualTo(1);
		assertThat(count("method_name = 'PasskeySignIn' and parameters like '%SUCCESS%' and user_id = 4")).isEqualTo(2);
	}

	@Test
	void shouldRefuseARemovedPasskey() {
		String bearer = bearerToken(this.mvc, "", "admin", PASSWORD);
		SoftwareAuthenticator authenticator = register(bearer, "to remove");
		long id = passkeyId(authenticator);
		assertThat(postJson(this.mvc, "/api/Passkey/Remove", json(Map.of("id", id, "password", "wrong")))
			.header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange()).as("the password again, right").hasStatus(400);
		assertThat(postJson(this.mvc, "/api/Passkey/Remove", json(Map.of("id", id, "password", PASSWORD)))
			.header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange()).hasStatus(200);

		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))).hasStatus(401);
		assertRefusedFor("UNKNOWN_PASSKEY", null);
		assertThat(count("method_name = 'RemovePasskey' and parameters like '%SUCCESS%'")).isEqualTo(1);
		assertThat(count("method_name = 'RemovePasskey' and parameters like '%INVALID_CREDENTIALS%'")).isEqualTo(1);
	}

	@Test
	void shouldAskForThePasswordBeforeRegistering() {
		String bearer = bearerToken(this.mvc, "", "admin", PASSWORD);
		SoftwareAuthenticator authenticator = new SoftwareAuthenticator();
		String credential = authenticator.create(registrationOptions(bearer), ORIGIN);
		MvcTestResult refused = postJson(this.mvc, "/api/Passkey/Register",
				json(Map.of("password", "wrong", "label", "phone", "credential", parse(credential))))
			.header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange();
		assertThat(refused).hasStatus(400).bodyText().contains("The password is not right.");
		assertThat(postJson(this.mvc, "/api/Passkey/RegistrationOptions", "{}").exchange()).as("nobody signed in")
			.hasStatus(401);
		drainTheWriter();
		assertThat(count("method_name = 'RegisterPasskey' and parameters like '%INVALID_CREDENTIALS%'")).isEqualTo(1);
	}

	@Test
	void shouldRefuseAnotherOriginAndAnotherRelyingParty() {
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "Default", "jdoe", PASSWORD), "key");
		assertThat(tokenSignIn(authenticator.get(signInOptions(), "https://evil.example"))).hasStatus(401);
		assertRefusedFor("WRONG_ORIGIN", 3L);
		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN, "evil.example"))).hasStatus(401);
		assertRefusedFor("WRONG_RELYING_PARTY", 3L);
		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))).as("the passkey itself still works")
			.hasStatus(200);
	}

	@Test
	void shouldRefuseAReplayedAnswerAndACounterGoingBack() {
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "Default", "admin", PASSWORD), "key");
		String answer = authenticator.get(signInOptions(), ORIGIN);
		assertThat(tokenSignIn(answer)).hasStatus(200);
		assertThat(tokenSignIn(answer)).hasStatus(401);
		assertRefusedFor("UNKNOWN_CHALLENGE", 2L);

		authenticator.setCounter(0);
		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))).as("a cloned authenticator").hasStatus(401);
		assertRefusedFor("COUNTER_NOT_INCREASED", 2L);
	}

	@Test
	void shouldRefuseAnotherTenantsUserOfferedWithATenantHeader() {
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "Second", "admin", PASSWORD), "key");
		assertThat(postJson(this.mvc, "/api/TokenAuth/PasskeyAuthenticate", authenticator.get(signInOptions(), ORIGIN))
			.header("Svc-TenantId", "1")
			.exchange()).hasStatus(401);
		assertRefusedFor("OTHER_TENANT", 5L);
		assertThat(postJson(this.mvc, "/api/TokenAuth/PasskeyAuthenticate", authenticator.get(signInOptions(), ORIGIN))
			.header("Svc-TenantId", "2")
			.exchange()).as("its own tenant").hasStatus(200);
	}

	@Test
	void shouldRefuseADeactivatedUser() {
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname,"
					+ " email_address, normalized_email_address, password_hash, creation_time) select 491, null,"
					+ " 'leaver', 'LEAVER', 'L', 'L', 'leaver@example.com', 'LEAVER@EXAMPLE.COM', password_hash,"
					+ " creation_time from svc_users where id = 1")
			.update();
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "", "leaver", PASSWORD), "key");
		this.jdbc.sql("update svc_users set is_active = false where id = 491").update();

		MvcTestResult refused = tokenSignIn(authenticator.get(signInOptions(), ORIGIN));
		assertThat(refused).hasStatus(401).bodyText().contains("is not active");
		drainTheWriter();
		assertThat(count("method_name = 'PasskeySignIn' and parameters like '%INACTIVE_USER%' and user_id = 491"))
			.isEqualTo(1);
	}

	@Test
	void shouldAnswerTheSecondStepOfATwoFactorUserOnlyWithAVerifiedUser() {
		insertUser(492, "twofactor");
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "", "twofactor", PASSWORD), "key");
		this.jdbc.sql("update svc_users set is_two_factor_enabled = true where id = 492").update();

		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))).as("PIN or biometrics: two factors")
			.hasStatus(200);
		authenticator.setVerifiesUser(false);
		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))).hasStatus(401)
			.bodyText()
			.contains("use a passkey that checks it is you");
		assertRefusedFor("USER_NOT_VERIFIED", 492L);
	}

	@Test
	void shouldEndAPasskeysSessionWhenThePasswordChanges() {
		insertUser(493, "changer");
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "", "changer", PASSWORD), "key");
		MvcTestResult cookie = postJson(this.mvc, "/Account/Login/Passkey", authenticator.get(signInOptions(), ORIGIN))
			.exchange();
		SecurityContext context = (SecurityContext) cookie.getRequest()
			.getSession(false)
			.getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
		String sessionId = ((SignedInUser) context.getAuthentication().getPrincipal()).sessionId();
		assertThat(this.sessions.isActive(sessionId, Instant.now())).isTrue();

		this.jdbc.sql("update svc_users set password_hash = concat(password_hash, 'x') where id = 493").update();
		assertThat(this.sessions.isActive(sessionId, Instant.now())).as("as a password sign-in's").isFalse();
	}

	private void insertUser(long id, String userName) {
		this.jdbc.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname,"
				+ " email_address, normalized_email_address, password_hash, creation_time) select :id, null,"
				+ " :name, upper(:name), 'T', 'T', concat(:name, '@example.com'), upper(concat(:name, '@example.com')),"
				+ " password_hash, creation_time from svc_users where id = 1")
			.param("id", id)
			.param("name", userName)
			.update();
	}

	@Test
	void shouldRefuseARegistrationLargerThanItsColumnsBeforeWritingIt() {
		insertUser(495, "bulky");
		String bearer = bearerToken(this.mvc, "", "bulky", PASSWORD);

		JsonNode padded = tree(new SoftwareAuthenticator().create(registrationOptions(bearer), ORIGIN));
		ObjectNode response = (ObjectNode) padded.path("response");
		ObjectNode clientData = (ObjectNode) tree(new String(
				Base64.getUrlDecoder().decode(response.path("clientDataJSON").asString()), StandardCharsets.UTF_8));
		clientData.put("padding", "x".repeat(1600));
		response.put("clientDataJSON",
				Base64.getUrlEncoder()
					.withoutPadding()
					.encodeToString(clientData.toString().getBytes(StandardCharsets.UTF_8)));
		assertThat(registerCredential(bearer, padded)).hasStatus(400)
			.bodyText()
			.contains("response.clientDataJSON", "2048");

		JsonNode transports = tree(new SoftwareAuthenticator().create(registrationOptions(bearer), ORIGIN));
		ArrayNode many = ((ObjectNode) transports.path("response")).putArray("transports");
		for (int i = 0; i < 30; i++) {
			many.add("transport-" + i);
		}
		assertThat(registerCredential(bearer, transports)).hasStatus(400)
			.bodyText()
			.contains("response.transports", "128");

		JsonNode large = tree(new SoftwareAuthenticator().create(registrationOptions(bearer), ORIGIN));
		((ObjectNode) large.path("response")).put("attestationObject", "A".repeat(5000));
		assertThat(registerCredential(bearer, large)).hasStatus(400)
			.bodyText()
			.contains("response.attestationObject", "4096");

		assertThat(this.jdbc
			.sql("select count(*) from svc_passkeys k join svc_passkey_users p"
					+ " on p.user_handle = k.user_handle where p.user_id = 495")
			.query(Integer.class)
			.single()).isZero();
		drainTheWriter();
		assertThat(count("method_name = 'RegisterPasskey' and parameters like '%INVALID_REQUEST%' and user_id = 495"))
			.isEqualTo(3);
	}

	@Test
	void shouldEndThePasskeysSessionsWhenItIsRemoved() {
		insertUser(496, "loser");
		String bearer = bearerToken(this.mvc, "", "loser", PASSWORD);
		SoftwareAuthenticator lost = register(bearer, "lost phone");
		Map<?, ?> tokens = (Map<?, ?>) parse(body(tokenSignIn(lost.get(signInOptions(), ORIGIN)))).get("result");
		String accessToken = "Bearer " + tokens.get("accessToken");
		assertThat(post("/api/Passkey/List", "{}").header(HttpHeaders.AUTHORIZATION, accessToken).exchange())
			.hasStatus(200);
		long id = this.jdbc.sql("select id from svc_passkeys where credential_id = :id")
			.param("id", lost.credentialId())
			.query(Long.class)
			.single();

		assertThat(post("/api/Passkey/Remove", json(Map.of("id", id, "password", PASSWORD)))
			.header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange()).hasStatus(200);

		assertThat(post("/api/Passkey/List", "{}").header(HttpHeaders.AUTHORIZATION, accessToken).exchange())
			.as("the lost passkey's access token")
			.hasStatus(401);
		assertThat(post("/api/TokenAuth/RefreshToken", json(Map.of("refreshToken", tokens.get("refreshToken"))))
			.exchange()).as("its refresh token").hasStatus(401);
		assertThat(post("/api/Passkey/List", "{}").header(HttpHeaders.AUTHORIZATION, bearer).exchange())
			.as("the session of the user who removed it")
			.hasStatus(200);
	}

	@Test
	void shouldRequireTheAuthenticatorToVerifyItsUser() {
		insertUser(497, "presence");
		String bearer = bearerToken(this.mvc, "", "presence", PASSWORD);
		assertThat(registrationOptions(bearer)).contains("\"userVerification\":\"required\"");
		assertThat(signInOptions()).contains("\"userVerification\":\"required\"");
		SoftwareAuthenticator unverified = new SoftwareAuthenticator();
		unverified.setVerifiesUser(false);
		assertThat(registerCredential(bearer, tree(unverified.create(registrationOptions(bearer), ORIGIN))))
			.as("a registration without a PIN or biometrics")
			.hasStatus(400)
			.bodyText()
			.contains("use a passkey that checks it is you");

		SoftwareAuthenticator authenticator = register(bearer, "key");
		authenticator.setVerifiesUser(false);
		assertThat(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))).as("no two-factor sign-in, all the same")
			.hasStatus(401)
			.bodyText()
			.contains("use a passkey that checks it is you");
		assertRefusedFor("USER_NOT_VERIFIED", 497L);
		drainTheWriter();
		assertThat(count("method_name = 'RegisterPasskey' and parameters like '%USER_NOT_VERIFIED%' and user_id = 497"))
			.isEqualTo(1);
	}

	@Test
	void shouldAskAUserWhoMustChangeItsPasswordToChangeItAsThePasswordSignInDoes() {
		insertUser(498, "stale");
		SoftwareAuthenticator authenticator = register(bearerToken(this.mvc, "", "stale", PASSWORD), "key");
		this.jdbc.sql("update svc_users set should_change_password = true where id = 498").update();

		MvcTestResult token = tokenSignIn(authenticator.get(signInOptions(), ORIGIN));
		assertThat(token).hasStatus(200);
		Map<?, ?> result = (Map<?, ?>) parse(body(token)).get("result");
		assertThat(result.get("shouldResetPassword")).isEqualTo(true);
		assertThat(result.get("passwordResetCode")).isNotNull();
		assertThat(result.get("accessToken")).as("no tokens").isNull();
		assertThat(result.get("refreshToken")).isNull();

		MvcTestResult cookie = post("/Account/Login/Passkey", authenticator.get(signInOptions(), ORIGIN)).exchange();
		assertThat(cookie).hasStatus(200).bodyText().contains("\"shouldResetPassword\":true");
		MockHttpSession session = (MockHttpSession) cookie.getRequest().getSession(false);
		assertThat((session != null)
				? session.getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY) : null)
			.as("no session signed in")
			.isNull();
	}

	@Test
	void shouldKeepTwentyPasskeysPerUserAndListTheirIdsToExclude() {
		insertUser(500, "collector");
		String bearer = bearerToken(this.mvc, "", "collector", PASSWORD);
		String handle = tree(registrationOptions(bearer)).path("result").path("user").path("id").asString();
		for (int i = 0; i < 19; i++) {
			insertPasskey(handle, "keyid0" + (10 + i));
		}
		String options = registrationOptions(bearer);
		assertThat(tree(options).path("result").path("excludeCredentials")).hasSize(19);
		assertThat(options).contains("\"id\":\"keyid017\"");

		insertPasskey(handle, "keyid029");
		assertThat(post("/api/Passkey/RegistrationOptions", "{}").header(HttpHeaders.AUTHORIZATION, bearer).exchange())
			.hasStatus(400)
			.bodyText()
			.contains("You have 20 passkeys, the most a user may have");
	}

	@Test
	void shouldRefuseSignInOptionsWhenAllTheOpenChallengesAreTaken() {
		this.jdbc
			.sql("insert into svc_passkey_challenges (challenge, user_id, expiry_time) select concat('full-', x),"
					+ " null, timestamp with time zone '2999-01-01 00:00:00+00' from system_range(1, :count)")
			.param("count", JdbcPasskeyStore.MAX_OPEN_SIGN_IN_CHALLENGES)
			.update();
		try {
			assertThat(post("/api/Passkey/SignInOptions", "{}").exchange()).hasStatus(503)
				.hasHeader(HttpHeaders.RETRY_AFTER, "60")
				.bodyText()
				.contains("Too many passkey sign-ins are under way");
		}
		finally {
			this.jdbc.sql("delete from svc_passkey_challenges where challenge like 'full-%'").update();
		}
		assertThat(post("/api/Passkey/SignInOptions", "{}").exchange()).hasStatus(200);
	}

	private void insertPasskey(String handle, String credentialId) {
		this.jdbc
			.sql("insert into svc_passkeys (credential_id, user_handle, label, public_key, signature_count,"
					+ " uv_initialized, backup_eligible, backup_state, transports, attestation_object, created_time)"
					+ " values (:id, :handle, :id, 'AA', 0, true, false, false, 'internal', 'AA', current_timestamp)")
			.param("id", credentialId)
			.param("handle", handle)
			.update();
	}

	@Test
	void shouldTakeNoOtherHostThanTheLoopbackForTheRelyingPartyInDevMode() {
		MvcTestResult refused = post("/api/Passkey/SignInOptions", "{}").with((request) -> {
			request.setServerName("evil.test");
			return request;
		}).exchange();
		assertThat(refused).hasStatus(400)
			.bodyText()
			.contains("not on evil.test", "set graphql.sign-in.passkey.relying-party-id");
		assertThat(post("/api/Passkey/SignInOptions", "{}").with((request) -> {
			request.setServerName("127.0.0.1");
			return request;
		}).exchange()).hasStatus(200).bodyText().contains("\"rpId\":\"127.0.0.1\"");
	}

	private long passkeyId(SoftwareAuthenticator authenticator) {
		return this.jdbc.sql("select id from svc_passkeys where credential_id = :id")
			.param("id", authenticator.credentialId())
			.query(Long.class)
			.single();
	}

	private static JsonNode tree(String json) {
		return JsonMapper.shared().readTree(json);
	}

	private MvcTestResult registerCredential(String bearer, JsonNode credential) {
		return post("/api/Passkey/Register",
				json(Map.of("password", PASSWORD, "label", "key", "credential", credential)))
			.header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange();
	}

	private MockMvcTester.MockMvcRequestBuilder post(String path, String body) {
		return postJson(this.mvc, path, body).with((request) -> {
			request.setRemoteAddr(this.address);
			return request;
		});
	}

	private SoftwareAuthenticator register(String bearer, String label) {
		SoftwareAuthenticator authenticator = new SoftwareAuthenticator();
		String credential = authenticator.create(registrationOptions(bearer), ORIGIN);
		MvcTestResult registered = postJson(this.mvc, "/api/Passkey/Register",
				json(Map.of("password", PASSWORD, "label", label, "credential", parse(credential))))
			.header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange();
		assertThat(registered).as(body(registered)).hasStatus(200);
		return authenticator;
	}

	private String registrationOptions(String bearer) {
		MvcTestResult options = post("/api/Passkey/RegistrationOptions", "{}").header(HttpHeaders.AUTHORIZATION, bearer)
			.exchange();
		assertThat(options).hasStatus(200);
		return body(options);
	}

	private String signInOptions() {
		MvcTestResult options = post("/api/Passkey/SignInOptions", "{}").exchange();
		assertThat(options).hasStatus(200);
		return body(options);
	}

	private MvcTestResult tokenSignIn(String credential) {
		return post("/api/TokenAuth/PasskeyAuthenticate", credential).exchange();
	}

	private void assertRefusedFor(String reason, Long userId) {
		drainTheWriter();
		List<Map<String, Object>> records = this.jdbc
			.sql("select user_id, parameters, exception from svc_audit_logs where method_name = 'PasskeySignIn'"
					+ " and parameters like :reason")
			.param("reason", "%\"reason\":\"" + reason + "\"%")
			.query()
			.listOfRows();
		assertThat(records).as(reason).hasSize(1);
		Object recorded = records.get(0).get("user_id");
		assertThat((recorded != null) ? ((Number) recorded).longValue() : null).isEqualTo(userId);
		assertThat(records.get(0).get("exception")).isNotNull();
	}

	private int count(String where) {
		return this.jdbc.sql("select count(*) from svc_audit_logs where " + where).query(Integer.class).single();
	}

	// the writer writes all it holds before its stop returns
	private void drainTheWriter() {
		SmartLifecycle lifecycle = (SmartLifecycle) this.writer;
		lifecycle.stop();
		lifecycle.start();
	}

	/**
	 * With a permission reserved for passkey sign-ins: only a session begun with a
	 * passkey holds it, whatever else the request carries, and a password cannot lead to
	 * it through a passkey of the thief's.
	 */
	@Nested
	@TestPropertySource(properties = "graphql.sign-in.passkey.required-for=" + PermissionDefinition.AUDIT_LOGS)
	class ReservedPermissions {

		@Test
		void shouldGrantAPermissionReservedForPasskeysOnlyToSessionsBegunWithOne() {
			String byPassword = bearerToken(PasskeySignInTests.this.mvc, "", "auditor", PASSWORD);
			SoftwareAuthenticator authenticator = register(byPassword, "reserved");
			assertThat(auditLogs(graphQl(PasskeySignInTests.this.mvc, "/graphql", AUDIT_LOGS)
				.header(HttpHeaders.AUTHORIZATION, byPassword))).as("a password's token").isFalse();
			assertThat(auditLogs(graphQl(PasskeySignInTests.this.mvc, "/graphql", AUDIT_LOGS)
				.session(signedInSession(PasskeySignInTests.this.mvc, "", "auditor", PASSWORD))))
				.as("a password's cookie")
				.isFalse();

			Map<?, ?> tokens = (Map<?, ?>) parse(body(tokenSignIn(authenticator.get(signInOptions(), ORIGIN))))
				.get("result");
			assertThat(auditLogs(graphQl(PasskeySignInTests.this.mvc, "/graphql", AUDIT_LOGS)
				.header(HttpHeaders.AUTHORIZATION, "Bearer " + tokens.get("accessToken")))).as("a passkey's token")
				.isTrue();
			MvcTestResult refreshed = postJson(PasskeySignInTests.this.mvc, "/api/TokenAuth/RefreshToken",
					json(Map.of("refreshToken", tokens.get("refreshToken"))))
				.exchange();
			assertThat(auditLogs(
					graphQl(PasskeySignInTests.this.mvc, "/graphql", AUDIT_LOGS).header(HttpHeaders.AUTHORIZATION,
							"Bearer " + ((Map<?, ?>) parse(body(refreshed)).get("result")).get("accessToken"))))
				.as("its refreshed token")
				.isTrue();
			MvcTestResult cookie = postJson(PasskeySignInTests.this.mvc, "/Account/Login/Passkey",
					authenticator.get(signInOptions(), ORIGIN))
				.exchange();
			assertThat(auditLogs(graphQl(PasskeySignInTests.this.mvc, "/graphql", AUDIT_LOGS)
				.session((MockHttpSession) cookie.getRequest().getSession()))).as("a passkey's cookie").isTrue();
		}

		// whether the answer has the audit logs, or the specification's refusal for a
		// permission not held
		private boolean auditLogs(MockMvcTester.MockMvcRequestBuilder query) {
			String answer = body(query.exchange());
			assertThat(answer).containsAnyOf("{\"data\":{\"auditLogs\":[]}}", "SVC_AUTHORIZATION");
			return answer.contains("\"auditLogs\":[]");
		}

		@Test
		void shouldNotLendAPasskeySessionsFactorToABearerTokenSentWithIt() {
			// the thief's own passkey session, and the victim's token from a stolen
			// password
			insertUser(495, "thief");
			SoftwareAuthenticator thief = register(bearerToken(PasskeySignInTests.this.mvc, "", "thief", PASSWORD),
					"thief's");
			MvcTestResult cookie = postJson(PasskeySignInTests.this.mvc, "/Account/Login/Passkey",
					thief.get(signInOptions(), ORIGIN))
				.exchange();
			String victim = bearerToken(PasskeySignInTests.this.mvc, "", "auditor", PASSWORD);
			assertThat(auditLogs(graphQl(PasskeySignInTests.this.mvc, "/graphql", AUDIT_LOGS)
				.session((MockHttpSession) cookie.getRequest().getSession())
				.header(HttpHeaders.AUTHORIZATION, victim))).isFalse();
		}

		@Test
		void shouldLetAPasswordAddTheFirstPasskeyOnlyAndRemoveNone() {
			insertUser(496, "enrolling");
			String byPassword = bearerToken(PasskeySignInTests.this.mvc, "", "enrolling", PASSWORD);
			SoftwareAuthenticator first = register(byPassword, "first");
			MvcTestResult second = post("/api/Passkey/RegistrationOptions", "{}")
				.header(HttpHeaders.AUTHORIZATION, byPassword)
				.exchange();
			assertThat(second).hasStatus(403).bodyText().contains("needs a sign-in with one of your passkeys");
			long id = passkeyId(first);
			assertThat(postJson(PasskeySignInTests.this.mvc, "/api/Passkey/Remove",
					json(Map.of("id", id, "password", PASSWORD)))
				.header(HttpHeaders.AUTHORIZATION, byPassword)
				.exchange()).hasStatus(403);
			Map<?, ?> byPasskey = (Map<?, ?>) parse(body(tokenSignIn(first.get(signInOptions(), ORIGIN))))
				.get("result");
			register("Bearer " + byPasskey.get("accessToken"), "second");
		}

	}

}
