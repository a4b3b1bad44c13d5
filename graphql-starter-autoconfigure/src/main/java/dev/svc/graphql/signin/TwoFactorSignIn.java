package dev.svc.graphql.signin;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.locks.ReentrantLock;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.SignInResult.Outcome;
import dev.svc.graphql.signin.store.TwoFactorStore;
import dev.svc.graphql.signin.store.TwoFactorStore.TwoFactorAccount;
import org.jspecify.annotations.Nullable;

/**
 * Two-factor sign-in: the second step of a user who turned it on (a code of its
 * authenticator app, RFC 6238, or one sent by e-mail or text message), clients remembered
 * for a while, and the setting up of an authenticator app by the signed-in user.
 */
public final class TwoFactorSignIn {

	/** The provider name of the authenticator app, as the token response lists it. */
	public static final String AUTHENTICATOR = "GoogleAuthenticator";

	static final String INVALID_CODE = "Invalid security code!";

	private static final int REMEMBER_TOKEN_BYTES = 32;

	private final TwoFactorStore store;

	private final @Nullable TwoFactorCodeSender sender;

	private final String issuer;

	private final Duration codeLifetime;

	private final Duration rememberClientLifetime;

	private final Duration sendCooldown;

	private final int maxCodesPerHour;

	private final SecureRandom random = new SecureRandom();

	private final ReentrantLock[] sendLocks = new ReentrantLock[64];

	TwoFactorSignIn(TwoFactorStore store, @Nullable TwoFactorCodeSender sender, String issuer, Duration codeLifetime,
			Duration rememberClientLifetime, Duration sendCooldown, int maxCodesPerHour) {
		this.store = store;
		this.sender = sender;
		this.issuer = issuer;
		this.codeLifetime = codeLifetime;
		this.rememberClientLifetime = rememberClientLifetime;
		this.sendCooldown = sendCooldown;
		this.maxCodesPerHour = maxCodesPerHour;
		for (int i = 0; i < this.sendLocks.length; i++) {
			this.sendLocks[i] = new ReentrantLock();
		}
	}

	/**
	 * The second step of a user whose password was right.
	 * @return success (with a token for the client if it asked to be remembered), the
	 * second step to take, or a code that is not valid
	 */
	SignInResult check(SignedInUser user, SecondFactor given, Instant now) {
		Optional<TwoFactorAccount> account = this.store.find(user.userId());
		if (account.isEmpty() || !account.get().enabled()) {
			return SignInResult.success(user, null);
		}
		String remembered = given.twoFactorRememberClientToken();
		if (remembered != null && !remembered.isBlank()
				&& this.store.isRememberedClient(digest(remembered), user.userId(), now)) {
			return SignInResult.success(user, null);
		}
		String code = given.twoFactorVerificationCode();
		if (code == null || code.isBlank()) {
			this.store.openSecondStep(user.userId(), now.plus(this.codeLifetime));
			return SignInResult.twoFactorRequired(user, providers(account.get()));
		}
		if (!verify(account.get(), code.trim(), now)) {
			return SignInResult.failure(Outcome.INVALID_TWO_FACTOR_CODE, INVALID_CODE);
		}
		this.store.closeSecondStep(user.userId(), now);
		if (!given.rememberClient()) {
			return SignInResult.success(user, null);
		}
		byte[] bytes = new byte[REMEMBER_TOKEN_BYTES];
		this.random.nextBytes(bytes);
		String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		this.store.rememberClient(digest(token), user.userId(), now.plus(this.rememberClientLifetime));
		return SignInResult.success(user, token);
	}

	/**
	 * Sends a code for the open second step of a user, by a provider it was offered,
	 * unless a code went to the user less than the cooldown ago or as many as allowed
	 * went in the last hour.
	 * @return how long the caller must wait before it asks again, {@code null} when it
	 * may ask now (whether or not a code was sent)
	 */
	@Nullable Duration send(long userId, @Nullable String provider, Instant now) {
		// requests for one user that arrive together are taken one at a time, so the
		// limits hold on this instance (instances that share the database race only at
		// the same moment)
		ReentrantLock lock = this.sendLocks[(int) Math.floorMod(userId, (long) this.sendLocks.length)];
		lock.lock();
		try {
			return sendWithinLimits(userId, provider, now);
		}
		finally {
			lock.unlock();
		}
	}

