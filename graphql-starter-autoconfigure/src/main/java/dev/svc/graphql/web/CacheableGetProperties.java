package dev.svc.graphql.web;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The caching of GETs that name their document by id
 * ({@code graphql.persisted-documents.*}).
 */
@ConfigurationProperties("graphql.persisted-documents")
public class CacheableGetProperties {

	/**
	 * Cache-Control of the answer to an anonymous GET that names its document by id and
	 * succeeds; such an answer also gets a Vary and a strong ETag, and a matching
	 * If-None-Match answers 304. Signed-in callers, answers with errors, queries sent as
	 * text and POSTs never get it. Empty sends no cache headers at all.
	 */
	private String cacheControl = "public, max-age=60";

	public String getCacheControl() {
		return this.cacheControl;
	}

	public void setCacheControl(String cacheControl) {
		this.cacheControl = cacheControl;
	}

}
