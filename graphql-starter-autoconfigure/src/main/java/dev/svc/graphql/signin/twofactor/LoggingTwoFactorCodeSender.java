package dev.svc.graphql.signin.twofactor;

import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs two-factor codes "sent by e-mail" instead of sending them: for development and
 * demos only, never for production.
 */
final class LoggingTwoFactorCodeSender implements TwoFactorCodeSender {

	private static final Log logger = LogFactory.getLog(LoggingTwoFactorCodeSender.class);

	LoggingTwoFactorCodeSender() {
		logger.warn(
				"Two-factor codes are written to the log, not sent (graphql.identity.demo-data=true and no TwoFactorCodeSender of the application's): "
						+ "for development and demos only.");
	}

	@Override
	public Set<String> providers() {
		return Set.of(EMAIL);
	}

	@Override
	public void send(String provider, String destination, long userId, String code) {
		logger.info("Two-factor code for user " + userId + " by " + provider + " to " + destination + ": " + code);
	}

}
