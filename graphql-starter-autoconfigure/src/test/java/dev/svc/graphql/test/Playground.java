package dev.svc.graphql.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;

/**
 * Drives the playground page in a real browser, as a user does: the same steps for every
 * host.
 */
public final class Playground {

	/**
	 * Run the tests with {@code -Dsvc.refresh-screenshots=true} to write the screenshots
	 * into the docs.
	 */
	private static final String REFRESH = "svc.refresh-screenshots";

	/** What Chromium accepts from localhost. */
	private static final String CHROMIUM_ENCODINGS = "gzip, deflate, br, zstd";

	private final Page page;

	/** When the page asked for the schema, in {@link System#nanoTime()}, in order. */
	private final List<Long> schemaRequests = new CopyOnWriteArrayList<>();

	private final List<String> otherOrigins = new CopyOnWriteArrayList<>();

	/**
	 * Every script and style sheet the page and its workers asked for, each once, with
	 * the encodings the browser accepted.
	 */
	private final Map<String, String> scriptsAndStyles = new ConcurrentHashMap<>();

	private final long millisToInteractive;

	/**
	 * Opens the playground and watches every request the page makes.
	 * @param page a page of a browser, signed in or not
	 * @param origin the application's origin, for example {@code http://localhost:8080}
	 * @param path the playground's path
	 */
	public Playground(Page page, String origin, String path) {
		this.page = page;
		page.onRequest((request) -> {
			String body = request.postData();
			if (body != null && body.contains("IntrospectionQuery")) {
				this.schemaRequests.add(System.nanoTime());
			}
		});
		page.onRequest((request) -> {
			String url = request.url();
			if (!url.startsWith(origin + "/") && !url.startsWith("data:") && !url.startsWith("blob:")) {
				this.otherOrigins.add(url);
			}
		});
		// the headers the request was made with, as the browser told them with the
		// request; never the raw headers (Request.allHeaders, headerValue), which wait
		// for an event Chromium may not send
		page.onRequest((request) -> {
			if (request.url().endsWith(".js") || request.url().endsWith(".css")) {
				this.scriptsAndStyles.putIfAbsent(request.url(),
						request.headers().getOrDefault("accept-encoding", CHROMIUM_ENCODINGS));
			}
		});
		long start = System.nanoTime();
		page.navigate(origin + path);
		awaitInteractive();
		this.millisToInteractive = (System.nanoTime() - start) / 1_000_000;
	}

	private void awaitInteractive() {
		this.page.waitForSelector(".graphiql-container");
		this.page.waitForSelector(".graphiql-query-editor .monaco-editor");
		// the schema is in once the documentation explorer can show it
		this.page.waitForFunction(
				"() => !document.querySelector('.graphiql-sidebar button[aria-label^=\"Re-fetch\"]').disabled");
	}

	/**
	 * Loads the page again, as the browser's reload button does.
	 */
	public void reload() {
		this.page.reload();
		awaitInteractive();
	}

	/**
	 * How long the page took to become interactive, for the record: never asserted, a
	 * timing is no test.
	 * @return a line to print
	 */
	public String loadReport() {
		return "playground interactive after " + this.millisToInteractive + " ms, " + scriptAndStyleBytes()
				+ " bytes of scripts and style sheets in " + this.scriptsAndStyles.size() + " files";
	}

