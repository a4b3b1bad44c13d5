package dev.svc.graphql.limits;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.test.AttackShapes.Attack;
import dev.svc.graphql.test.TestHostApplication;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationValidationParameters;
import graphql.validation.ValidationError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shapes of the attacks the limits are for, sent as an attacker would, anonymously:
 * each is refused before graphql-java validates it (validation is where they cost the
 * most: fragment chains grow it with the cube of their length, fan-outs exponentially),
 * so the work is a parse bounded by the token limit and one pass over the document. (Huge
 * bodies, many at once, are refused without being read: {@link RequestBodyLimitTests}.)
 */
@SpringBootTest(classes = { TestHostApplication.class, CheapRefusalTests.CountingValidations.class },
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" })
@AutoConfigureMockMvc
class CheapRefusalTests {

	private static final AtomicInteger VALIDATIONS = new AtomicInteger();

	@Autowired
	private MockMvcTester mvc;

	@ParameterizedTest(name = "{0}")
	@MethodSource("dev.svc.graphql.test.AttackShapes#all")
	void shouldRefuseBeforeValidation(Attack attack) {
		int validationsBefore = VALIDATIONS.get();
		MvcTestResult response = graphQl(this.mvc, "/graphql", attack.document()).exchange();
		assertThat(response).as(attack.name()).hasStatus(400);
		assertThat(body(response)).as(attack.name()).contains("\"code\":\"" + attack.code() + "\"");
		assertThat(VALIDATIONS.get()).as(attack.name() + ": graphql-java's validations").isEqualTo(validationsBefore);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class CountingValidations {

		@Bean
		SimplePerformantInstrumentation validationCounter() {
			return new SimplePerformantInstrumentation() {

				@Override
				public InstrumentationContext<List<ValidationError>> beginValidation(
						InstrumentationValidationParameters parameters, InstrumentationState state) {
					VALIDATIONS.incrementAndGet();
					return super.beginValidation(parameters, state);
				}

			};
		}

	}

}
