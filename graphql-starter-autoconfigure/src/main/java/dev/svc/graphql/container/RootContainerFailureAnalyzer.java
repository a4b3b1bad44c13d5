package dev.svc.graphql.container;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link RootContainerException} into Spring Boot's start-up report instead of a
 * stack of bean-creation errors.
 */
final class RootContainerFailureAnalyzer extends AbstractFailureAnalyzer<RootContainerException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RootContainerException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
