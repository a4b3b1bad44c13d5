package dev.svc.graphql.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real browser for page tests: Debian's Chromium ({@code svc.test.chromium}, default
 * {@code /usr/bin/chromium}) driven by Playwright; where there is none, the class's tests
 * are skipped with a line that says what to install, or fail when
 * {@code svc.test.browser-required=true} (as CI sets it), headless, with no network but
 * the loopback. Register it as a static extension field; it starts before the class's
 * tests and closes after, shared by its nested classes. Every wait is bounded: the launch
 * by {@link #LAUNCH_TIMEOUT}, each action, wait and navigation of a page by
 * {@link #TIMEOUT}, each script run in a page by the test's own timeout (JUnit interrupts
 * the test's thread, and Playwright ends its wait then).
 */
public final class HeadlessChromium implements BeforeAllCallback, AfterAllCallback {

	/** How long a page's action, wait or navigation may take before it fails. */
	public static final Duration TIMEOUT = Duration.ofSeconds(15);

	/** How long Chromium may take to start. */
	private static final Duration LAUNCH_TIMEOUT = Duration.ofSeconds(60);

	private Playwright playwright;

	private Browser browser;

	/** The class that started the browser: its nested classes share it. */
	private Class<?> owner;

	@Override
	public void beforeAll(ExtensionContext context) {
		if (this.owner != null) {
			return;
		}
		Path executable = executable();
		this.owner = context.getRequiredTestClass();
		this.playwright = Playwright
			.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
		this.browser = this.playwright.chromium()
			.launch(new BrowserType.LaunchOptions().setExecutablePath(executable)
				.setHeadless(true)
				.setTimeout(LAUNCH_TIMEOUT.toMillis())
				.setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
						"--disable-background-networking", "--disable-component-update", "--disable-sync")));
	}

	@Override
	public void afterAll(ExtensionContext context) {
		if (context.getRequiredTestClass() != this.owner) {
			return;
		}
		this.owner = null;
		if (this.browser != null) {
			this.browser.close();
		}
		if (this.playwright != null) {
			this.playwright.close();
		}
	}

	private static Path executable() {
		Path executable = Path.of(System.getProperty("svc.test.chromium", "/usr/bin/chromium"));
		if (!Files.isExecutable(executable)) {
			String missing = "No Chromium at " + executable + ": the page tests need Debian's chromium package"
					+ " (apt-get install chromium), or name one with -Dsvc.test.chromium=PATH";
			if (Boolean.getBoolean("svc.test.browser-required")) {
				throw new IllegalStateException(missing + " (svc.test.browser-required=true makes a skip a failure)");
			}
			Assumptions.abort(missing + "; skipped");
		}
		return executable;
	}

	/**
	 * A page in a fresh browser context: no cookies from other tests.
	 * @return the page, whose actions, waits and navigations time out after
	 * {@link #TIMEOUT}
	 */
	public Page newPage() {
		BrowserContext context = this.browser.newContext();
		context.setDefaultTimeout(TIMEOUT.toMillis());
		context.setDefaultNavigationTimeout(TIMEOUT.toMillis());
		return context.newPage();
	}

	/**
	 * Posts a query from the page, as the page's own script would, and answers the
	 * response body.
	 * @param page the page
	 * @param query the query
	 * @return the response's body; the request is given up after {@link #TIMEOUT}
	 */
	public static String queryFromPage(Page page, String query) {
		return (String) page.evaluate("async ([query, timeout]) => (await fetch('/graphql', {method: 'POST', "
				+ "headers: {'Content-Type': 'application/json'}, body: JSON.stringify({query}),"
				+ " signal: AbortSignal.timeout(timeout)})).text()", List.of(query, (int) TIMEOUT.toMillis()));
	}

}
