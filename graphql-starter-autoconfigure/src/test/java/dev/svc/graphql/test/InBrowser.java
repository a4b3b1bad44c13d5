package dev.svc.graphql.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test class that drives a page in a real browser ({@link HeadlessChromium}): it
 * runs once per sample, on H2, and the second JDK's run leaves it out (what Chromium
 * renders does not depend on the JDK the server runs on).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Tag(InBrowser.TAG)
public @interface InBrowser {

	/** The JUnit tag of the page tests. */
	String TAG = "browser";

}
