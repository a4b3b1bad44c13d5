package dev.svc.graphql.container;

import java.lang.reflect.Method;
import java.util.Map;

import dev.svc.graphql.context.UserContext;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import org.jspecify.annotations.Nullable;

import org.springframework.core.ResolvableType;
import org.springframework.graphql.execution.SelfDescribingDataFetcher;

/**
 * Checks a controller field's permission before the method runs; a self-describing data
 * fetcher stays one, so that Boot's schema inspection sees through the check.
 */
class GuardedDataFetcher implements DataFetcher<Object> {

	private static final UserContext ANONYMOUS_HOST = UserContext.anonymous(null);

	private final DataFetcher<?> delegate;

	private final FieldAuthorization authorization;

	GuardedDataFetcher(DataFetcher<?> delegate, FieldAuthorization authorization) {
		this.delegate = delegate;
		this.authorization = authorization;
	}

	static DataFetcher<?> of(DataFetcher<?> delegate, FieldAuthorization authorization) {
		return (delegate instanceof SelfDescribingDataFetcher<?> described)
				? new SelfDescribing(described, authorization) : new GuardedDataFetcher(delegate, authorization);
	}

	@Override
	public @Nullable Object get(DataFetchingEnvironment environment) throws Exception {
		this.authorization.authorize(environment.getGraphQlContext().getOrDefault(UserContext.class, ANONYMOUS_HOST));
		return this.delegate.get(environment);
	}

	private static final class SelfDescribing extends GuardedDataFetcher implements SelfDescribingDataFetcher<Object> {

		private final SelfDescribingDataFetcher<?> described;

		SelfDescribing(SelfDescribingDataFetcher<?> described, FieldAuthorization authorization) {
			super(described, authorization);
			this.described = described;
		}

		@Override
		public String getDescription() {
			return this.described.getDescription();
		}

		@Override
		public ResolvableType getReturnType() {
			return this.described.getReturnType();
		}

		@Override
		public Map<String, ResolvableType> getArguments() {
			return this.described.getArguments();
		}

		@Override
		public @Nullable Method asMethod() {
			return this.described.asMethod();
		}

		@Override
		public boolean usesDataLoader() {
			return this.described.usesDataLoader();
		}

	}

}
