/**
 * Documents a client names instead of sending their text: automatic persisted queries
 * ({@code extensions.persistedQuery}, by the SHA-256 hash of the text), as Apollo
 * Client's persisted-queries link and urql's persisted exchange send them, and trusted
 * documents registered from client builds' manifests ({@code documentId}); and which
 * documents the endpoint runs ({@code graphql.persisted-documents.mode}).
 */
@NullMarked
package dev.svc.graphql.persisted;

import org.jspecify.annotations.NullMarked;
