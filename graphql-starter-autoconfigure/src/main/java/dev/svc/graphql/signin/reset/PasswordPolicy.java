package dev.svc.graphql.signin.reset;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.password.SignInInput;
import org.jspecify.annotations.Nullable;

/** What a new password must be, after OWASP ASVS 5.0 V6.2: no rules of composition. */
final class PasswordPolicy {

	static final String FIELD = "password";

	/** Names shorter than this are too common a part of a pass phrase to forbid. */
	private static final int SHORTEST_NAME_CHECKED = 3;

	private final int minLength;

	PasswordPolicy(int minLength) {
		this.minLength = minLength;
	}

	// the caller checks it is not the current password, which takes a hash to tell
	List<String> problems(@Nullable String password, UserCredentials user) {
		List<String> problems = new ArrayList<>();
		if (password == null || password.isEmpty()) {
			problems.add("The password field is required.");
			return problems;
		}
		int length = password.codePointCount(0, password.length());
		if (length < this.minLength) {
			problems.add("The password must be at least " + this.minLength + " characters long.");
		}
		if (password.length() > SignInInput.MAX_PASSWORD_LENGTH) {
			problems.add("The password must be at most " + SignInInput.MAX_PASSWORD_LENGTH + " characters long.");
		}
		String name = user.userName().toLowerCase(Locale.ROOT);
		if (name.length() >= SHORTEST_NAME_CHECKED && password.toLowerCase(Locale.ROOT).contains(name)) {
			problems.add("The password must not contain the user name.");
		}
		return problems;
	}

}
