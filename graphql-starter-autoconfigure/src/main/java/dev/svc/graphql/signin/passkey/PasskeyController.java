package dev.svc.graphql.signin.passkey;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.password.AttemptBudget;
import dev.svc.graphql.signin.password.SignInResult;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The passkey endpoints both front ends share: the sign-in options for anybody, and for
 * the user of the session cookie or bearer token its passkeys, the registration options,
 * the registration and the removal; and the pages' script, from the jar. JSON bodies
 * only, which no page of another site can send without a CORS preflight. Answers are
 * {@code {"success": true, "result": ...}} or {@code {"success": false, "error":
 * {"message": ...}}}, as the sign-ins' are.
 */
@RestController
final class PasskeyController {

	static final String PATH = "/api/Passkey";

	static final String SIGN_IN_OPTIONS = PATH + "/SignInOptions";

	static final String SCRIPT = PATH + "/passkey.js";

	private static final int MAX_LABEL_LENGTH = 64;

	/** When to ask again for sign-in options when all are taken: challenges expire. */
	private static final int FULL_RETRY_AFTER_SECONDS = 60;

	private final PasskeyCeremonies ceremonies;

	private final PasskeyRegistrations registrations;

	private final AttemptBudget budget;

	private final boolean permissionsReserved;

	private final Clock clock;

	PasskeyController(PasskeyCeremonies ceremonies, PasskeyRegistrations registrations, AttemptBudget budget,
			boolean permissionsReserved, Clock clock) {
		this.ceremonies = ceremonies;
		this.registrations = registrations;
		this.budget = budget;
		this.permissionsReserved = permissionsReserved;
		this.clock = clock;
	}

