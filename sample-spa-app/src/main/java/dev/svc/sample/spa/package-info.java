/**
 * The single-page sample host: token or cookie sign-in, at {@code /ui/login}.
 */
@NullMarked
package dev.svc.sample.spa;

import org.jspecify.annotations.NullMarked;
