package dev.svc.graphql.container;

import org.springframework.core.io.Resource;

/**
 * A schema file contributed by a module rather than found on the host's schema locations, for
 * example the SDL of the built-in identity queries. Declare it as a bean next to the handlers it
 * describes.
 *
 * @param resource the SDL file
 */
public record SchemaFragment(Resource resource) {
}
