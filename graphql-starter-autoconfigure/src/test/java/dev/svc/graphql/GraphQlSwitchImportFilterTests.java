package dev.svc.graphql;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class GraphQlSwitchImportFilterTests {

	private static final String[] CANDIDATES = {
			"org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration",
			"org.springframework.boot.graphql.autoconfigure.servlet.GraphQlWebMvcAutoConfiguration",
			"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration", null };

	private static boolean[] match(MockEnvironment environment) {
		GraphQlSwitchImportFilter filter = new GraphQlSwitchImportFilter();
		filter.setEnvironment(environment);
		return filter.match(CANDIDATES, null);
	}

	@Test
	void shouldLeaveOutSpringBootsGraphQlWhileTheSwitchIsOff() {
		assertThat(match(new MockEnvironment())).containsExactly(false, false, true, true);
		assertThat(match(new MockEnvironment().withProperty("graphql.enabled", "false"))).containsExactly(false, false,
				true, true);
	}

	@Test
	void shouldKeepEverythingWhenTheSwitchIsOn() {
		assertThat(match(new MockEnvironment().withProperty("GraphQL.Enabled", "true"))).containsExactly(true, true,
				true, true);
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void shouldStopTheStartUpWithSpringBootsReportForAValueThatIsNotABoolean(CapturedOutput output) {
		SpringApplication host = new SpringApplication(TestHostApplication.class);
		host.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> host.run("--graphql.enabled=ture"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Failed to bind properties under 'graphql.enabled' to java.lang.Boolean")
			.contains("Value: \"ture\"");
	}

	@Test
	void shouldRefuseAValueThatIsNotABoolean() {
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> match(new MockEnvironment().withProperty("graphql.enabled", "ture")))
			.withMessageContaining("graphql.enabled");
	}

}
