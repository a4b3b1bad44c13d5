package dev.svc.graphql.signin.passkey;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.web.webauthn.api.AuthenticatorTransport;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutableCredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCose;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialType;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;

/**
 * The passkeys in the module's tables, behind Spring Security's two WebAuthn
 * repositories. Spring Security knows a user by a name unique in the whole application;
 * here names are unique within a tenant only, so the module names its users to Spring
 * Security by {@link #userKey(long) their id}, and the user entity it answers carries the
 * name the authenticator shows. A user's handle is made at its first registration. The
 * two repositories are two objects, {@link #users()} the second, as both name their
 * removal {@code delete(Bytes)}.
 */
final class JdbcPasskeyStore implements UserCredentialRepository {

	private static final String KEY_PREFIX = "#";

	private static final String OWNER = "select p.user_handle, u.id, u.tenant_id, u.user_name, u.name, u.surname,"
			+ " u.is_active, t.tenancy_name, t.is_active as tenant_active, u.lockout_end_date, u.is_two_factor_enabled,"
			+ " u.should_change_password" + " from svc_passkey_users p join svc_users u on u.id = p.user_id"
			+ " left join svc_tenants t on t.id = u.tenant_id";

	private static final String CREDENTIAL = "select credential_id, user_handle, label, public_key, signature_count,"
			+ " uv_initialized, backup_eligible, backup_state, transports, attestation_object,"
			+ " attestation_client_data, created_time, last_used_time from svc_passkeys";

	/** The longest public key kept, in base64url characters (its column's size). */
	static final int MAX_PUBLIC_KEY_CHARS = 1024;

	/** The longest attestation object kept, in base64url characters. */
	static final int MAX_ATTESTATION_OBJECT_CHARS = 4096;

	/** The longest client data kept, in base64url characters. */
	static final int MAX_CLIENT_DATA_CHARS = 2048;

	/** The longest list of transports kept, comma-separated. */
	static final int MAX_TRANSPORTS_CHARS = 128;

	/**
	 * The most sign-in challenges open at once, whoever asked: some 10 MB of rows, and
	 * far more than sign-ins within a challenge's lifetime on any deployment the module
	 * serves (2000 a minute).
	 */
	static final int MAX_OPEN_SIGN_IN_CHALLENGES = 10_000;

	private final JdbcClient jdbc;

	private final Users users = new Users();

	JdbcPasskeyStore(DataSource dataSource) {
		this.jdbc = JdbcClient.create(dataSource);
	}

	/**
	 * The name by which the module gives Spring Security's WebAuthn a user.
	 * @param userId the user
	 * @return the name {@link #findByUsername} takes
	 */
	static String userKey(long userId) {
		return KEY_PREFIX + userId;
	}

	/**
	 * The users' handles, as Spring Security's WebAuthn asks for them.
	 * @return the repository of user entities
	 */
	PublicKeyCredentialUserEntityRepository users() {
		return this.users;
	}

	/**
	 * The owner of a user handle, with what a sign-in checks.
	 * @param userHandle the handle
	 * @return the owner, empty when no user has the handle
	 */
	Optional<Owner> owner(Bytes userHandle) {
		return this.jdbc.sql(OWNER + " where p.user_handle = :handle")
			.param("handle", userHandle.toBase64UrlString())
			.query(JdbcPasskeyStore::owner)
			.optional();
	}

	/**
	 * A user's passkeys, oldest first.
	 * @param userId the user
	 * @return the passkeys
	 */
	List<Passkey> passkeys(long userId) {
		return this.jdbc
			.sql("select k.id, k.label, k.created_time, k.last_used_time from svc_passkeys k"
					+ " join svc_passkey_users p on p.user_handle = k.user_handle where p.user_id = :userId"
					+ " order by k.id")
			.param("userId", userId)
			.query((rs, row) -> new Passkey(rs.getLong("id"), rs.getString("label"),
					instant(rs.getObject("created_time", OffsetDateTime.class)),
					optionalInstant(rs.getObject("last_used_time", OffsetDateTime.class))))
			.list();
	}

