package dev.svc.graphql.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Request;
import com.microsoft.playwright.options.WaitForSelectorState;

/**
 * Drives the playground page in a real browser, as a user does: the same steps for every host.
 */
public final class Playground {

	private final Page page;

	private final List<String> otherOrigins = new CopyOnWriteArrayList<>();

	/** Every script and style sheet the page and its workers asked for, with the encodings the browser accepted. */
	private final List<Request> scriptsAndStyles = new CopyOnWriteArrayList<>();

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
			String url = request.url();
			if (!url.startsWith(origin + "/") && !url.startsWith("data:") && !url.startsWith("blob:")) {
				this.otherOrigins.add(url);
			}
		});
		page.onRequest((request) -> {
			if (request.url().endsWith(".js") || request.url().endsWith(".css")) {
				this.scriptsAndStyles.add(request);
			}
		});
		long start = System.nanoTime();
		page.navigate(origin + path);
		page.waitForSelector(".graphiql-container");
		page.waitForSelector(".graphiql-query-editor .monaco-editor");
		this.millisToInteractive = (System.nanoTime() - start) / 1_000_000;
	}

	/**
	 * How long the page took to become interactive, for the record: never asserted, a timing is no test.
	 * @return a line to print
	 */
	public String loadReport() {
		return "playground interactive after " + this.millisToInteractive + " ms, " + scriptAndStyleBytes()
				+ " bytes of scripts and style sheets in " + this.scriptsAndStyles.size() + " files";
	}

	/**
	 * The bytes of the scripts and style sheets the page and its workers loaded so far, as served to
	 * the browser: each asked for again with the encodings the browser accepted. (The browser does
	 * not report the sizes of what its workers load.)
	 * @return the sum of their response bodies' sizes
	 */
	public long scriptAndStyleBytes() {
		HttpClient http = HttpClient.newHttpClient();
		try {
			long bytes = 0;
			for (Request asset : this.scriptsAndStyles) {
				HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(asset.url()));
				String encodings = asset.headerValue("accept-encoding");
				if (encodings != null) {
					request.header("Accept-Encoding", encodings);
				}
				bytes += http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray()).body().length;
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

	/**
	 * Replaces the query, runs it and waits for the response.
	 * @param query the query
	 * @return the text of the response pane
	 */
	public String run(String query) {
		this.page.click(".graphiql-query-editor .monaco-editor");
		this.page.keyboard().press("Control+A");
		this.page.keyboard().press("Delete");
		this.page.keyboard().insertText(query);
		this.page.click(".graphiql-execute-button");
		this.page.waitForFunction("() => { const r = document.querySelector('.graphiql-response .view-lines');"
				+ " return r && r.textContent.includes('\"'); }");
		this.page.waitForSelector(".graphiql-response .view-lines",
				new Page.WaitForSelectorOptions().setState(WaitForSelectorState.VISIBLE));
		// Monaco shows spaces as non-breaking ones
		return this.page.locator(".graphiql-response .view-lines").textContent().replace('\u00a0', ' ');
	}

	/**
	 * The requests the page made to other origins so far.
	 * @return their addresses
	 */
	public List<String> requestsToOtherOrigins() {
		return List.copyOf(this.otherOrigins);
	}

}
