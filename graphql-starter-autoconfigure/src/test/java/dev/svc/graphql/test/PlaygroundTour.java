package dev.svc.graphql.test;

import java.time.Duration;

import com.microsoft.playwright.Page;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a user signed in with a session cookie finds in the playground, on every front
 * end: the spec's features, the settings and the schema polling, and no request to
 * another origin.
 */
public final class PlaygroundTour {

	/**
	 * What an anonymous caller is told of a field that requires a permission (the
	 * specification's section 7), whatever it is shown of the schema.
	 */
	public static final String NOT_LOGGED_IN = "Current user did not login to the application!";

	/** The query of the spec's playground example. */
	public static final String USERS = "{ users { totalCount items { name roles { name } } } }";

	private PlaygroundTour() {
	}

	/**
	 * Takes the tour and asserts each step.
	 * @param playground the playground, open in a browser signed in with a session cookie
	 * @param users what {@link #USERS} answers that user, as JSON
	 * @param screenshotPrefix the prefix of the screenshots' names
	 */
	public static void asCookieUser(Playground playground, String users, String screenshotPrefix) {
		assertThat(playground.completionsAfter("{ us")).contains("users");
		String unknownField = "Cannot query field \"nope\" on type \"Role\". Did you mean \"name\"?";
		assertThat(playground.problemShownIn("{ roles { nope } }", unknownField)).isEqualTo(unknownField);
		try {
			JSONAssert.assertEquals(users, playground.run(USERS), JSONCompareMode.STRICT);
		}
		catch (org.json.JSONException ex) {
			throw new AssertionError(ex);
		}
		assertThat(playground.prettify()).startsWith("{", "  users {", "    totalCount");
		playground.show("GraphiQL Explorer");
		assertThat(playground.screenshot(screenshotPrefix)).exists();

		// omit: the cookie stays home, and the query runs anonymously, refused as the
		// specification says
		playground.saveSettings("omit", false);
		assertThat(playground.run(USERS)).contains("\"code\": \"SVC_AUTHORIZATION\"").contains(NOT_LOGGED_IN);
		assertThat(playground.schemaRequests()).as("the schema fetched once, no polling unless switched on")
			.isEqualTo(1);

		// saved settings survive a reload, and still apply
		playground.reload();
		assertThat(playground.shownSettings()).isEqualTo("request.credentials=omit, schema.polling.enable=false");
		assertThat(playground.run(USERS)).contains(NOT_LOGGED_IN);

		playground.saveSettings("include", true);
		assertThat(playground.screenshot(screenshotPrefix + "-settings")).exists();
		// polling on: the schema comes again and again, every 2 s (no sooner, or a page
		// left open would flood the server)
		Duration betweenPolls = playground.awaitSchemaRequests(playground.schemaRequests() + 2);
		assertThat(betweenPolls).as("time between two polls").isGreaterThan(Duration.ofMillis(1_500));
		assertThat(playground.run(USERS)).contains("\"totalCount\": 2");

		assertThat(playground.requestsToOtherOrigins()).isEmpty();
	}

	/**
	 * Opens the playground on a custom path, runs a query there, and finds nothing on the
	 * default path.
	 * @param page a page of a browser signed in as the host's administrator
	 * @param origin the application's origin
	 * @param path the custom path
	 */
	public static void atCustomPath(Page page, String origin, String path) {
		Playground playground = new Playground(page, origin, path);
		assertThat(playground.run("{ roles { name } }")).contains("\"name\": \"Admin\"");
		assertThat(playground.requestsToOtherOrigins()).isEmpty();
		assertThat(page.navigate(origin + "/ui/playground").status()).isEqualTo(404);
	}

}