	/**
	 * Removes one of a user's passkeys.
	 * @param userId the user
	 * @param passkeyId the passkey
	 * @return whether the user had it
	 */
	boolean remove(long userId, long passkeyId) {
		return this.jdbc
			.sql("delete from svc_passkeys where id = :id and user_handle in"
					+ " (select user_handle from svc_passkey_users where user_id = :userId)")
			.param("id", passkeyId)
			.param("userId", userId)
			.update() == 1;
	}

	/**
	 * Keeps a challenge until it is taken or expires; expired ones go at the same time.
	 * Sign-in challenges, which anybody may ask for, are kept
	 * {@link #MAX_OPEN_SIGN_IN_CHALLENGES} at most.
	 * @param challenge the challenge
	 * @param userId the user registering, {@code null} for a sign-in
	 * @param now the time
	 * @param expiry when it stops working
	 * @return {@code false} when there are as many open sign-in challenges as are kept
	 */
	boolean issueChallenge(Bytes challenge, @Nullable Long userId, Instant now, Instant expiry) {
		this.jdbc.sql("delete from svc_passkey_challenges where expiry_time < :now").param("now", utc(now)).update();
		if (userId == null && this.jdbc.sql("select count(*) from svc_passkey_challenges where user_id is null")
			.query(Integer.class)
			.single() >= MAX_OPEN_SIGN_IN_CHALLENGES) {
			return false;
		}
		this.jdbc.sql(
				"insert into svc_passkey_challenges (challenge, user_id, expiry_time) values (:challenge, :userId, :expiry)")
			.param("challenge", challenge.toBase64UrlString())
			.param("userId", userId)
			.param("expiry", utc(expiry))
			.update();
		return true;
	}

	/**
	 * Takes a challenge, which works once: of two requests with the same answer one at
	 * most finds it.
	 * @param challenge the challenge the client signed
	 * @param userId the user registering, {@code null} for a sign-in
	 * @param now the time
	 * @return whether it was issued for this use, had not expired and was not taken
	 */
	boolean takeChallenge(Bytes challenge, @Nullable Long userId, Instant now) {
		String owner = (userId != null) ? "user_id = :userId" : "user_id is null";
		JdbcClient.StatementSpec delete = this.jdbc
			.sql("delete from svc_passkey_challenges where challenge = :challenge and expiry_time > :now and " + owner)
			.param("challenge", challenge.toBase64UrlString())
			.param("now", utc(now));
		if (userId != null) {
			delete = delete.param("userId", userId);
		}
		return delete.update() == 1;
	}

	@Override
	public void delete(Bytes credentialId) {
		this.jdbc.sql("delete from svc_passkeys where credential_id = :id")
			.param("id", credentialId.toBase64UrlString())
			.update();
	}