	/** Each challenge is a row until it expires: issued within the sign-in throttle. */
	@PostMapping(path = SIGN_IN_OPTIONS, consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<?> signInOptions(HttpServletRequest request) {
		SignInResult throttled = this.budget.throttled(ClientAddress.of(request), () -> null, this.clock.instant());
		if (throttled != null) {
			return refused(throttled);
		}
		String options;
		try {
			options = this.ceremonies.signInOptions(request);
		}
		catch (PasskeyRefusal refusal) {
			return ResponseEntity.badRequest().body(Answer.failure(Objects.requireNonNull(refusal.getMessage())));
		}
		if (options == null) {
			return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
				.header(HttpHeaders.RETRY_AFTER, String.valueOf(FULL_RETRY_AFTER_SECONDS))
				.body(Answer.failure("Too many passkey sign-ins are under way: try again in a minute, or sign in"
						+ " with your password."));
		}
		return json(options);
	}

	/**
	 * Each challenge is a row until it expires: issued within the throttle of the address
	 * and of the account, as each check of a secret is.
	 */
	@PostMapping(path = PATH + "/RegistrationOptions", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<?> registrationOptions(@AuthenticationPrincipal SignedInUser user, HttpServletRequest request) {
		SignInResult throttled = this.budget.throttled(ClientAddress.of(request),
				() -> AttemptBudget.accountKey(user.userId()), this.clock.instant());
		if (throttled != null) {
			return refused(throttled);
		}
		if (needsAPasskeySession(user)) {
			return passkeySessionNeeded();
		}
		try {
			return json(this.registrations.options(user, request));
		}
		catch (PasskeyRefusal refusal) {
			return ResponseEntity.badRequest().body(Answer.failure(Objects.requireNonNull(refusal.getMessage())));
		}
	}

	@PostMapping(path = PATH + "/List", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Answer> list(@AuthenticationPrincipal SignedInUser user) {
		return ResponseEntity.ok(Answer.success(new Passkeys(this.registrations.passkeys(user))));
	}

	@PostMapping(path = PATH + "/Register", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Answer> register(@AuthenticationPrincipal SignedInUser user, @RequestBody RegisterModel model,
			HttpServletRequest request) {
		List<String> problems = new ArrayList<>();
		if (model.password() == null || model.password().isEmpty()) {
			problems.add("The password field is required: give your password again.");
		}
		String label = (model.label() != null) ? model.label().trim() : "";
		if (label.isEmpty() || label.length() > MAX_LABEL_LENGTH) {
			problems.add("The label field is required, at most " + MAX_LABEL_LENGTH
					+ " characters: the name you give this passkey.");
		}
		if (model.credential() == null || !model.credential().isObject()) {
			problems.add("The credential field is required: the browser's PublicKeyCredential as JSON.");
		}
		if (!problems.isEmpty()) {
			return ResponseEntity.badRequest().body(Answer.failure(String.join(" ", problems)));
		}
		if (needsAPasskeySession(user)) {
			return passkeySessionNeeded();
		}
		try {
			return answer(this.registrations.register(user, model.password(), label,
					Objects.requireNonNull(model.credential()).toString(), request));
		}
		catch (PasskeyRefusal refusal) {
			return ResponseEntity.badRequest().body(Answer.failure(Objects.requireNonNull(refusal.getMessage())));
		}
	}

	@PostMapping(path = PATH + "/Remove", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Answer> remove(@AuthenticationPrincipal SignedInUser user, @RequestBody RemoveModel model,
			HttpServletRequest request) {
		if (model.id() == null || model.password() == null || model.password().isEmpty()) {
			return ResponseEntity.badRequest()
				.body(Answer.failure("The id and password fields are required: the passkey's id, as List gives it,"
						+ " and your password again."));
		}
		if (needsAPasskeySession(user)) {
			return passkeySessionNeeded();
		}
		return answer(this.registrations.remove(user, model.password(), model.id(), request));
	}

	@GetMapping(SCRIPT)
	ResponseEntity<Resource> script() {
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType("text/javascript;charset=UTF-8"))
			.cacheControl(CacheControl.noCache())
			.header("X-Content-Type-Options", "nosniff")
			.body(new ClassPathResource("dev/svc/graphql/signin/passkey/passkey.js"));
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	@Nullable ResponseEntity<Answer> unreadable(HttpServletResponse response) {
		if (response.isCommitted()) {
			// the body limit refused the body and answered already
			return null;
		}
		return ResponseEntity.badRequest()
			.body(Answer.failure("The body must be a JSON object: {\"password\": \"...\", \"label\": \"...\","
					+ " \"credential\": {...}} (to remove one: {\"id\": 1, \"password\": \"...\"})."));
	}

	@ExceptionHandler(HttpMediaTypeNotSupportedException.class)
	ResponseEntity<Answer> unsupported() {
		return ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
			.body(Answer.failure("Send the request as Content-Type: application/json."));
	}

	private static ResponseEntity<?> json(String body) {
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_JSON)
			.cacheControl(CacheControl.noStore())
			.body("{\"success\":true,\"result\":" + body + "}");
	}

	/**
	 * While passkeys are required for some permissions, a password (which can be phished)
	 * must not lead to them through a passkey of the thief's: a session begun with a
	 * password may add a user's first passkey only, and remove none.
	 */
	private boolean needsAPasskeySession(SignedInUser user) {
		return this.permissionsReserved && !user.passkey() && !this.registrations.passkeys(user).isEmpty();
	}

	private static ResponseEntity<Answer> passkeySessionNeeded() {
		return ResponseEntity.status(HttpStatus.FORBIDDEN)
			.body(Answer.failure("Adding or removing a passkey needs a sign-in with one of your passkeys, as some"
					+ " permissions are held only with a passkey: sign in with a passkey, then try again."));
	}

	private static ResponseEntity<Answer> answer(SignInResult result) {
		return switch (result.outcome()) {
			case SUCCESS -> ResponseEntity.ok(Answer.success(null));
			case THROTTLED, LOCKED_OUT -> refused(result);
			case TWO_FACTOR_UNCHANGED ->
				ResponseEntity.status(HttpStatus.NOT_FOUND).body(Answer.failure(result.failureMessage()));
			default -> ResponseEntity.badRequest().body(Answer.failure(result.failureMessage()));
		};
	}

	private static ResponseEntity<Answer> refused(SignInResult result) {
		if (result.retryAfter() != null) {
			return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
				.header(HttpHeaders.RETRY_AFTER, String.valueOf(result.retryAfter().toSeconds()))
				.body(Answer.failure(result.failureMessage()));
		}
		return ResponseEntity.status(HttpStatus.FORBIDDEN).body(Answer.failure(result.failureMessage()));
	}

	record Answer(boolean success, @Nullable Object result, @Nullable Error error) {

		static Answer success(@Nullable Object result) {
			return new Answer(true, result, null);
		}

		static Answer failure(String message) {
			return new Answer(false, null, new Error(message));
		}

		record Error(String message) {
		}

	}

	record Passkeys(List<JdbcPasskeyStore.Passkey> items) {
	}

	record RegisterModel(@Nullable String password, @Nullable String label, @Nullable JsonNode credential) {
	}

	record RemoveModel(@Nullable Long id, @Nullable String password) {
	}

}
