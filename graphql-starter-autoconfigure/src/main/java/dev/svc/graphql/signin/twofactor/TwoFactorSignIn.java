package dev.svc.graphql.signin.twofactor;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.ratelimit.SharedBuckets;
import dev.svc.graphql.signin.password.SecondFactor;
import dev.svc.graphql.signin.password.SecondStep;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import dev.svc.graphql.signin.twofactor.TwoFactorStore.RememberedClient;
import dev.svc.graphql.signin.twofactor.TwoFactorStore.TwoFactorAccount;
import org.jspecify.annotations.Nullable;

/**
 * Two-factor sign-in: the second step (an authenticator app's code, RFC 6238, or one sent
 * by e-mail or text message), remembered clients, and setting up an authenticator app.
 */
public final class TwoFactorSignIn implements SecondStep {

	/** The provider name of the authenticator app, as the token response lists it. */
	public static final String AUTHENTICATOR = "GoogleAuthenticator";

	static final String INVALID_CODE = "Invalid security code!";

	private static final int REMEMBER_TOKEN_BYTES = 32;

	/**
	 * How long a sign-in's second step stays open from the password (sending codes does
	 * not extend it); codes sent by e-mail or text message work until then.
	 */
	static final Duration CODE_LIFETIME = Duration.ofMinutes(5);

	/**
	 * How long a client that asked to be remembered skips the second step, while the
	 * user's password and authenticator secret stay the same.
	 */
	public static final Duration REMEMBER_CLIENT_LIFETIME = Duration.ofDays(30);

	private final TwoFactorStore store;

	private final @Nullable TwoFactorCodeSender sender;

	private final String issuer;

	private final Duration codeLifetime;

	private final CodeSendLimit sendLimit;

	private final Clock clock;

	private final SecureRandom random = new SecureRandom();

	TwoFactorSignIn(TwoFactorStore store, @Nullable TwoFactorCodeSender sender, String issuer, Duration codeLifetime,
			CodeSendLimit sendLimit, Clock clock) {
		this.store = store;
		this.sender = sender;
		this.issuer = issuer;
		this.codeLifetime = codeLifetime;
		this.sendLimit = sendLimit;
		this.clock = clock;
	}

	/**
	 * The module's second factor.
	 * @param store where two-factor data is kept
	 * @param sender the sender of codes by e-mail or text message, {@code null} for none
	 * @param issuer the name authenticator apps show
	 * @param buckets the code sends' buckets
	 * @param clock the time
	 * @return the second factor
	 */
	public static TwoFactorSignIn create(TwoFactorStore store, @Nullable TwoFactorCodeSender sender, String issuer,
			SharedBuckets buckets, Clock clock) {
		return new TwoFactorSignIn(store, sender, issuer, CODE_LIFETIME,
				new CodeSendLimit(buckets, CodeSendLimit.COOLDOWN, CodeSendLimit.MAX_PER_HOUR), clock);
	}

	@Override
	public SignInResult check(SignedInUser user, SecondFactor given, Instant now) {
		Optional<TwoFactorAccount> account = this.store.find(user.userId());
		if (account.isEmpty() || !account.get().enabled()) {
			return SignInResult.success(user, null);
		}
		String remembered = given.twoFactorRememberClientToken();
		if (remembered != null && !remembered.isBlank()
				&& this.store.isRememberedClient(Sha256.hex(remembered), user.userId(), now)) {
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
		this.store.rememberClient(Sha256.hex(token), user.userId(), now, now.plus(REMEMBER_CLIENT_LIFETIME));
		return SignInResult.success(user, token);
	}

	// null when the caller may ask again, whether or not a code was sent
	@Nullable Duration send(long userId, @Nullable String provider, Instant now) {
		Duration wait = this.sendLimit.waitAfter(this.store.sentCodeTimes(userId, now.minus(Duration.ofHours(1))), now);
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
		Duration raced = this.sendLimit.take(userId);
		if (raced != null) {
			return raced;
		}
		String code = String.format(Locale.ROOT, "%06d", this.random.nextInt(1_000_000));
		this.store.saveSentCode(userId, provider, Sha256.hex(code), now, stepExpiry);
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

	// each authenticator step and each sent code works once
	private boolean verify(TwoFactorAccount account, String code, Instant now) {
		if (account.authenticatorKey() != null) {
			OptionalLong step = Totp.matchingStep(account.authenticatorKey(), code, now);
			if (step.isPresent() && this.store.useAuthenticatorStep(account.userId(), step.getAsLong())) {
				return true;
			}
		}
		return code.length() == Totp.DIGITS && this.store.useSentCode(account.userId(), Sha256.hex(code), now);
	}

	/**
	 * Starts setting up an authenticator app: a new secret, which sign-ins ask for only
	 * once {@link #enableAuthenticator} confirmed a code of it.
	 * @param user the signed-in user
	 * @return the secret and QR code URI, empty when two-factor sign-in is on already
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
	 * The clients (browsers, apps) that skip the second step of a user's sign-ins: those
	 * that asked to be remembered, while the user's password and authenticator secret
	 * stay what they were then. {@link TwoFactorService#forgetRememberedClient} forgets
	 * one.
	 * @param user the signed-in user
	 * @return the clients, the latest remembered first
	 */
	public List<RememberedClient> rememberedClients(SignedInUser user) {
		return this.store.rememberedClients(user.userId(), this.clock.instant());
	}

	boolean forgetClient(long userId, long clientId) {
		return this.store.forgetClient(userId, clientId);
	}

	Optional<TwoFactorAccount> account(long userId) {
		return this.store.find(userId);
	}

	// the caller checked the password
	boolean enableAuthenticator(TwoFactorAccount account, String code, Instant now) {
		if (account.authenticatorKey() == null || account.enabled() || !verify(account, code.trim(), now)) {
			return false;
		}
		this.store.saveAuthenticatorKey(account.userId(), account.authenticatorKey(), true);
		return true;
	}

	// the caller checked the password; a sent code works too
	boolean disable(TwoFactorAccount account, String code, Instant now) {
		if (!account.enabled() || !verify(account, code.trim(), now)) {
			return false;
		}
		this.store.saveAuthenticatorKey(account.userId(), null, false);
		return true;
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
