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

	private boolean byHash;

	SpaClient(int port) {
		this.http = new HttpTestClient(port);
	}

	/**
	 * Sends later queries by their hash, as Apollo Client's persisted-query link does:
	 * the hash alone, then the text with it when the server answers
	 * {@code PersistedQueryNotFound}; each query twice, and the two answers must be the
	 * same.
	 */
	SpaClient byHash() {
		this.byHash = true;
		return this;
	}

	HttpTestClient http() {
		return this.http;
	}

	/**
	 * Signs in with {@code POST /api/TokenAuth/Authenticate}; later queries send the
	 * access token.
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
	 * Signs in with the {@code /ui/login} page's request; later queries send the session
	 * cookie.
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
		if (this.byHash) {
			String first = queryByHash(query, variables);
			assertThat(queryByHash(query, variables)).as("the same answer by hash, again").isEqualTo(first);
			return first;
		}
		return post(Map.of("query", query, "variables", variables));
	}

	String query(String query) {
		return query(query, Map.of());
	}

	private String queryByHash(String query, Map<String, Object> variables) {
		Map<String, Object> extensions = Map.of("persistedQuery",
				Map.of("version", 1, "sha256Hash", HttpTestClient.sha256(query)));
		String byHash = post(Map.of("variables", variables, "extensions", extensions));
		return byHash.contains("\"PERSISTED_QUERY_NOT_FOUND\"")
				? post(Map.of("query", query, "variables", variables, "extensions", extensions)) : byHash;
	}

	private String post(Map<String, Object> request) {
		String body = HttpTestClient.json(request);
		Response response = (this.accessToken != null)
				? this.http.post("/graphql", "application/json", body, "Authorization", "Bearer " + this.accessToken)
				: this.http.post("/graphql", "application/json", body);
		return response.body();
	}

}
