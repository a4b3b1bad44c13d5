package dev.svc.graphql.handler;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a {@link QueryHandler} runs only for a signed-in user that holds at least
 * one of the given permissions. Without it the handler also runs for anonymous callers.
 * The field is also left out of the schema that callers without the permission see
 * ({@code graphql.schema.visibility}).
 * <p>
 * A host's {@code @QueryMapping} method opts in the same way, with the annotation on the
 * method or on its controller: the permission is checked before the method runs, and the
 * field is hidden from callers without it. Only fields of {@code Query} may carry it.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RequiresPermission {

	/**
	 * Names of the permissions, any one of which is enough, for example
	 * {@code "Pages.Administration.Users"}.
	 * @return the permission names
	 */
	String[] value();

}
