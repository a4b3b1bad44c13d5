package dev.svc.graphql.playground;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The in-browser query IDE ({@code graphql.playground.*}). */
@ConfigurationProperties("graphql.playground")
public class PlaygroundProperties {

	/**
	 * Whether the playground page is served (with graphql.enabled);
	 * graphql.playground-enabled sets it too.
	 */
	private boolean enabled;

	/** Path of the playground page. */
	private String path = "/ui/playground";

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getPath() {
		return this.path;
	}

	public void setPath(String path) {
		this.path = path;
	}

}
