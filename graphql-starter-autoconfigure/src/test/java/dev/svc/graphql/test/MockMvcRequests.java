package dev.svc.graphql.test;

import java.util.Map;

import jakarta.servlet.http.HttpSession;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

/**
 * The requests the module's clients send, through {@link MockMvcTester}: the
 * application's filters and security chains run as on a server, without one.
 */
public final class MockMvcRequests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private MockMvcRequests() {
	}

	/**
	 * The tester of a context runner's context that has {@link TestHostRunner#WEB}: with
	 * the application's filters and security chains, as {@code @AutoConfigureMockMvc}
	 * makes it.
	 * @param context the context
	 * @return its tester
	 */
	public static MockMvcTester mvc(AssertableWebApplicationContext context) {
		return context.getBean(MockMvcTester.class);
	}

	/**
	 * A GraphQL query posted as {@code application/json}.
	 * @param mvc the tester
	 * @param path the endpoint's path
	 * @param document the query
	 * @return the request, to add headers to and send
	 */
	public static MockMvcRequestBuilder graphQl(MockMvcTester mvc, String path, String document) {
		return postJson(mvc, path, json(Map.of("query", document)));
	}

	/**
	 * A body posted as {@code application/json}.
	 * @param mvc the tester
	 * @param path the path
	 * @param body the body
	 * @return the request, to add headers to and send
	 */
	public static MockMvcRequestBuilder postJson(MockMvcTester mvc, String path, String body) {
		return mvc.post().uri(path).contentType(MediaType.APPLICATION_JSON).content(body);
	}

	/**
	 * Signs a user in with the token sign-in.
	 * @return the {@code Authorization} header value that carries its access token
	 */
	public static String bearerToken(MockMvcTester mvc, String tenancyName, String userNameOrEmailAddress,
			String password) {
		MvcTestResult response = postJson(mvc, "/api/TokenAuth/Authenticate", json(Map.of("tenancyName", tenancyName,
				"userNameOrEmailAddress", userNameOrEmailAddress, "password", password)))
			.exchange();
		if (response.getResponse().getStatus() != HttpStatus.OK.value()) {
			throw new IllegalStateException(
					"Token sign-in failed: " + response.getResponse().getStatus() + " " + body(response));
		}
		return "Bearer " + ((Map<?, ?>) parse(body(response)).get("result")).get("accessToken");
	}

	/**
	 * Signs a user in with the cookie sign-in's JSON login.
	 * @return the session it created, to send further requests with
	 */
	public static MockHttpSession signedInSession(MockMvcTester mvc, String tenancyName, String userNameOrEmailAddress,
			String password) {
		MvcTestResult response = postJson(mvc, "/Account/Login", json(Map.of("tenancyName", tenancyName,
				"userNameOrEmailAddress", userNameOrEmailAddress, "password", password)))
			.exchange();
		HttpSession session = response.getRequest().getSession(false);
		if (response.getResponse().getStatus() != HttpStatus.OK.value()
				|| !(session instanceof MockHttpSession mockSession)) {
			throw new IllegalStateException(
					"Cookie sign-in failed: " + response.getResponse().getStatus() + " " + body(response));
		}
		return mockSession;
	}

	/**
	 * The body of a response, as text.
	 * @param response the response
	 * @return its body
	 */
	public static String body(MvcTestResult response) {
		try {
			return response.getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
		}
		catch (java.io.UnsupportedEncodingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public static String json(Object value) {
		return JSON.writeValueAsString(value);
	}

	public static Map<?, ?> parse(String json) {
		return JSON.readValue(json, Map.class);
	}

}
