/**
 * Request limits that refuse an abusive request cheaply: the body's size before it is
 * read, the document's length, tokens and shape before it is validated.
 */
@NullMarked
package dev.svc.graphql.limits;

import org.jspecify.annotations.NullMarked;
