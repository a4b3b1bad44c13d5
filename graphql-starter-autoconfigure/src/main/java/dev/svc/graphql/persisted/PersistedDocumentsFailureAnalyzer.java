package dev.svc.graphql.persisted;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a {@link RegisteredDocumentException} into Spring Boot's start-up report. */
final class PersistedDocumentsFailureAnalyzer extends AbstractFailureAnalyzer<RegisteredDocumentException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RegisteredDocumentException cause) {
		return new FailureAnalysis(cause.getMessage(),
				"Regenerate the manifest " + cause.getManifest() + " with the client's build against the current "
						+ "schema, or leave it out of graphql.persisted-documents.manifests.",
				cause);
	}

}
