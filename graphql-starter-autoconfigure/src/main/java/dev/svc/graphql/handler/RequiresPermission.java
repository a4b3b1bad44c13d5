package dev.svc.graphql.handler;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets only signed-in users holding one of the permissions run a {@link QueryHandler}
 * (without it, anonymous callers may too), and hides the field from the schema others see
 * ({@code graphql.schema.visibility}). It goes on the handler's class or on its
 * {@code @Bean} method, so that one class may serve several fields. A host's
 * {@code @QueryMapping} method, or its controller, may carry it the same way; only fields
 * of {@code Query} may.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RequiresPermission {

	/**
	 * The permissions, any one of which is enough, for example
	 * {@code "Pages.Administration.Users"}.
	 * @return the permission names
	 */
	String[] value();

}
