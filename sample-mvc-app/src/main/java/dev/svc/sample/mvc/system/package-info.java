/**
 * The host's security set-up.
 */
@NullMarked
package dev.svc.sample.mvc.system;

import org.jspecify.annotations.NullMarked;
