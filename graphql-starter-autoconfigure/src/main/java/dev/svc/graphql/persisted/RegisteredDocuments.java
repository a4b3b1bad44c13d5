package dev.svc.graphql.persisted;

import java.util.Collection;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The trusted documents, registered from clients' builds' manifests
 * ({@code graphql.persisted-documents.manifests}), named by {@value #DOCUMENT_ID} or by
 * an automatic persisted query's hash; they answer before the endpoint's kept ones.
 */
public interface RegisteredDocuments extends PersistedDocuments {

	/**
	 * The request member (GraphQL-over-HTTP's persisted documents) naming a registered
	 * document; the endpoint hands it on in {@code extensions}, with
	 * {@link PersistedQuery#MARKER} for a document.
	 */
	String DOCUMENT_ID = "documentId";

	/** The prefix of a {@value #DOCUMENT_ID} that is the SHA-256 hash of the text. */
	String SHA256_PREFIX = "sha256:";

	/**
	 * The document a request's {@value #DOCUMENT_ID} names.
	 * @param documentId {@code sha256:} and the text's hash, or the manifest's id
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
