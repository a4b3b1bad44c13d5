package dev.svc.graphql;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every auto-configuration of the module has its conditions and order in the metadata
 * that {@code spring-boot-autoconfigure-processor} writes, so that Spring Boot filters it
 * before its classes load.
 */
class AutoConfigurationMetadataTests {

	@Test
	void shouldDescribeEveryAutoConfigurationInTheMetadata() throws IOException {
		List<String> autoConfigurations;
		try (InputStream imports = new ClassPathResource(
				"META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports")
			.getInputStream()) {
			autoConfigurations = new String(imports.readAllBytes(), StandardCharsets.UTF_8).lines()
				.map(String::trim)
				.filter((line) -> !line.isEmpty() && !line.startsWith("#"))
				.toList();
		}
		Properties metadata = new Properties();
		try (InputStream file = new ClassPathResource("META-INF/spring-autoconfigure-metadata.properties")
			.getInputStream()) {
			metadata.load(file);
		}
		assertThat(autoConfigurations).isNotEmpty().allSatisfy((name) -> assertThat(metadata).containsKey(name));
		assertThat(metadata.getProperty("dev.svc.graphql.signin.token.TokenSignInAutoConfiguration.AutoConfigureAfter"))
			.contains("dev.svc.graphql.signin.SignInAutoConfiguration");
	}

}