	private @Nullable Duration sendWithinLimits(long userId, @Nullable String provider, Instant now) {
		List<Instant> sent = this.store.sentCodeTimes(userId, now.minus(Duration.ofHours(1)));
		Duration wait = null;
		if (!sent.isEmpty() && now.isBefore(sent.get(sent.size() - 1).plus(this.sendCooldown))) {
			wait = Duration.between(now, sent.get(sent.size() - 1).plus(this.sendCooldown));
		}
		if (sent.size() >= this.maxCodesPerHour) {
			Duration untilOldestLeaves = Duration.between(now,
					sent.get(sent.size() - this.maxCodesPerHour).plus(Duration.ofHours(1)));
			wait = (wait == null || untilOldestLeaves.compareTo(wait) > 0) ? untilOldestLeaves : wait;
		}
		if (wait != null) {
			return wait;
		}
		Instant stepExpiry = this.store.secondStepExpiry(userId, now);
		if (this.sender == null || provider == null || stepExpiry == null) {
			return null;
		}
		Optional<TwoFactorAccount> account = this.store.find(userId);
		if (account.isEmpty() || !providers(account.get()).contains(provider)) {
			return null;
		}
		String destination = TwoFactorCodeSender.EMAIL.equals(provider) ? account.get().emailAddress()
				: account.get().phoneNumber();
		if (destination == null) {
			return null;
		}
		String code = String.format(Locale.ROOT, "%06d", this.random.nextInt(1_000_000));
		this.store.saveSentCode(userId, provider, digest(code), now, stepExpiry);
		this.sender.send(provider, destination, userId, code);
		return null;
	}

	private List<String> providers(TwoFactorAccount account) {
		List<String> providers = new ArrayList<>();
		if (account.authenticatorKey() != null) {
			providers.add(AUTHENTICATOR);
		}
		if (this.sender != null && account.emailAddress() != null
				&& this.sender.providers().contains(TwoFactorCodeSender.EMAIL)) {
			providers.add(TwoFactorCodeSender.EMAIL);
		}
		if (this.sender != null && account.phoneNumber() != null
				&& this.sender.providers().contains(TwoFactorCodeSender.PHONE)) {
			providers.add(TwoFactorCodeSender.PHONE);
		}
		return providers;
	}

	// the authenticator's code of this step or one either side, once; else the code sent,
	// once
	private boolean verify(TwoFactorAccount account, String code, Instant now) {
		if (account.authenticatorKey() != null) {
			OptionalLong step = Totp.matchingStep(account.authenticatorKey(), code, now);
			if (step.isPresent() && this.store.useAuthenticatorStep(account.userId(), step.getAsLong())) {
				return true;
			}
		}
		return code.length() == Totp.DIGITS && this.store.useSentCode(account.userId(), digest(code), now);
	}

	/**
	 * Starts setting up an authenticator app for the signed-in user: a new secret, which
	 * its sign-ins ask for only once {@link #enableAuthenticator} confirmed a code of it.
	 * @param user the signed-in user
	 * @return the secret and the URI for the app's QR code, empty when two-factor sign-in
	 * is on already (turn it off first)
	 */
	public Optional<AuthenticatorSetup> startAuthenticatorSetup(SignedInUser user) {
		Optional<TwoFactorAccount> account = this.store.find(user.userId());
		if (account.isEmpty() || account.get().enabled()) {
			return Optional.empty();
		}
		String secret = Totp.newSecret(this.random);
		this.store.saveAuthenticatorKey(user.userId(), secret, false);
		return Optional.of(new AuthenticatorSetup(secret, Totp.otpauthUri(this.issuer, user.userName(), secret)));
	}

	/**
	 * A user's two-factor settings.
	 */
	Optional<TwoFactorAccount> account(long userId) {
		return this.store.find(userId);
	}

	/**
	 * Turns two-factor sign-in on with the authenticator app being set up, if the code is
	 * one of it. The caller checked the user's password.
	 * @return whether it is on
	 */
	boolean enableAuthenticator(TwoFactorAccount account, String code, Instant now) {
		if (account.authenticatorKey() == null || account.enabled() || !verify(account, code.trim(), now)) {
			return false;
		}
		this.store.saveAuthenticatorKey(account.userId(), account.authenticatorKey(), true);
		return true;
	}

	/**
	 * Turns two-factor sign-in off and forgets the authenticator app, if the code is one
	 * of it (or of the codes sent). The caller checked the user's password.
	 * @return whether it is off
	 */
	boolean disable(TwoFactorAccount account, String code, Instant now) {
		if (!account.enabled() || !verify(account, code.trim(), now)) {
			return false;
		}
		this.store.saveAuthenticatorKey(account.userId(), null, false);
		return true;
	}

	static String digest(String text) {
		return Sha256.hex(text);
	}

	/**
	 * What an authenticator app needs to be set up.
	 *
	 * @param authenticatorKey the secret, in Base32, for typing in
	 * @param otpauthUri the {@code otpauth://totp/} URI, for a QR code
	 */
	public record AuthenticatorSetup(String authenticatorKey, String otpauthUri) {
	}

}
