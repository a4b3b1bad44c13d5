package dev.svc.sample.mvc.system;

import java.util.Set;

import dev.svc.graphql.signin.TwoFactorCodeSender;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.stereotype.Component;

/**
 * Where a real host hands two-factor codes to its mail gateway, the sample writes them to its log,
 * so that a user with two-factor sign-in can also sign in with a code "sent by e-mail".
 */
@Component
class LoggingTwoFactorCodeSender implements TwoFactorCodeSender {

	private static final Log logger = LogFactory.getLog(LoggingTwoFactorCodeSender.class);

	@Override
	public Set<String> providers() {
		return Set.of(EMAIL);
	}

	@Override
	public void send(String provider, String destination, long userId, String code) {
		logger.info("Two-factor code for user " + userId + " by " + provider + " to " + destination + ": " + code);
	}

}
