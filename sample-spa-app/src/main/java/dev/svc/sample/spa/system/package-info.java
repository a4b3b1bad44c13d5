/**
 * The host's security set-up.
 */
@NullMarked
package dev.svc.sample.spa.system;

import org.jspecify.annotations.NullMarked;
