package dev.svc.graphql.error;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How much errors tell ({@code graphql.expose-exception-details}).
 */
@ConfigurationProperties("graphql")
public class GraphQlErrorProperties {

	/**
	 * Whether error messages carry the exception chain and stack trace (the "debug build"
	 * mode). Never enable it in production: it tells clients about the server's
	 * internals.
	 */
	private boolean exposeExceptionDetails;

	public boolean isExposeExceptionDetails() {
		return this.exposeExceptionDetails;
	}

	public void setExposeExceptionDetails(boolean exposeExceptionDetails) {
		this.exposeExceptionDetails = exposeExceptionDetails;
	}

}
