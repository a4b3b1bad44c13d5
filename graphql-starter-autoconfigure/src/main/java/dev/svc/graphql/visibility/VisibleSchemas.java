package dev.svc.graphql.visibility;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.security.PermissionChecker;
import graphql.schema.GraphQLSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The schemas callers see, one per set of hidden {@code Query} fields (those whose
 * permissions the caller lacks), each built on first use and cached.
 */
final class VisibleSchemas {

	private static final Log logger = LogFactory.getLog(VisibleSchemas.class);

	/**
	 * Visible schemas kept, one per set of hidden fields: the sets come from the host's
	 * roles, not from what callers send, so they are few; one not kept is built again.
	 */
	static final int MAX_SCHEMAS = 64;

	private final String[] guardedFields;

	private final List<String>[] requiredPermissions;

	private final PermissionChecker permissionChecker;

	private final Cache<List<String>, VisibleSchema> schemas;

	private final boolean validatesRequests;

	private volatile @Nullable VisibleSchema whole;

	@SuppressWarnings("unchecked")
	VisibleSchemas(Map<String, List<String>> guardedFields, PermissionChecker permissionChecker, int maxSize,
			boolean validatesRequests) {
		this.guardedFields = guardedFields.keySet().toArray(String[]::new);
		this.requiredPermissions = guardedFields.values().toArray(List[]::new);
		this.permissionChecker = permissionChecker;
		this.schemas = Caffeine.newBuilder().maximumSize(maxSize).executor(Runnable::run).recordStats().build();
		this.validatesRequests = validatesRequests;
	}

	Cache<?, ?> cache() {
		return this.schemas;
	}

	/** A {@code null} caller is anonymous. */
	VisibleSchema forCaller(@Nullable UserContext caller, GraphQLSchema schema) {
		List<String> hidden = null;
		for (int i = 0; i < this.guardedFields.length; i++) {
			if (caller == null || !this.permissionChecker.isGrantedAny(caller, this.requiredPermissions[i])) {
				if (hidden == null) {
					hidden = new ArrayList<>(this.guardedFields.length - i);
				}
				hidden.add(this.guardedFields[i]);
			}
		}
		if (hidden == null) {
			return whole(schema);
		}
		VisibleSchema visible = this.schemas.get(hidden, (fields) -> build(schema, fields));
		if (visible.base() != schema) {
			// the kept schemas came from another whole schema: start again from this one
			this.schemas.invalidateAll();
			visible = this.schemas.get(hidden, (fields) -> build(schema, fields));
		}
		return visible;
	}

	private VisibleSchema whole(GraphQLSchema schema) {
		VisibleSchema kept = this.whole;
		if (kept == null || kept.schema() != schema) {
			kept = new VisibleSchema(List.of(), schema, schema, this.validatesRequests, schema);
			this.whole = kept;
		}
		return kept;
	}

	private VisibleSchema build(GraphQLSchema schema, List<String> hidden) {
		long start = System.nanoTime();
		GraphQLSchema shown = SchemaWithoutFields.of(schema, hidden);
		boolean placeholder = shown.getQueryType().getFieldDefinition(SchemaWithoutFields.PLACEHOLDER) != null
				&& schema.getQueryType().getFieldDefinition(SchemaWithoutFields.PLACEHOLDER) == null;
		GraphQLSchema runsAgainst = this.validatesRequests ? shown
				: placeholder ? SchemaWithoutFields.withPlaceholder(schema) : schema;
		VisibleSchema visible = new VisibleSchema(List.copyOf(hidden), shown, schema, this.validatesRequests,
				runsAgainst);
		if (logger.isDebugEnabled()) {
			logger.debug("Built the schema without the Query fields " + hidden + " in "
					+ (System.nanoTime() - start) / 1_000_000 + " ms");
		}
		return visible;
	}

}
