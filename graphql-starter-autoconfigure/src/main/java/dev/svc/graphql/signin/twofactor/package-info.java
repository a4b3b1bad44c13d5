/**
 * The second factor: authenticator apps (TOTP), codes sent by e-mail or text message,
 * remembered clients, and where two-factor data is kept. It answers the password room's
 * {@link dev.svc.graphql.signin.password.SecondStep}.
 */
@NullMarked
package dev.svc.graphql.signin.twofactor;

import org.jspecify.annotations.NullMarked;
