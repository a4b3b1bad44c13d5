/**
 * The host's own account pages, beside the module's sign-in.
 */
@NullMarked
package dev.svc.sample.mvc.account;

import org.jspecify.annotations.NullMarked;
