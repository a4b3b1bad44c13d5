/**
 * Password reset: setting a new password with a reset code that sign-in issued, and the
 * password policy.
 */
@NullMarked
package dev.svc.graphql.signin.reset;

import org.jspecify.annotations.NullMarked;
