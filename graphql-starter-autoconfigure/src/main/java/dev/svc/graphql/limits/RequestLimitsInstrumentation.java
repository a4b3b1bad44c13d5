package dev.svc.graphql.limits;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.svc.graphql.error.ErrorCode;
import dev.svc.graphql.instrumentation.RequestInstrumentation;
import graphql.ErrorType;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.scheduler.Schedulers;

/**
 * The limits checked while a request runs: the time limit
 * ({@code graphql.limits.timeout}), past which graphql-java is asked to cancel, which it
 * does at the next field it would fetch (one fetching finishes first), and the response
 * says {@code QUERY_TIMEOUT}; and the cost limit ({@link QueryCostLimit}), before the
 * operation runs.
 */
final class RequestLimitsInstrumentation implements RequestInstrumentation {

	private final Duration timeout;

	private final @Nullable QueryCostLimit costLimit;

	RequestLimitsInstrumentation(Duration timeout, @Nullable QueryCostLimit costLimit) {
		this.timeout = timeout;
		this.costLimit = costLimit;
	}

	@Override
	public @Nullable InstrumentationState createState(InstrumentationCreateStateParameters parameters) {
		return new Deadline();
	}

	@Override
	public ExecutionInput instrumentExecutionInput(ExecutionInput input, InstrumentationExecutionParameters parameters,
			@Nullable InstrumentationState state) {
		Deadline deadline = deadline(state);
		deadline.timer = Schedulers.parallel().schedule(() -> {
			deadline.passed = true;
			input.cancel();
		}, this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		return input;
	}

	@Override
	public ExecutionContext instrumentExecutionContext(ExecutionContext context,
			InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
		if (this.costLimit != null) {
			this.costLimit.check(context);
		}
		return context;
	}

	@Override
	public ExecutionResult instrumentExecutionResult(ExecutionResult result,
			InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
		Deadline deadline = deadline(state);
		Disposable timer = deadline.timer;
		if (timer != null) {
			timer.dispose();
		}
		if (!deadline.passed) {
			return result;
		}
		return ExecutionResult.newExecutionResult()
			.addError(ErrorCode.newError(ErrorCode.QUERY_TIMEOUT)
				.errorType(ErrorType.ExecutionAborted)
				.message("The query ran longer than " + this.timeout.toMillis()
						+ " ms and was stopped (graphql.limits.timeout). Ask for less, or try again later.")
				.build())
			.build();
	}

	private static Deadline deadline(@Nullable InstrumentationState state) {
		if (state instanceof Deadline deadline) {
			return deadline;
		}
		throw new IllegalStateException("Not the time limit's state: " + state);
	}

	private static final class Deadline implements InstrumentationState {

		private volatile @Nullable Disposable timer;

		private volatile boolean passed;

	}

}
