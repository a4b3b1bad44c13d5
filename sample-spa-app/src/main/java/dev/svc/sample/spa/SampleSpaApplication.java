package dev.svc.sample.spa;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The single-page host: bearer tokens from {@code /api/TokenAuth/Authenticate}, or a
 * session cookie from the {@code /ui/login} page.
 */
@SpringBootApplication
public class SampleSpaApplication {

	/**
	 * Starts the sample.
	 * @param args the command line
	 */
	public static void main(String[] args) {
		SpringApplication.run(SampleSpaApplication.class, args);
	}

}
