package dev.svc.graphql.signin.token;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.svc.graphql.signin.password.SignInInput.ValidationError;
import org.jspecify.annotations.Nullable;

/**
 * The envelope of every {@code /api/TokenAuth/*} answer.
 *
 * @param result the payload, {@code null} on failure
 * @param targetUrl where the client should go next, if anywhere
 * @param success whether the call succeeded
 * @param error what went wrong, {@code null} on success
 * @param unAuthorizedRequest whether the failure is an authentication failure
 * @param svc the envelope's marker, always true
 */
@SpecificationJson
record AjaxResponse(@Nullable Object result, @Nullable String targetUrl, boolean success, @Nullable ErrorInfo error,
		boolean unAuthorizedRequest, @JsonProperty("__svc") boolean svc) {

	static AjaxResponse success(@Nullable Object result) {
		return new AjaxResponse(result, null, true, null, false, true);
	}

	static AjaxResponse failure(ErrorInfo error, boolean unAuthorizedRequest) {
		return new AjaxResponse(null, null, false, error, unAuthorizedRequest, true);
	}

	static AjaxResponse failure(String message, boolean unAuthorizedRequest) {
		return failure(new ErrorInfo(0, message, null, null), unAuthorizedRequest);
	}

	@SpecificationJson
	record ErrorInfo(int code, String message, @Nullable String details,
			@Nullable List<ValidationError> validationErrors) {
	}

}
