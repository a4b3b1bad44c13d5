package dev.svc.sample.mvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The server-rendered host: cookie sign-in on {@code /Account/Login}, then queries from
 * the playground in the same browser.
 */
@SpringBootApplication
public class SampleMvcApplication {

	/**
	 * Starts the sample.
	 * @param args the command line
	 */
	public static void main(String[] args) {
		SpringApplication.run(SampleMvcApplication.class, args);
	}

}
