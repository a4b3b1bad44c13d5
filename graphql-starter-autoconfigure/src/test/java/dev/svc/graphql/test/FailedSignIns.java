package dev.svc.graphql.test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.function.IntSupplier;

import dev.svc.graphql.test.HttpTestClient.Response;

import org.springframework.boot.test.system.CapturedOutput;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sign-ins that fail, sent from outside as a client without a cookie jar sends them:
 * every attempt from a new client, with a CSRF token of its own making (the double-submit
 * cookie the samples keep it in, which any client may set for itself) or with none. Each
 * answer must be the login page (a form post), a 4xx with the message (JSON) or 403 (a
 * form without the token), never a 500; the application logs nothing above WARN; and the
 * attempts leave at most a few sessions behind.
 */
public final class FailedSignIns {

	/** As many attempts as the flood from one address. */
	public static final int FLOOD = 300;

	/** What a flood may leave in the session table at most. */
	public static final int FEW_SESSIONS = 3;

	private static final String TOKEN = UUID.randomUUID().toString();

	// XorCsrfTokenRequestAttributeHandler's form: random bytes, then the token xor them
	private static final String MASKED_TOKEN = Base64.getUrlEncoder()
		.encodeToString(concat(new byte[TOKEN.length()], TOKEN.getBytes(StandardCharsets.UTF_8)));

	/**
	 * Login forms, each wrong in its own way: empty, over long, control characters, wrong
	 * types.
	 */
	public static final List<String> FORMS = List.of("", "password=", "tenancyName=&userNameOrEmailAddress=admin",
			"tenancyName=&userNameOrEmailAddress=admin&password=",
			"tenancyName=" + "t".repeat(65) + "&userNameOrEmailAddress=admin&password=123qwe",
			"tenancyName=" + "t".repeat(5000) + "&userNameOrEmailAddress=admin&password=123qwe",
			"tenancyName=&userNameOrEmailAddress=" + "u".repeat(257) + "&password=123qwe",
			"tenancyName=&userNameOrEmailAddress=admin&password=" + "p".repeat(129),
			"tenancyName=&userNameOrEmailAddress=ad%00min&password=123qwe",
			"tenancyName=De%1Ffault&userNameOrEmailAddress=admin&password=123qwe",
			"tenancyName=&userNameOrEmailAddress=admin&password=12%003qwe",
			"tenancyName=&userNameOrEmailAddress=%F0%9F%94%91%E2%80%AEadmin&password=%ED%A0%80",
			"tenancyName=&userNameOrEmailAddress=admin&password=%zz",
			"tenancyName=&tenancyName=Default&userNameOrEmailAddress=admin&userNameOrEmailAddress=x&password=a&password=b",
			"tenancyName[]=x&userNameOrEmailAddress[0]=admin&password.x=1",
			"tenancyName=&userNameOrEmailAddress=admin&password=wrong&rememberClient=maybe&twoFactorVerificationCode=%00",
			"tenancyName=Nope&userNameOrEmailAddress=admin&password=123qwe",
			"tenancyName=&userNameOrEmailAddress=nobody&password=123qwe",
			"tenancyName=&userNameOrEmailAddress=admin&password=wrong", "sendTwoFactorCode=Email",
			"sendTwoFactorCode=%00&password=");

	/**
	 * JSON bodies of the login post, the token endpoint and the reset path, none right.
	 */
	public static final List<String> JSON = List.of("", "{", "null", "\"admin\"", "[]", "{}",
			"{\"tenancyName\": 1, \"userNameOrEmailAddress\": true, \"password\": 123}",
			"{\"tenancyName\": {}, \"userNameOrEmailAddress\": [\"admin\"], \"password\": null}",
			"{\"userNameOrEmailAddress\": \"admin\", \"password\": \"\", \"rememberClient\": \"maybe\"}",
			"{\"userNameOrEmailAddress\": \"ad\\u0000min\", \"password\": \"123qwe\"}",
			"{\"tenancyName\": \"" + "t".repeat(65) + "\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"x\"}",
			"{\"userNameOrEmailAddress\": \"admin\", \"password\": \"wrong\"}",
			"{\"userId\": \"two\", \"resetCode\": [], \"password\": 1}",
			"{\"userId\": 2, \"resetCode\": \"guess\", \"password\": \"a new pass phrase\"}");

