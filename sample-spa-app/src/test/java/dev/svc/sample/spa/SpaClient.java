package dev.svc.sample.spa;

import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signs in through the app's real sign-in paths and runs queries over HTTP.
 */
final class SpaClient {

	private final HttpTestClient http;

	private String accessToken;

	SpaClient(int port) {
		this.http = new HttpTestClient(port);
	}

	HttpTestClient http() {
		return this.http;
	}

	/**
	 * Signs in with {@code POST /api/TokenAuth/Authenticate}; later queries send the access token.
	 */
	SpaClient withToken(String tenancyName, String user) {
		Response response = this.http.post("/api/TokenAuth/Authenticate", "application/json", HttpTestClient
			.json(Map.of("tenancyName", tenancyName, "userNameOrEmailAddress", user, "password", "123qwe")));
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		Map<?, ?> result = (Map<?, ?>) HttpTestClient.parse(response.body()).get("result");
		this.accessToken = (String) result.get("accessToken");
		return this;
	}

	/**
	 * Signs in with the {@code /ui/login} page's request; later queries send the session cookie.
	 */
	SpaClient withCookie(String tenancyName, String user) {
		Response response = this.http.post("/ui/login", "application/json", HttpTestClient
			.json(Map.of("tenancyName", tenancyName, "userNameOrEmailAddress", user, "password", "123qwe")));
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		return this;
	}

	String accessToken() {
		return this.accessToken;
	}

	String query(String query, Map<String, Object> variables) {
		String body = HttpTestClient.json(Map.of("query", query, "variables", variables));
		Response response = (this.accessToken != null)
				? this.http.post("/graphql", "application/json", body, "Authorization", "Bearer " + this.accessToken)
				: this.http.post("/graphql", "application/json", body);
		return response.body();
	}

	String query(String query) {
		Response response = (this.accessToken != null)
				? this.http.graphQl("/graphql", query, "Authorization", "Bearer " + this.accessToken)
				: this.http.graphQl("/graphql", query);
		return response.body();
	}

}
