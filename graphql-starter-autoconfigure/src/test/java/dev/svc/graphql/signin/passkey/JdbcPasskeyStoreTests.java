package dev.svc.graphql.signin.passkey;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

import javax.sql.DataSource;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.web.webauthn.api.AuthenticatorTransport;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutableCredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCose;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialType;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The passkey store against the module's migrations and demo data, on the database the
 * build chose: user handles per user (and so per tenant), several passkeys per user with
 * label and last use, the counter rule, removal, and challenges that work once.
 */
@OnEveryDatabase
@SpringBootTest(
		classes = TestHostApplication.class, properties = { "graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-test/", "graphql.identity.demo-data=true" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
class JdbcPasskeyStoreTests {

	private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");

	@Autowired
	private DataSource dataSource;

	@Autowired
	private JdbcClient jdbc;

	private JdbcPasskeyStore store;

	@BeforeEach
	void emptyTheStore() {
		this.jdbc.sql("delete from svc_passkeys").update();
		this.jdbc.sql("delete from svc_passkey_users").update();
		this.jdbc.sql("delete from svc_passkey_challenges").update();
		this.store = new JdbcPasskeyStore(this.dataSource);
	}

	@Test
	void shouldGiveEachUserOneHandleNamingItsTenant() {
		PublicKeyCredentialUserEntity hostAdmin = this.store.users().findByUsername(JdbcPasskeyStore.userKey(1));
		PublicKeyCredentialUserEntity tenantAdmin = this.store.users().findByUsername(JdbcPasskeyStore.userKey(2));
		assertThat(hostAdmin.getName()).isEqualTo("admin");
		assertThat(tenantAdmin.getName()).as("the same user name in a tenant").isEqualTo("admin (Default)");
		assertThat(tenantAdmin.getId()).isNotEqualTo(hostAdmin.getId());
		assertThat(this.store.users().findByUsername(JdbcPasskeyStore.userKey(2)).getId())
			.isEqualTo(tenantAdmin.getId());
		assertThat(this.store.owner(tenantAdmin.getId())).get().satisfies((owner) -> {
			assertThat(owner.userId()).isEqualTo(2L);
			assertThat(owner.tenantId()).isEqualTo(1);
			assertThat(owner.active()).isTrue();
			assertThat(owner.tenantActive()).isTrue();
		});
		assertThat(this.store.users().findById(tenantAdmin.getId())).isEqualTo(tenantAdmin);
		assertThat(this.store.users().findByUsername("admin")).as("a name is no key: unique per tenant only").isNull();
		assertThat(this.store.users().findByUsername(JdbcPasskeyStore.userKey(987654))).isNull();
	}

	@Test
	void shouldKeepSeveralPasskeysPerUserWithLabelAndLastUse() {
		Bytes handle = this.store.users().findByUsername(JdbcPasskeyStore.userKey(3)).getId();
		CredentialRecord laptop = record(handle, "laptop", 0);
		this.store.save(laptop);
		this.store.save(record(handle, "phone", 0));

		assertThat(this.store.findByUserId(handle)).extracting(CredentialRecord::getLabel)
			.containsExactly("laptop", "phone");
		assertThat(this.store.passkeys(3)).extracting(JdbcPasskeyStore.Passkey::label)
			.containsExactly("laptop", "phone");
		assertThat(this.store.passkeys(3)).allSatisfy((passkey) -> assertThat(passkey.lastUsedTime()).isNull());
		CredentialRecord found = this.store.findByCredentialId(laptop.getCredentialId());
		assertThat(found.getPublicKey().getBytes()).isEqualTo(laptop.getPublicKey().getBytes());
		assertThat(found.getTransports()).containsExactlyInAnyOrder(AuthenticatorTransport.INTERNAL,
				AuthenticatorTransport.HYBRID);
		assertThat(found.getAttestationObject()).isEqualTo(laptop.getAttestationObject());

		this.store.save(ImmutableCredentialRecord.fromCredentialRecord(found).signatureCount(0).lastUsed(NOW).build());
		assertThat(this.store.passkeys(3).get(0).lastUsedTime()).isEqualTo(NOW);
	}

	@Test
	void shouldRefuseAUseWhoseCounterDidNotGoUp() {
		Bytes handle = this.store.users().findByUsername(JdbcPasskeyStore.userKey(1)).getId();
		CredentialRecord passkey = record(handle, "key", 5);
		this.store.save(passkey);
		this.store
			.save(ImmutableCredentialRecord.fromCredentialRecord(passkey).signatureCount(6).lastUsed(NOW).build());
		assertThatExceptionOfType(JdbcPasskeyStore.CounterNotIncreasedException.class).isThrownBy(() -> this.store
			.save(ImmutableCredentialRecord.fromCredentialRecord(passkey).signatureCount(6).lastUsed(NOW).build()));
		assertThatExceptionOfType(JdbcPasskeyStore.CounterNotIncreasedException.class).isThrownBy(() -> this.store
			.save(ImmutableCredentialRecord.fromCredentialRecord(passkey).signatureCount(0).lastUsed(NOW).build()));
		assertThat(this.store.findByCredentialId(passkey.getCredentialId()).getSignatureCount()).isEqualTo(6);
	}

	@Test
	void shouldRemoveAPasskeyOnlyForItsUser() {
		Bytes handle = this.store.users().findByUsername(JdbcPasskeyStore.userKey(1)).getId();
		this.store.save(record(handle, "key", 0));
		long id = this.store.passkeys(1).get(0).id();

		assertThat(this.store.remove(2, id)).as("another user's").isFalse();
		assertThat(this.store.remove(1, id)).isTrue();
		assertThat(this.store.passkeys(1)).isEmpty();
		assertThat(this.store.remove(1, id)).isFalse();

		CredentialRecord other = record(handle, "other", 0);
		this.store.save(other);
		this.store.delete(other.getCredentialId());
		assertThat(this.store.findByCredentialId(other.getCredentialId())).isNull();
		this.store.save(record(handle, "last", 0));
		this.store.users().delete(handle);
		assertThat(this.store.findByUserId(handle)).isEmpty();
		assertThat(this.store.users().findById(handle)).isNull();
	}

	@Test
	void shouldLetAChallengeWorkOnceForItsUseUntilItExpires() {
		Bytes signIn = Bytes.random();
		Bytes registration = Bytes.random();
		Bytes expired = Bytes.random();
		this.store.issueChallenge(signIn, null, NOW, NOW.plusSeconds(300));
		this.store.issueChallenge(registration, 1L, NOW, NOW.plusSeconds(300));
		this.store.issueChallenge(expired, null, NOW, NOW.plusSeconds(1));

		assertThat(this.store.takeChallenge(registration, 2L, NOW)).as("another user's").isFalse();
		assertThat(this.store.takeChallenge(registration, null, NOW)).as("a registration's, for a sign-in").isFalse();
		assertThat(this.store.takeChallenge(registration, 1L, NOW)).isTrue();
		assertThat(this.store.takeChallenge(signIn, null, NOW)).isTrue();
		assertThat(this.store.takeChallenge(signIn, null, NOW)).as("taken already").isFalse();
		assertThat(this.store.takeChallenge(expired, null, NOW.plus(1, ChronoUnit.MINUTES))).isFalse();
	}

	private static CredentialRecord record(Bytes handle, String label, long count) {
		return ImmutableCredentialRecord.builder()
			.credentialType(PublicKeyCredentialType.PUBLIC_KEY)
			.credentialId(Bytes.random())
			.userEntityUserId(handle)
			.label(label)
			.publicKey(new ImmutablePublicKeyCose(Bytes.random().getBytes()))
			.signatureCount(count)
			.uvInitialized(true)
			.backupEligible(true)
			.backupState(false)
			.transports(Set.of(AuthenticatorTransport.INTERNAL, AuthenticatorTransport.HYBRID))
			.attestationObject(Bytes.random())
			.attestationClientDataJSON(Bytes.random())
			.created(NOW)
			.lastUsed(NOW)
			.build();
	}

}