	private FailedSignIns() {
	}

	/**
	 * Posts a form from a new client.
	 * @param port the application's port
	 * @param path where to
	 * @param form the form's body
	 * @param withCsrfToken whether the post carries a CSRF token
	 * @return the client, with the flash cookie of the answer if any, and the answer
	 */
	public static Sent postForm(int port, String path, String form, boolean withCsrfToken) {
		HttpTestClient client = new HttpTestClient(port);
		Response response = withCsrfToken
				? client.post(path, "application/x-www-form-urlencoded",
						"_csrf=" + MASKED_TOKEN + (form.isEmpty() ? "" : "&" + form), "Cookie", "XSRF-TOKEN=" + TOKEN)
				: client.post(path, "application/x-www-form-urlencoded", form);
		return new Sent(client, response);
	}

	/**
	 * Asserts that a form post was sent to the login page (or the reset page), and
	 * answers that page as the client's browser gets it next.
	 * @param sent the post and its client
	 * @param pagePaths the pages it may be sent to
	 * @return the page's body
	 */
	public static String assertSentToPage(Sent sent, String... pagePaths) {
		Response response = sent.response();
		assertThat(response.status()).as(response.body()).isEqualTo(302);
		URI location = URI.create(response.header("Location"));
		assertThat(location.getPath()).isIn((Object[]) pagePaths);
		Response page = sent.client()
			.get(location.getRawPath() + ((location.getRawQuery() != null) ? "?" + location.getRawQuery() : ""));
		assertThat(page.status()).isEqualTo(200);
		return page.body();
	}

	/**
	 * Asserts that a JSON answer is a refusal with its message.
	 * @param response the answer
	 */
	public static void assertRefusedWithMessage(Response response) {
		assertThat(response.status()).as(response.body()).isIn(400, 401, 429);
		assertThat(response.body()).contains("\"message\"");
	}

	/**
	 * Sends {@value #FLOOD} wrong-password form posts from one address, as a script that
	 * keeps no cookies, and asserts that each is sent to the login page and that at most
	 * {@value #FEW_SESSIONS} sessions are left behind.
	 * @param port the application's port
	 * @param loginPath the login path
	 * @param sessions counts the application's sessions
	 */
	public static void assertAFloodLeavesFewSessions(int port, String loginPath, IntSupplier sessions) {
		int before = sessions.getAsInt();
		HttpTestClient script = new HttpTestClient(port, false);
		for (int i = 0; i < FLOOD; i++) {
			Response response = script.post(loginPath, "application/x-www-form-urlencoded",
					"_csrf=" + MASKED_TOKEN + "&tenancyName=&userNameOrEmailAddress="
							+ ((i % 2 == 0) ? "admin" : "user" + i) + "&password=wrong" + i,
					"Cookie", "XSRF-TOKEN=" + TOKEN);
			assertThat(response.status()).as(response.body()).isEqualTo(302);
			assertThat(URI.create(response.header("Location")).getPath()).isEqualTo(loginPath);
		}
		assertThat(sessions.getAsInt() - before).as("sessions left by %d failed sign-ins", FLOOD)
			.isLessThanOrEqualTo(FEW_SESSIONS);
	}

	/**
	 * Asserts that the application logged nothing above WARN.
	 * @param output what the application wrote
	 */
	public static void assertNoErrorLogged(CapturedOutput output) {
		assertThat(output.getAll().lines().filter((line) -> line.contains(" ERROR ")).limit(5))
			.as("ERROR lines in the log")
			.isEmpty();
	}

	private static byte[] concat(byte[] first, byte[] second) {
		byte[] both = new byte[first.length + second.length];
		System.arraycopy(first, 0, both, 0, first.length);
		System.arraycopy(second, 0, both, first.length, second.length);
		return both;
	}

	/**
	 * A post and the client that sent it.
	 *
	 * @param client the client, with the cookies of the answer
	 * @param response the answer
	 */
	public record Sent(HttpTestClient client, Response response) {
	}

}
