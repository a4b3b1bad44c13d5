package dev.svc.graphql.signin.twofactor;

import java.util.Set;

/**
 * Sends two-factor codes by e-mail or text message through the host's gateway: declare
 * one to offer those providers besides the authenticator app.
 */
public interface TwoFactorCodeSender {

	/** The provider name of codes sent by e-mail, as the token response lists it. */
	String EMAIL = "Email";

	/** The provider name of codes by text message, as the token response lists it. */
	String PHONE = "Phone";

	/**
	 * What this sender can send by.
	 * @return {@link #EMAIL}, {@link #PHONE} or both
	 */
	Set<String> providers();

	/**
	 * Sends a code.
	 * @param provider {@link #EMAIL} or {@link #PHONE}
	 * @param destination the user's confirmed e-mail address or its phone number
	 * @param userId the user
	 * @param code the code, 6 digits
	 */
	void send(String provider, String destination, long userId, String code);

	/**
	 * A sender that writes the codes to the log, for development.
	 * @return the sender
	 */
	static TwoFactorCodeSender logging() {
		return new LoggingTwoFactorCodeSender();
	}

}
