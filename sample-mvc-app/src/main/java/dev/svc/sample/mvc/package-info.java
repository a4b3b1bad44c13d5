/**
 * The server-rendered sample host: cookie sign-in only, at {@code /Account/Login}.
 */
@NullMarked
package dev.svc.sample.mvc;

import org.jspecify.annotations.NullMarked;
