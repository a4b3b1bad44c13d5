package dev.svc.sample.spa;

import java.util.List;

import com.microsoft.playwright.Page;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.InBrowser;
import dev.svc.graphql.test.Playground;
import dev.svc.graphql.test.PlaygroundTour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The playground in a real browser on the single-page front end: signed in on
 * {@code /ui/login} with a session cookie, or with an access token that the login page
 * keeps in the tab and the playground offers as the {@code Authorization} header.
 */
@InBrowser
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class PlaygroundBrowserTests {

	private static final String USERS = """
			{"data": {"users": {"totalCount": 2, "items": [
			  {"name": "admin", "roles": [{"name": "Admin"}]},
			  {"name": "John", "roles": [{"name": "User"}]}]}}}""";

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@LocalServerPort
	private int port;

	private Page signIn(String mode, String landing) {
		return signIn(mode, landing, "Default", "admin");
	}

	private Page signIn(String mode, String landing, String tenancyName, String user) {
		Page page = chromium.newPage();
		page.navigate(origin() + "/ui/login");
		page.fill("input[name=tenancyName]", tenancyName);
		page.fill("input[name=userNameOrEmailAddress]", user);
		page.fill("input[name=password]", "123qwe");
		page.check("input[name=mode][value=" + mode + "]");
		page.click("button[type=submit]");
		page.waitForURL(origin() + landing);
		assertThat(page.locator("#playground-link").getAttribute("href")).isEqualTo("/ui/playground");
		return page;
	}

	private String origin() {
		return "http://localhost:" + this.port;
	}

	@Test
	void shouldRunQueriesAsTheUserOfTheSessionCookie() {
		Page page = signIn("cookie", "/ui/");
		PlaygroundTour.asCookieUser(new Playground(page, origin(), "/ui/playground"), USERS, "playground-spa");
	}

	@Test
	void shouldOfferTheTokenOfTheLoginPageAsTheAuthorizationHeader() throws Exception {
		Page page = signIn("token", "/ui/token");
		String token = (String) page.evaluate("() => sessionStorage.getItem('svc.accessToken')");
		Playground playground = new Playground(page, origin(), "/ui/playground");

		assertThat(playground.headers()).matches("\\{ \"Authorization\": \"Bearer [\\w-]+\\.[\\w-]+\\.[\\w-]+\" ?\\}");
		JSONAssert.assertEquals(USERS, playground.run(PlaygroundTour.USERS), JSONCompareMode.STRICT);
		// the token is no cookie: the credentials setting leaves it alone
		playground.saveSettings("omit", false);
		assertThat(playground.run(PlaygroundTour.USERS)).contains("\"totalCount\": 2");
		playground.prettify();
		assertThat(playground.screenshot("playground-spa-token")).exists();

		// removed from the headers, it no longer signs the queries in
		playground.clearHeaders();
		assertThat(playground.run(PlaygroundTour.USERS)).contains(PlaygroundTour.NOT_LOGGED_IN);
		assertThat(playground.requestsToOtherOrigins()).isEmpty();

		// logging out on the token page ends the token's session on the server
		page.navigate(origin() + "/ui/token");
		page.click("#log-out");
		page.waitForURL(origin() + "/ui/login");
		assertThat(new HttpTestClient(this.port)
			.graphQl("/graphql", PlaygroundTour.USERS, "Authorization", "Bearer " + token)
			.body()).contains(PlaygroundTour.NOT_LOGGED_IN);
	}

	@Test
	void shouldLoadAValidSchemaForAUserWhoMayUseNoField() {
		// jdoe holds no permission: it is shown a schema with a placeholder field, which
		// graphql-js validates
		Page page = signIn("cookie", "/ui/", "Default", "jdoe");
		Playground playground = new Playground(page, origin(), "/ui/playground");
		assertThat(playground.documentationError()).isEmpty();
		assertThat(playground.completionsAfter("{ ")).contains("_empty").doesNotContain("users");
		// what it sends still answers as the specification says
		assertThat(playground.run("{ users { totalCount } }")).contains("\"code\": \"SVC_AUTHORIZATION\"")
			.contains("Required permissions are not granted");
	}

	@Test
	void shouldCompleteOnlyTheFieldsOfTheSignedInUserAndTheAdministratorsOnceSignedInInTheSameTab() {
		// the auditor may read the audit log, and nothing else
		Page page = signIn("cookie", "/ui/", "", "auditor");
		Playground playground = new Playground(page, origin(), "/ui/playground");
		assertThat(playground.completionsAfter("{ ")).contains("auditLogs")
			.doesNotContain("users", "roles", "organizationUnits");
		playground.saveSettings("include", true);

		// the administrator signs in in the same tab, as the login page does: the next
		// poll brings its fields
		int schemaRequests = playground.schemaRequests();
		page.evaluate("""
				() => fetch('/ui/login', {method: 'POST', credentials: 'same-origin',
				  headers: {'Content-Type': 'application/json', 'Accept': 'application/json'},
				  body: JSON.stringify({tenancyName: 'Default', userNameOrEmailAddress: 'admin', password: '123qwe'})})
				  .then((response) => response.status)""");
		List<String> completions = playground.completionsAfter("{ ");
		for (int attempt = 0; attempt < 5 && !completions.contains("users"); attempt++) {
			playground.awaitSchemaRequests(playground.schemaRequests() + 1);
			completions = playground.completionsAfter("{ ");
		}
		assertThat(completions).contains("auditLogs", "users", "roles", "organizationUnits");
		assertThat(playground.schemaRequests()).as("the schema came with a poll").isGreaterThan(schemaRequests);
	}

	@Test
	void shouldSendATabWithoutTokenFromTheTokenPageToTheLoginPage() {
		Page page = chromium.newPage();
		page.navigate(origin() + "/ui/token");
		page.waitForURL(origin() + "/ui/login");
	}

}
