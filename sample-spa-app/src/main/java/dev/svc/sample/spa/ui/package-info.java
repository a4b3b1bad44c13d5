/**
 * The host's single-page front end.
 */
@NullMarked
package dev.svc.sample.spa.ui;

import org.jspecify.annotations.NullMarked;
