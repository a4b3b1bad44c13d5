package dev.svc.graphql.playground;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;

/** The in-browser query IDE ({@code graphql.playground.*}). */
@ConfigurationProperties("graphql.playground")
public class PlaygroundProperties {

	/** Whether the playground page is served: graphql.playground-enabled's old name. */
	private boolean enabled;

	/** Path of the playground page. */
	private String path = "/ui/playground";

	@DeprecatedConfigurationProperty(replacement = "graphql.playground-enabled",
			reason = "The specification's name is the one name (issue 48); this one works until the first release.")
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