	/**
	 * Adds a new passkey, or records the use of one: its signature counter must go up (or
	 * stay at zero, for authenticators that keep none), else the use is refused, as a
	 * cloned authenticator or a replayed answer shows itself so.
	 * @throws CounterNotIncreasedException when the counter did not go up
	 */
	@Override
	public void save(CredentialRecord record) {
		String credentialId = record.getCredentialId().toBase64UrlString();
		Instant lastUsed = record.getLastUsed();
		boolean known = this.jdbc.sql("select count(*) from svc_passkeys where credential_id = :id")
			.param("id", credentialId)
			.query(Integer.class)
			.single() > 0;
		if (known) {
			int updated = this.jdbc
				.sql("update svc_passkeys set signature_count = :count, last_used_time = :lastUsed,"
						+ " backup_state = :backupState where credential_id = :id"
						+ " and (signature_count < :count or (signature_count = 0 and :count = 0))")
				.param("count", record.getSignatureCount())
				.param("lastUsed", (lastUsed != null) ? utc(lastUsed) : null)
				.param("backupState", record.isBackupState())
				.param("id", credentialId)
				.update();
			if (updated == 0) {
				throw new CounterNotIncreasedException(record.getSignatureCount());
			}
			return;
		}
		Bytes attestationObject = record.getAttestationObject();
		Bytes clientData = record.getAttestationClientDataJSON();
		String publicKey = new Bytes(record.getPublicKey().getBytes()).toBase64UrlString();
		String attestation = (attestationObject != null) ? attestationObject.toBase64UrlString() : "";
		String clientDataJson = (clientData != null) ? clientData.toBase64UrlString() : null;
		String transports = transports(record.getTransports());
		// the last guard: the ceremony refused larger ones already
		fits("public key", publicKey.length(), MAX_PUBLIC_KEY_CHARS);
		fits("response.attestationObject", attestation.length(), MAX_ATTESTATION_OBJECT_CHARS);
		fits("response.clientDataJSON", (clientDataJson != null) ? clientDataJson.length() : 0, MAX_CLIENT_DATA_CHARS);
		fits("response.transports", transports.length(), MAX_TRANSPORTS_CHARS);
		this.jdbc.sql("insert into svc_passkeys (credential_id, user_handle, label, public_key, signature_count,"
				+ " uv_initialized, backup_eligible, backup_state, transports, attestation_object,"
				+ " attestation_client_data, created_time, last_used_time) values (:id, :handle, :label, :publicKey,"
				+ " :count, :uv, :backupEligible, :backupState, :transports, :attestation, :clientData, :created,"
				+ " :lastUsed)")
			.param("id", credentialId)
			.param("handle", record.getUserEntityUserId().toBase64UrlString())
			.param("label", record.getLabel())
			.param("publicKey", publicKey)
			.param("count", record.getSignatureCount())
			.param("uv", record.isUvInitialized())
			.param("backupEligible", record.isBackupEligible())
			.param("backupState", record.isBackupState())
			.param("transports", transports)
			.param("attestation", attestation)
			.param("clientData", clientDataJson)
			.param("created", utc((record.getCreated() != null) ? record.getCreated() : Instant.now()))
			.param("lastUsed", null)
			.update();
	}

	/**
	 * The transports as their column keeps them.
	 * @param transports the transports
	 * @return their names, sorted and comma-separated
	 */
	static String transports(Set<AuthenticatorTransport> transports) {
		return transports.stream().map(AuthenticatorTransport::getValue).sorted().collect(Collectors.joining(","));
	}

