package dev.svc.graphql.test;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The actuator endpoints a running app lists to a client allowed to read them, as paths:
 * the index itself, every endpoint but health, and each endpoint that takes a name with
 * one a running app always has ({@code http.server.requests} for metrics).
 */
public final class ActuatorEndpoints {

	private static final Map<String, String> EXAMPLES = Map.of("metrics-requiredMetricName",
			"/actuator/metrics/http.server.requests");

	private ActuatorEndpoints() {
	}

	/**
	 * The paths the actuator index lists to the client, health's left out.
	 * @param client signed in as someone allowed to read the index
	 * @return the paths, the index first
	 */
	public static List<String> listedFor(HttpTestClient client) {
		HttpTestClient.Response index = client.get("/actuator");
		if (index.status() != 200) {
			throw new IllegalStateException("The actuator index answered " + index.status() + ": " + index.body());
		}
		List<String> paths = new ArrayList<>(List.of("/actuator"));
		Map<?, ?> links = (Map<?, ?>) HttpTestClient.parse(index.body()).get("_links");
		links.forEach((name, link) -> {
			Map<?, ?> target = (Map<?, ?>) link;
			if (name.equals("self") || name.toString().startsWith("health")) {
				return;
			}
			if (Boolean.TRUE.equals(target.get("templated"))) {
				if (!EXAMPLES.containsKey(name.toString())) {
					throw new IllegalStateException("No example for the templated endpoint " + name + ": " + target);
				}
				paths.add(EXAMPLES.get(name.toString()));
			}
			else {
				paths.add(URI.create(target.get("href").toString()).getPath());
			}
		});
		return paths;
	}

}
