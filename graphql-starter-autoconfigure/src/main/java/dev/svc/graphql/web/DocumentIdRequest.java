package dev.svc.graphql.web;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.persisted.RegisteredDocuments;
import org.jspecify.annotations.Nullable;

import org.springframework.graphql.server.support.SerializableGraphQlRequest;

/**
 * A POST's request that may name a registered document by {@code documentId}, which
 * Spring does not read: the id goes into the {@code extensions}, and without a query the
 * document is the persisted query's stand-in, so the persisted documents' interceptor
 * answers both.
 */
final class DocumentIdRequest extends SerializableGraphQlRequest {

	private @Nullable Object documentId;

	void setDocumentId(@Nullable Object documentId) {
		this.documentId = documentId;
	}

	@Override
	public String getDocument() {
		return (this.documentId != null && getQuery() == null) ? PersistedQuery.MARKER : super.getDocument();
	}

	@Override
	public Map<String, Object> getExtensions() {
		Map<String, Object> extensions = withDocumentId(super.getExtensions(), this.documentId);
		return (extensions != null) ? extensions : Map.of();
	}

	static @Nullable Map<String, Object> withDocumentId(@Nullable Map<String, Object> extensions,
			@Nullable Object documentId) {
		if (documentId == null) {
			return extensions;
		}
		Map<String, Object> with = (extensions != null) ? new LinkedHashMap<>(extensions) : new LinkedHashMap<>();
		with.put(RegisteredDocuments.DOCUMENT_ID, documentId);
		return with;
	}

}