	/**
	 * Refuses a part of a new passkey larger than its column.
	 * @param what the part, as the credential's JSON names it
	 * @param length its length as kept, in characters
	 * @param limit its column's size
	 * @throws PasskeyRefusal when it is larger
	 */
	static void fits(String what, int length, int limit) {
		if (length > limit) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.INVALID_REQUEST,
					"The credential's " + what + " is " + length
							+ " characters kept (base64url or comma-separated), more than the " + limit
							+ " kept at most: use a passkey that answers with less.");
		}
	}

	@Override
	public @Nullable CredentialRecord findByCredentialId(Bytes credentialId) {
		return this.jdbc.sql(CREDENTIAL + " where credential_id = :id")
			.param("id", credentialId.toBase64UrlString())
			.query(JdbcPasskeyStore::credential)
			.optional()
			.orElse(null);
	}

	/**
	 * A user's passkeys as Spring Security lists them in the registration options'
	 * {@code excludeCredentials}: their ids, transports and labels only, not the keys and
	 * attestations of whole rows.
	 */
	@Override
	public List<CredentialRecord> findByUserId(Bytes userId) {
		return this.jdbc
			.sql("select credential_id, user_handle, label, transports from svc_passkeys where user_handle = :handle"
					+ " order by id")
			.param("handle", userId.toBase64UrlString())
			.query((rs,
					row) -> (CredentialRecord) ImmutableCredentialRecord.builder()
						.credentialType(PublicKeyCredentialType.PUBLIC_KEY)
						.credentialId(Bytes.fromBase64(rs.getString("credential_id")))
						.userEntityUserId(Bytes.fromBase64(rs.getString("user_handle")))
						.label(rs.getString("label"))
						.transports(transports(rs.getString("transports")))
						.build())
			.list();
	}

	/**
	 * How many passkeys a user has.
	 * @param userId the user
	 * @return the count
	 */
	int count(long userId) {
		return this.jdbc
			.sql("select count(*) from svc_passkeys k join svc_passkey_users p on p.user_handle = k.user_handle"
					+ " where p.user_id = :userId")
			.param("userId", userId)
			.query(Integer.class)
			.single();
	}

	private Optional<Owner> ownerOf(long userId) {
		return this.jdbc.sql(OWNER + " where p.user_id = :userId")
			.param("userId", userId)
			.query(JdbcPasskeyStore::owner)
			.optional();
	}

	private static @Nullable Long userId(@Nullable String username) {
		if (username == null || !username.startsWith(KEY_PREFIX)) {
			return null;
		}
		try {
			return Long.valueOf(username.substring(KEY_PREFIX.length()));
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	private static Owner owner(ResultSet rs, int row) throws SQLException {
		int tenantId = rs.getInt("tenant_id");
		boolean host = rs.wasNull();
		return new Owner(Bytes.fromBase64(rs.getString("user_handle")), rs.getLong("id"), host ? null : tenantId,
				rs.getString("user_name"), rs.getString("name") + " " + rs.getString("surname"),
				rs.getString("tenancy_name"), rs.getBoolean("is_active"), host || rs.getBoolean("tenant_active"),
				optionalInstant(rs.getObject("lockout_end_date", OffsetDateTime.class)),
				rs.getBoolean("is_two_factor_enabled"), rs.getBoolean("should_change_password"));
	}

	private static CredentialRecord credential(ResultSet rs, int row) throws SQLException {
		String transports = rs.getString("transports");
		String clientData = rs.getString("attestation_client_data");
		Instant lastUsed = optionalInstant(rs.getObject("last_used_time", OffsetDateTime.class));
		Instant created = instant(rs.getObject("created_time", OffsetDateTime.class));
		return ImmutableCredentialRecord.builder()
			.credentialType(PublicKeyCredentialType.PUBLIC_KEY)
			.credentialId(Bytes.fromBase64(rs.getString("credential_id")))
			.userEntityUserId(Bytes.fromBase64(rs.getString("user_handle")))
			.label(rs.getString("label"))
			.publicKey(new ImmutablePublicKeyCose(Bytes.fromBase64(rs.getString("public_key")).getBytes()))
			.signatureCount(rs.getLong("signature_count"))
			.uvInitialized(rs.getBoolean("uv_initialized"))
			.backupEligible(rs.getBoolean("backup_eligible"))
			.backupState(rs.getBoolean("backup_state"))
			.transports(transports(transports))
			.attestationObject(Bytes.fromBase64(rs.getString("attestation_object")))
			.attestationClientDataJSON((clientData != null) ? Bytes.fromBase64(clientData) : null)
			.created(created)
			.lastUsed((lastUsed != null) ? lastUsed : created)
			.build();
	}

	private static Set<AuthenticatorTransport> transports(@Nullable String transports) {
		return (transports == null || transports.isEmpty()) ? Set.of()
				: Arrays.stream(transports.split(","))
					.map(AuthenticatorTransport::valueOf)
					.collect(Collectors.toUnmodifiableSet());
	}

	private static Instant instant(@Nullable OffsetDateTime time) {
		if (time == null) {
			throw new IllegalStateException("a passkey's creation time is never null");
		}
		return time.toInstant();
	}

	private static @Nullable Instant optionalInstant(@Nullable OffsetDateTime time) {
		return (time != null) ? time.toInstant() : null;
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

	private final class Users implements PublicKeyCredentialUserEntityRepository {

		@Override
		public @Nullable PublicKeyCredentialUserEntity findById(Bytes id) {
			return JdbcPasskeyStore.this.owner(id).map(Owner::entity).orElse(null);
		}

		/**
		 * Finds, or makes, the entity of a user named by {@link #userKey(long)}.
		 */
		@Override
		public @Nullable PublicKeyCredentialUserEntity findByUsername(String username) {
			Long userId = userId(username);
			if (userId == null) {
				return null;
			}
			Optional<Owner> owner = ownerOf(userId);
			if (owner.isPresent()) {
				return owner.get().entity();
			}
			try {
				JdbcPasskeyStore.this.jdbc
					.sql("insert into svc_passkey_users (user_handle, user_id) select :handle, id from svc_users"
							+ " where id = :userId")
					.param("handle", Bytes.random().toBase64UrlString())
					.param("userId", userId)
					.update();
			}
			catch (DuplicateKeyException ex) {
				// made at the same time by another request: that one counts
			}
			return ownerOf(userId).map(Owner::entity).orElse(null);
		}

		/**
		 * Keeps the handle of an entity named by {@link #userKey(long)}; the module's own
		 * entities, which {@link #findByUsername} makes, are kept already.
		 */
		@Override
		public void save(PublicKeyCredentialUserEntity userEntity) {
			Long userId = userId(userEntity.getName());
			if (userId == null) {
				throw new IllegalArgumentException("A passkey user entity is named by '#' and the id of a user, not '"
						+ userEntity.getName() + "'");
			}
			JdbcPasskeyStore.this.jdbc
				.sql("insert into svc_passkey_users (user_handle, user_id) values (:handle, :userId)")
				.param("handle", userEntity.getId().toBase64UrlString())
				.param("userId", userId)
				.update();
		}

		@Override
		public void delete(Bytes id) {
			String handle = id.toBase64UrlString();
			JdbcPasskeyStore.this.jdbc.sql("delete from svc_passkeys where user_handle = :handle")
				.param("handle", handle)
				.update();
			JdbcPasskeyStore.this.jdbc.sql("delete from svc_passkey_users where user_handle = :handle")
				.param("handle", handle)
				.update();
		}

	}

	/**
	 * The user a handle names, with what a passkey sign-in checks.
	 *
	 * @param userHandle the handle
	 * @param userId the user
	 * @param tenantId the user's tenant, {@code null} for the host
	 * @param userName the user's name in its tenant
	 * @param fullName the name the authenticator shows beside it
	 * @param tenancyName the tenant's name, {@code null} for the host
	 * @param active whether the user may sign in
	 * @param tenantActive whether the user's tenant is active (the host always is)
	 * @param lockoutEnd the lockout end set on the user's record, if any
	 * @param twoFactorEnabled whether the user signs in with two factors
	 * @param shouldChangePassword whether the user must change its password to sign in
	 */
	record Owner(Bytes userHandle, long userId, @Nullable Integer tenantId, String userName, String fullName,
			@Nullable String tenancyName, boolean active, boolean tenantActive, @Nullable Instant lockoutEnd,
			boolean twoFactorEnabled, boolean shouldChangePassword) {

		PublicKeyCredentialUserEntity entity() {
			return ImmutablePublicKeyCredentialUserEntity.builder()
				.id(this.userHandle)
				.name((this.tenancyName != null) ? this.userName + " (" + this.tenancyName + ")" : this.userName)
				.displayName(this.fullName)
				.build();
		}

	}

	/**
	 * A passkey as its user sees it.
	 *
	 * @param id the passkey's id, by which its user removes it
	 * @param label what its user called it
	 * @param createdTime when it was registered
	 * @param lastUsedTime when it last signed its user in, {@code null} if never
	 */
	record Passkey(long id, String label, Instant createdTime, @Nullable Instant lastUsedTime) {
	}

	/** A use of a passkey whose signature counter did not go up. */
	static final class CounterNotIncreasedException extends IllegalStateException {

		CounterNotIncreasedException(long presented) {
			super("The passkey's signature counter did not go up (" + presented
					+ "): a replayed answer or a cloned authenticator");
		}

	}

}
