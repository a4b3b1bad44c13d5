package dev.svc.graphql.persisted;

import java.util.Collection;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The trusted documents: those registered ahead of time from the manifests that clients'
 * builds write ({@code graphql.persisted-documents.manifests}). A request names one by
 * its {@value #DOCUMENT_ID} ({@code sha256:<hash>}, or the id its manifest gives it), or
 * by an automatic persisted query's hash; as {@link PersistedDocuments}, they answer
 * before the documents the endpoint keeps.
 */
public interface RegisteredDocuments extends PersistedDocuments {

	/**
	 * The member of a request (of a POST's body, a GET's query parameters) that names a
	 * registered document, as the GraphQL-over-HTTP specification's persisted documents
	 * name it. The endpoint hands it on to the interceptors as a member of the request's
	 * {@code extensions} of the same name, with {@link PersistedQuery#MARKER} for a
	 * document.
	 */
	String DOCUMENT_ID = "documentId";

	/**
	 * The prefix of a {@value #DOCUMENT_ID} that is the SHA-256 hash of the document's
	 * text.
	 */
	String SHA256_PREFIX = "sha256:";

	/**
	 * The document a request's {@value #DOCUMENT_ID} names.
	 * @param documentId {@code sha256:} and the hash of the text, or the id the manifest
	 * gives
	 * @return the document, or {@code null} when none is registered so
	 */
	@Nullable RegisteredDocument byId(String documentId);

	/**
	 * Every registered document.
	 * @return the documents, in the order of their manifests
	 */
	Collection<RegisteredDocument> all();

	/**
	 * The documents of the given list.
	 * @param documents the documents; one text may come with several ids
	 * @return the registry
	 */
	static RegisteredDocuments of(List<RegisteredDocument> documents) {
		return new ManifestDocuments(documents);
	}

}
