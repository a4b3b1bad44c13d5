/**
 * Documents a client names by the SHA-256 hash of their text instead of sending the text:
 * automatic persisted queries ({@code extensions.persistedQuery}), as Apollo Client's
 * persisted-queries link and urql's persisted exchange send them.
 */
@NullMarked
package dev.svc.graphql.persisted;

import org.jspecify.annotations.NullMarked;
