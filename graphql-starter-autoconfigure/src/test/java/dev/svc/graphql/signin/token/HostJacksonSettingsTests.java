package dev.svc.graphql.signin.token;

import java.nio.charset.StandardCharsets;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The front ends read the token sign-in's envelope by the names the specification gives
 * them, whatever the host's own Jackson settings: a naming strategy, an inclusion rule
 * and a refusal of unknown members for the host's controllers leave the module's answers
 * and what it reads as they are.
 */
@SpringBootTest(classes = TestHostApplication.class, properties = { "graphql.enabled=true",
		"spring.graphql.schema.locations=classpath:graphql-test/", "graphql.identity.demo-data=true",
		"graphql.sign-in.token.enabled=true", "graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY,
		"spring.jackson.property-naming-strategy=SNAKE_CASE", "spring.jackson.default-property-inclusion=non_empty",
		"spring.jackson.deserialization.fail-on-unknown-properties=true" })
@AutoConfigureMockMvc
class HostJacksonSettingsTests {

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldAnswerAFailedSignInInTheSpecificationsNames() {
		MvcTestResult response = postJson(this.mvc, "/api/TokenAuth/Authenticate",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"nope\"}")
			.exchange();
		assertThat(response).hasStatus(401);
		assertThat(response).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"result": null, "targetUrl": null, "success": false,
							 "error": {"code": 0, "message": "Invalid user name or password", "details": null, "validationErrors": null},
							 "unAuthorizedRequest": true, "__svc": true}""");
	}

	@Test
	void shouldAnswerTheEndpointWithItsNulls() {
		MvcTestResult response = postJson(this.mvc, "/graphql",
				"{\"query\": \"{ users { totalCount } }\", \"clientName\": \"an added member\"}")
			.exchange();
		// users is not nullable: its error leaves no data, and the specification says so
		// with "data": null rather than without the member
		JsonNode body = JsonMapper.shared()
			.readTree(new String(response.getResponse().getContentAsByteArray(), StandardCharsets.UTF_8));
		assertThat(body.has("data")).isTrue();
		assertThat(body.get("data").isNull()).isTrue();
		assertThat(body.get("errors").get(0).get("extensions").get("code").asString()).isEqualTo("SVC_AUTHORIZATION");
	}

	@Test
	void shouldReadTheOperationNameByItsOwnName() {
		MvcTestResult response = postJson(this.mvc, "/graphql",
				"{\"query\": \"query A { users { totalCount } } query B { __typename }\", \"operationName\": \"B\"}")
			.exchange();
		assertThat(response).bodyJson().extractingPath("$.data.__typename").isEqualTo("Query");
	}

	@Test
	void shouldAnswerARefusalWithEveryMemberOfItsError() {
		MvcTestResult response = this.mvc.post()
			.uri("/graphql")
			.contentType(MediaType.TEXT_PLAIN)
			.content("{ __typename }")
			.exchange();
		assertThat(response).hasStatus(415);
		JsonNode error = JsonMapper.shared()
			.readTree(new String(response.getResponse().getContentAsByteArray(), StandardCharsets.UTF_8))
			.get("errors")
			.get(0);
		assertThat(error.has("locations")).isTrue();
		assertThat(error.has("path")).isTrue();
		assertThat(error.get("extensions").get("code").asString()).isEqualTo("BAD_REQUEST");
	}

	@Test
	void shouldReadASignInSentInTheSpecificationsNames() {
		MvcTestResult response = postJson(this.mvc, "/api/TokenAuth/Authenticate",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin@example.com\", \"password\": \"123qwe\","
						+ " \"singleSignIn\": false}")
			.exchange();
		assertThat(response).hasStatus(200);
		assertThat(response).bodyJson().extractingPath("$.result.accessToken").isNotNull();
		assertThat(response).bodyJson().extractingPath("$.result.refreshTokenExpireInSeconds").isEqualTo(31536000);
	}

}
