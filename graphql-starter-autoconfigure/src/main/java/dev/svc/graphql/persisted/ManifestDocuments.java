package dev.svc.graphql.persisted;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/** The registered documents by id and by the hash of their text, in unchanging maps. */
final class ManifestDocuments implements RegisteredDocuments {

	private final Map<String, RegisteredDocument> byId = new LinkedHashMap<>();

	private final Map<String, RegisteredDocument> byHash = new LinkedHashMap<>();

	ManifestDocuments(List<RegisteredDocument> documents) {
		for (RegisteredDocument document : documents) {
			this.byId.putIfAbsent(document.id(), document);
			this.byHash.putIfAbsent(document.sha256Hash(), document);
		}
	}

	@Override
	public @Nullable RegisteredDocument byId(String documentId) {
		if (documentId.regionMatches(true, 0, SHA256_PREFIX, 0, SHA256_PREFIX.length())) {
			return this.byHash.get(documentId.substring(SHA256_PREFIX.length()).toLowerCase(Locale.ROOT));
		}
		return this.byId.get(documentId);
	}

	@Override
	public @Nullable String find(String sha256Hash) {
		RegisteredDocument document = this.byHash.get(sha256Hash);
		return (document != null) ? document.text() : null;
	}

	@Override
	public Collection<RegisteredDocument> all() {
		return Collections.unmodifiableCollection(this.byHash.values());
	}

}
