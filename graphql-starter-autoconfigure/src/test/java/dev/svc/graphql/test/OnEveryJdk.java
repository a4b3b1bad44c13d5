package dev.svc.graphql.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test class whose subject the JDK changes: a sample as shipped under load, whose
 * requests run on Java 17's platform threads and on virtual threads from Java 21, with
 * the heap and the stop that go with them. CI's second JDK runs these tests and no others
 * (the {@value #TAG} tag; docs/decisions.md#what-the-second-jdk-repeats).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Tag(OnEveryJdk.TAG)
public @interface OnEveryJdk {

	/** The JUnit tag that the second JDK's run selects. */
	String TAG = "jdk";

}
