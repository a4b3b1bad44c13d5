/**
 * Documents a client names instead of sending their text: automatic persisted queries
 * ({@code extensions.persistedQuery}) and trusted documents ({@code documentId}); and
 * which documents the endpoint runs ({@code graphql.persisted-documents.mode}).
 */
@NullMarked
package dev.svc.graphql.persisted;

import org.jspecify.annotations.NullMarked;
