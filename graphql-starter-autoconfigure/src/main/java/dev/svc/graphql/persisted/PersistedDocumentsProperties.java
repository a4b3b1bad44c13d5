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
	 * Manifests of registered documents, as client builds write them (GraphQL Code
	 * Generator's persisted-documents.json, Relay's persisted_queries.json, Apollo's
	 * persisted-query manifest): Spring resource locations, patterns allowed, such as
	 * classpath:persisted-documents/*.json or file:/etc/app/manifests/*.json. Each
	 * document is checked against the schema and the limits at start-up.
	 */
	private List<String> manifests = new ArrayList<>();

	/**
	 * Which documents run: arbitrary (any), persisted-for-anonymous (anonymous callers
	 * only registered documents or ones holders of arbitrary-permission sent),
	 * registered-only (registered documents only, but for holders of
	 * arbitrary-permission).
	 */
	private DocumentMode mode = DocumentMode.ARBITRARY;

	/**
	 * The permission whose holders may send any document in the registered-only mode,
	 * such as the administrators who use the playground; in the persisted-for-anonymous
	 * mode, the documents its holders send may be run by anonymous callers. None by
	 * default.
	 */
	private @Nullable String arbitraryPermission;

	/**
	 * Cache-Control of the answer to an anonymous GET that names its document by id and
	 * succeeds; such an answer also gets a Vary and a strong ETag, and a matching
	 * If-None-Match answers 304. Signed-in callers, answers with errors, queries sent as
	 * text and POSTs never get it. Empty sends no cache headers at all.
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
