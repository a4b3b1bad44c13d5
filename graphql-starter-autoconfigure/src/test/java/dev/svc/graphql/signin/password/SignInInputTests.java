package dev.svc.graphql.signin.password;

import java.util.stream.Stream;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client's mistakes on both sign-in paths, the token endpoint and the JSON login post,
 * through the application's filters and security chains and on the build's database: each
 * answers 400 and says what is wrong with which field, none answers 500, and none logs
 * anything above WARN.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.audit.enabled=true", "graphql.sign-in.cookie.enabled=true",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=input-test-key-0123456789abcdef-not-a-secret" })
@AutoConfigureMockMvc
@ExtendWith(OutputCaptureExtension.class)
class SignInInputTests {

	private static final String LONG = "x".repeat(10_000);

	@Autowired
	private MockMvcTester mvc;

	private static int logLength;

	static Stream<Arguments> mistakes() {
		return Stream.of(Arguments.of("NUL in the user name",
				"{\"userNameOrEmailAddress\": \"ad\\u0000min\", \"password\": \"123qwe\"}",
				"The userNameOrEmailAddress field must not contain control characters.", "userNameOrEmailAddress"),
				Arguments.of("NUL in the tenancy name",
						"{\"tenancyName\": \"\\u0000\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}",
						"The tenancyName field must not contain control characters.", "tenancyName"),
				Arguments.of("an over-long user name",
						"{\"userNameOrEmailAddress\": \"" + LONG + "\", \"password\": \"123qwe\"}",
						"The userNameOrEmailAddress field must be at most 256 characters long.",
						"userNameOrEmailAddress"),
				Arguments.of("an over-long tenancy name",
						"{\"tenancyName\": \"" + LONG
								+ "\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}",
						"The tenancyName field must be at most 64 characters long.", "tenancyName"),
				Arguments.of("an over-long password",
						"{\"userNameOrEmailAddress\": \"admin\", \"password\": \"" + LONG + "\"}",
						"The password field must be at most 128 characters long.", "password"),
				Arguments.of("a missing password", "{\"userNameOrEmailAddress\": \"admin\"}",
						"The password field is required.", "password"),
				Arguments.of("an empty object", "{}", "The userNameOrEmailAddress field is required.",
						"userNameOrEmailAddress"));
	}

	static Stream<Arguments> unreadable() {
		return Stream.of(
				Arguments.of("an object for a string", "{\"userNameOrEmailAddress\": {\"a\": 1}, \"password\": \"x\"}"),
				Arguments.of("an array", "[\"admin\", \"123qwe\"]"), Arguments.of("not JSON", "userName=admin"),
				Arguments.of("an empty body", ""), Arguments.of("null", "null"));
	}

	@BeforeAll
	static void markTheLog(CapturedOutput output) {
		logLength = output.getAll().length();
	}

	@AfterAll
	static void shouldHaveLoggedNothingAboveWarn(CapturedOutput output) {
		assertThat(output.getAll().substring(logLength)).doesNotContain(" ERROR ").doesNotContain("Exception");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("mistakes")
	void shouldNameTheFieldOnTheTokenEndpoint(String mistake, String body, String message, String field) {
		MvcTestResult response = postJson(this.mvc, "/api/TokenAuth/Authenticate", body).exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("\"message\":\"" + message + "\",\"members\":[\"" + field + "\"]");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("mistakes")
	void shouldNameTheFieldOnTheLoginPost(String mistake, String body, String message, String field) {
		MvcTestResult response = postJson(this.mvc, "/Account/Login", body).exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("\"message\":\"" + message + "\",\"members\":[\"" + field + "\"]");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("unreadable")
	void shouldSayWhatABodyMustBe(String mistake, String body) {
		for (String path : new String[] { "/api/TokenAuth/Authenticate", "/Account/Login" }) {
			MvcTestResult response = postJson(this.mvc, path, body).exchange();
			assertThat(response).as(path).hasStatus(400);
			assertThat(body(response)).as(path).contains("The body must be a JSON object");
		}
	}

}
