package dev.svc.graphql.limits;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.svc.graphql.error.ErrorCode;
import graphql.ErrorType;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.scheduler.Schedulers;

/**
 * The limits checked while a request runs, one link of graphql-java's instrumentation
 * chain (each link costs every field of every request a call in several hooks): the time
 * limit ({@code graphql.limits.timeout}), past which graphql-java is asked to cancel,
 * which it does at the next field it would fetch (one fetching finishes first), and the
 * response says {@code QUERY_TIMEOUT}; and the cost limit ({@link QueryCostLimit}),
 * before the operation runs.
 */
final class RequestLimitsInstrumentation extends SimplePerformantInstrumentation {

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
			InstrumentationState state) {
		Deadline deadline = (Deadline) state;
		deadline.timer = Schedulers.parallel().schedule(() -> {
			deadline.passed = true;
			input.cancel();
		}, this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		return input;
	}

	@Override
	public @Nullable InstrumentationContext<ExecutionResult> beginExecuteOperation(
			InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
		if (this.costLimit != null) {
			this.costLimit.check(parameters.getExecutionContext());
		}
		return SimpleInstrumentationContext.noOp();
	}

	@Override
	public CompletableFuture<ExecutionResult> instrumentExecutionResult(ExecutionResult result,
			InstrumentationExecutionParameters parameters, InstrumentationState state) {
		Deadline deadline = (Deadline) state;
		if (deadline.timer != null) {
			deadline.timer.dispose();
		}
		if (!deadline.passed) {
			return CompletableFuture.completedFuture(result);
		}
		return CompletableFuture.completedFuture(ExecutionResult.newExecutionResult()
			.addError(ErrorCode.newError(ErrorCode.QUERY_TIMEOUT)
				.errorType(ErrorType.ExecutionAborted)
				.message("The query ran longer than " + this.timeout.toMillis()
						+ " ms and was stopped (graphql.limits.timeout). Ask for less, or try again later.")
				.build())
			.build());
	}

	private static final class Deadline implements InstrumentationState {

		private volatile @Nullable Disposable timer;

		private volatile boolean passed;

	}

}
