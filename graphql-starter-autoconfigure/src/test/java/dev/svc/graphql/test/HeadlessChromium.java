package dev.svc.graphql.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;

/**
 * A real browser for page tests: Debian's Chromium ({@code svc.test.chromium}, default
 * {@code /usr/bin/chromium}) driven by Playwright, headless, with no network but the loopback.
 */
public final class HeadlessChromium implements AutoCloseable {

	private final Playwright playwright;

	private final Browser browser;

	private HeadlessChromium(Playwright playwright, Browser browser) {
		this.playwright = playwright;
		this.browser = browser;
	}

	public static HeadlessChromium launch() {
		Path executable = Path.of(System.getProperty("svc.test.chromium", "/usr/bin/chromium"));
		if (!Files.isExecutable(executable)) {
			throw new IllegalStateException("No Chromium at " + executable
					+ ": the page tests need Debian's chromium package (apt-get install chromium), or set svc.test.chromium.");
		}
		Playwright playwright = Playwright
			.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
		Browser browser = playwright.chromium()
			.launch(new BrowserType.LaunchOptions().setExecutablePath(executable)
				.setHeadless(true)
				.setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
						"--disable-background-networking", "--disable-component-update", "--disable-sync")));
		return new HeadlessChromium(playwright, browser);
	}

	/**
	 * A page in a fresh browser context: no cookies from other tests.
	 */
	public Page newPage() {
		return this.browser.newContext().newPage();
	}

	/**
	 * Posts a query from the page, as the page's own script would, and answers the response body.
	 */
	public static String queryFromPage(Page page, String query) {
		return (String) page.evaluate("async (query) => (await fetch('/graphql', {method: 'POST', "
				+ "headers: {'Content-Type': 'application/json'}, body: JSON.stringify({query})})).text()", query);
	}

	@Override
	public void close() {
		this.browser.close();
		this.playwright.close();
	}

}
