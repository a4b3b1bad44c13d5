/**
 * Passkeys (WebAuthn): registration while signed in, sign-in with a discoverable
 * credential whose user handle names the tenant and the user, and their storage in the
 * module's tables, on Spring Security's WebAuthn ceremonies.
 */
@NullMarked
package dev.svc.graphql.signin.passkey;

import org.jspecify.annotations.NullMarked;
