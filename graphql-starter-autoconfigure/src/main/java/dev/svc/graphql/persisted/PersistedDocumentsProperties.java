package dev.svc.graphql.persisted;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Trusted documents and which documents the endpoint runs
 * ({@code graphql.persisted-documents.*}).
 */
@ConfigurationProperties("graphql.persisted-documents")
public class PersistedDocumentsProperties {

	/**
	 * Manifests of registered documents (GraphQL Code Generator's
	 * persisted-documents.json, Relay's persisted_queries.json, Apollo's): resource
	 * locations, patterns allowed, such as classpath:persisted-documents/*.json; checked
	 * against schema and limits at start.
	 */
	private List<String> manifests = new ArrayList<>();

	/**
	 * Which documents run: arbitrary, persisted-for-anonymous (anonymous callers only
	 * registered ones or ones holders of arbitrary-permission sent), or registered-only.
	 */
	private DocumentMode mode = DocumentMode.ARBITRARY;

	/**
	 * Permission whose holders may send any document in registered-only mode (such as
	 * playground users), and whose documents anonymous callers may run in
	 * persisted-for-anonymous mode.
	 */
	private @Nullable String arbitraryPermission;

	/**
	 * Cache-Control of a successful anonymous GET naming its document by id, sent with a
	 * Vary and a strong ETag (a matching If-None-Match answers 304). Empty sends none.
	 */
	private String cacheControl = "public, max-age=60";

	public List<String> getManifests() {
		return this.manifests;
	}

	public void setManifests(List<String> manifests) {
		this.manifests = manifests;
	}

	public DocumentMode getMode() {
		return this.mode;
	}

	public void setMode(DocumentMode mode) {
		this.mode = mode;
	}

	public @Nullable String getArbitraryPermission() {
		return this.arbitraryPermission;
	}

	public void setArbitraryPermission(@Nullable String arbitraryPermission) {
		this.arbitraryPermission = arbitraryPermission;
	}

	public String getCacheControl() {
		return this.cacheControl;
	}

	public void setCacheControl(String cacheControl) {
		this.cacheControl = cacheControl;
	}

}