	/**
	 * The bytes of the scripts and style sheets the page and its workers loaded so far,
	 * as served to the browser: each one once (the browser caches them), asked for again
	 * with the encodings the browser accepted. (The browser does not report the sizes of
	 * what its workers load, and tells the network stack's headers of a request,
	 * Accept-Encoding among them, only in an event that may never come: the requests it
	 * did not tell them for are asked for with the encodings Chromium sends to
	 * localhost.)
	 * @return the sum of their response bodies' sizes
	 */
	public long scriptAndStyleBytes() {
		HttpClient http = HttpClient.newBuilder().connectTimeout(HeadlessChromium.TIMEOUT).build();
		try {
			long bytes = 0;
			for (Map.Entry<String, String> asset : this.scriptsAndStyles.entrySet()) {
				HttpRequest request = HttpRequest.newBuilder(URI.create(asset.getKey()))
					.header("Accept-Encoding", asset.getValue())
					.timeout(HeadlessChromium.TIMEOUT)
					.build();
				bytes += http.send(request, HttpResponse.BodyHandlers.ofByteArray()).body().length;
			}
			return bytes;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private void type(String query) {
		this.page.click(".graphiql-query-editor .monaco-editor");
		this.page.keyboard().press("Control+A");
		this.page.keyboard().press("Delete");
		this.page.keyboard().insertText(query);
	}

	/**
	 * Replaces the query with a part of one and asks the editor for completions at its
	 * end.
	 * @param partialQuery the query up to the cursor
	 * @return the labels of the completion list, as shown
	 */
	public List<String> completionsAfter(String partialQuery) {
		type(partialQuery);
		this.page.keyboard().press("Control+Space");
		Locator rows = this.page.locator(".graphiql-query-editor .suggest-widget.visible .monaco-list-row .label-name");
		rows.first().waitFor();
		List<String> completions = rows.allTextContents();
		this.page.keyboard().press("Escape");
		return completions;
	}

	/**
	 * Replaces the query and reads the problem the editor marks in it, as the editor's
	 * "go to next problem" shows it. The editor lints in a web worker after each edit, so
	 * for a moment it may still show a problem of an earlier text: the problem is read
	 * again until it is the expected one or ten seconds have passed.
	 * @param query the query
	 * @param expected the problem the caller expects to see
	 * @return the last problem shown, {@code expected} when the editor showed it
	 */
	public String problemShownIn(String query, String expected) {
		type(query);
		Locator problem = this.page.locator(".graphiql-query-editor .marker-widget .descriptioncontainer .message");
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		String shown;
		do {
			this.page.locator(".graphiql-query-editor .squiggly-error").first().waitFor();
			this.page.keyboard().press("F8");
			problem.first().waitFor();
			shown = problem.first().textContent();
			this.page.keyboard().press("Escape");
			if (!expected.equals(shown)) {
				this.page.waitForTimeout(200);
			}
		}
		while (!expected.equals(shown) && System.nanoTime() < deadline);
		return shown;
	}

	/**
	 * Opens the settings tab, changes the settings and saves them.
	 * @param credentials the value of {@code request.credentials}
	 * @param polling the value of {@code schema.polling.enable}
	 */
	public void saveSettings(String credentials, boolean polling) {
		openSettings();
		this.page.selectOption(".svc-settings select", credentials);
		this.page.locator(".svc-settings input[type=checkbox]").setChecked(polling);
		this.page.click(".svc-settings button:text('SAVE SETTINGS')");
		this.page.locator(".svc-settings [role=status]:text('Settings saved.')").waitFor();
	}

	/**
	 * The settings the settings tab shows.
	 * @return {@code request.credentials} and {@code schema.polling.enable}, as in the
	 * tab
	 */
	public String shownSettings() {
		openSettings();
		return "request.credentials=" + this.page.inputValue(".svc-settings select") + ", schema.polling.enable="
				+ this.page.isChecked(".svc-settings input[type=checkbox]");
	}

	private void openSettings() {
		if (this.page.locator(".svc-settings").count() == 0) {
			this.page.click(".graphiql-sidebar button[aria-label='Show Playground settings']");
			this.page.locator(".svc-settings").waitFor();
		}
	}

	/**
	 * Prettifies the query, as the toolbar's button does.
	 * @return the query editor's lines
	 */
	public List<String> prettify() {
		this.page.click(".graphiql-toolbar button[aria-label^='Prettify']");
		Locator lines = this.page.locator(".graphiql-query-editor .view-lines .view-line");
		this.page.waitForFunction(
				"() => document.querySelectorAll('.graphiql-query-editor .view-lines .view-line').length > 1");
		return lines.allTextContents().stream().map((line) -> line.replace('\u00a0', ' ')).toList();
	}

	/**
	 * Shows a plugin of the sidebar, the query explorer for example.
	 * @param title the plugin's title
	 */
	public void show(String title) {
		this.page.click(".graphiql-sidebar button[aria-label='Show " + title + "']");
	}

	/**
	 * What the documentation explorer says is wrong with the schema, as GraphiQL shows a
	 * schema that fails graphql-js's {@code validateSchema}.
	 * @return the explorer's error, empty when it shows the schema
	 */
	public String documentationError() {
		show("Documentation Explorer");
		this.page.locator(".graphiql-doc-explorer").waitFor();
		Locator error = this.page.locator(".graphiql-doc-explorer-error");
		return (error.count() == 0) ? "" : error.first().textContent();
	}

	/**
	 * The headers editor's text.
	 * @return the request headers as the user sees them, whitespace collapsed
	 */
	public String headers() {
		showHeaders();
		return this.page.locator(".graphiql-editor-tool .graphiql-editor:visible .view-lines")
			.textContent()
			.replace('\u00a0', ' ')
			.replaceAll("\\s+", " ");
	}

	/**
	 * Empties the headers editor, as a user who removes the offered ones.
	 */
	public void clearHeaders() {
		showHeaders();
		this.page.click(".graphiql-editor-tool .graphiql-editor:visible .monaco-editor");
		this.page.keyboard().press("Control+A");
		this.page.keyboard().press("Delete");
	}

	private void showHeaders() {
		this.page.click(".graphiql-editor-tools button[data-name=headers]");
		this.page.locator(".graphiql-editor-tool .graphiql-editor:visible .monaco-editor").waitFor();
	}

	/**
	 * How many times the page fetched the schema so far.
	 * @return the number of introspection requests it sent
	 */
	public int schemaRequests() {
		return this.schemaRequests.size();
	}

	/**
	 * Lets the page run, as a user who watches it, until it has asked for the schema a
	 * number of times in all, or fails after {@link HeadlessChromium#TIMEOUT}.
	 * @param count how many schema requests to wait for, counted from the page's opening
	 * @return the time between the last two of them
	 */
	public Duration awaitSchemaRequests(int count) {
		this.page.waitForCondition(() -> this.schemaRequests.size() >= count);
		int last = this.schemaRequests.size() - 1;
		return Duration.ofNanos(this.schemaRequests.get(last) - this.schemaRequests.get(Math.max(0, last - 1)));
	}

	/**
	 * Takes a screenshot for the docs: into {@code target/screenshots}, and into
	 * {@code docs/images} of the repository when the tests run with
	 * {@code -Dsvc.refresh-screenshots=true}.
	 * @param name the file's name, without {@code .png}
	 * @return the screenshot committed in the docs
	 */
	public Path screenshot(String name) {
		try {
			byte[] png = this.page.screenshot();
			Path target = Files.createDirectories(Path.of("target", "screenshots")).resolve(name + ".png");
			Files.write(target, png);
			Path docs = Path.of("..", "docs", "images", name + ".png");
			if (Boolean.getBoolean(REFRESH)) {
				Files.write(Files.createDirectories(docs.getParent()).resolve(docs.getFileName()), png);
			}
			return docs;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Replaces the query, runs it and waits for the response.
	 * @param query the query
	 * @return the text of the response pane, each run of white space (long lines wrap) as
	 * one space
	 */
	public String run(String query) {
		type(query);
		Response response = this.page.waitForResponse((candidate) -> {
			String body = candidate.request().postData();
			return body != null && body.contains("\"query\"") && !body.contains("IntrospectionQuery");
		}, () -> this.page.click(".graphiql-execute-button"));
		// the pane shows what came back once it has rendered it (Monaco shows spaces as
		// non-breaking ones, and only the lines in view: a response longer than the pane
		// never matches)
		this.page.waitForFunction(
				"(body) => { const r = document.querySelector('.graphiql-response .view-lines');"
						+ " return r && r.textContent.replace(/\\s/g, '') === body; }",
				response.text().replaceAll("\\s", ""));
		return this.page.locator(".graphiql-response .view-lines").textContent().replaceAll("[\\s\u00a0]+", " ");
	}

	/**
	 * The requests the page made to other origins so far.
	 * @return their addresses
	 */
	public List<String> requestsToOtherOrigins() {
		return List.copyOf(this.otherOrigins);
	}

}
