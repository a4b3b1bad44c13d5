package dev.svc.graphql.test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitForSelectorState;

/**
 * Drives the playground page in a real browser, as a user does: the same steps for every host.
 */
public final class Playground {

	private final Page page;

	private final List<String> otherOrigins = new CopyOnWriteArrayList<>();

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
		page.navigate(origin + path);
		page.waitForSelector(".graphiql-container");
		page.waitForSelector(".graphiql-query-editor .monaco-editor");
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
