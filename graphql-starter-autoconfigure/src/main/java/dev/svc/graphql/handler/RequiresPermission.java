package dev.svc.graphql.handler;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a {@link QueryHandler} runs only for a signed-in user that holds at least one of
 * the given permissions. Without it the handler also runs for anonymous callers.
 */
@Target(ElementType.TYPE)
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
