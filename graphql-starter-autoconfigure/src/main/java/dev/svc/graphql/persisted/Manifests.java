package dev.svc.graphql.persisted;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Reads the manifests clients' builds write, told apart by content: Apollo's
 * ({@code {"format": "apollo-persisted-query-manifest", "version": 1, "operations":
 * [{"id", "name", "type", "body"}]}}), or an object of ids and texts, as GraphQL Code
 * Generator's client preset ({@code persisted-documents.json}, SHA-256 ids) and Relay
 * ({@code persisted_queries.json}, MD5 or SHA-256 ids) write. An id of 64 hex digits must
 * be its text's SHA-256 hash. A manifest that does not read stops the start.
 */
final class Manifests {

	static final String APOLLO_FORMAT = "apollo-persisted-query-manifest";

	private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-fA-F]{64}");

	private final JsonMapper json;

	Manifests(JsonMapper json) {
		this.json = json;
	}

	List<RegisteredDocument> read(List<String> locations, ResourcePatternResolver resources) {
		List<RegisteredDocument> documents = new ArrayList<>();
		Map<String, RegisteredDocument> ids = new HashMap<>();
		for (String location : locations) {
			Resource[] found;
			try {
				found = resources.getResources(location);
			}
			catch (IOException ex) {
				throw new RegisteredDocumentException(location, null, "it cannot be read: " + ex.getMessage());
			}
			if (found.length == 0 || (found.length == 1 && !found[0].exists())) {
				throw new RegisteredDocumentException(location, null, "there is no such file.");
			}
			for (Resource resource : found) {
				for (RegisteredDocument document : read(resource)) {
					RegisteredDocument other = ids.putIfAbsent(document.id(), document);
					if (other != null && !other.text().equals(document.text())) {
						throw new RegisteredDocumentException(document.manifest(), document.describe(),
								"the id is registered with another text in " + other.manifest() + ".");
					}
					documents.add(document);
				}
			}
		}
		return documents;
	}

	List<RegisteredDocument> read(Resource resource) {
		String manifest = resource.getDescription();
		JsonNode root;
		try (InputStream input = resource.getInputStream()) {
			root = this.json.readTree(input);
		}
		catch (IOException | JacksonException ex) {
			throw new RegisteredDocumentException(manifest, null, "it is not JSON: " + ex.getMessage());
		}
		if (root == null || !root.isObject()) {
			throw new RegisteredDocumentException(manifest, null,
					"it is no JSON object; a manifest is an object of ids and texts, or Apollo's persisted-query manifest.");
		}
		return root.has("format") ? apollo(manifest, root) : idsAndTexts(manifest, root);
	}

	private static List<RegisteredDocument> apollo(String manifest, JsonNode root) {
		if (!APOLLO_FORMAT.equals(root.get("format").asString(""))) {
			throw new RegisteredDocumentException(manifest, null,
					"its format is " + root.get("format") + "; the one known is \"" + APOLLO_FORMAT + "\".");
		}
		JsonNode version = root.get("version");
		if (version == null || !version.isInt() || version.intValue() != 1) {
			throw new RegisteredDocumentException(manifest, null,
					"its version is " + version + "; Apollo's persisted-query manifest has version 1.");
		}
		JsonNode operations = root.get("operations");
		if (operations == null || !operations.isArray()) {
			throw new RegisteredDocumentException(manifest, null, "it has no \"operations\" array.");
		}
		List<RegisteredDocument> documents = new ArrayList<>();
		int index = 0;
		for (JsonNode operation : operations.values()) {
			String where = "operations[" + index++ + "]";
			String id = string(manifest, where, operation, "id");
			String body = string(manifest, where, operation, "body");
			JsonNode name = operation.get("name");
			documents.add(document(manifest, id, (name != null && name.isString()) ? name.stringValue() : null, body));
		}
		return documents;
	}

	private static String string(String manifest, String where, JsonNode operation, String member) {
		JsonNode value = operation.get(member);
		if (value == null || !value.isString() || value.stringValue().isBlank()) {
			throw new RegisteredDocumentException(manifest, where, "it has no \"" + member + "\" string.");
		}
		return value.stringValue();
	}

	private static List<RegisteredDocument> idsAndTexts(String manifest, JsonNode root) {
		List<RegisteredDocument> documents = new ArrayList<>();
		for (Map.Entry<String, JsonNode> member : root.properties()) {
			if (!member.getValue().isString() || member.getValue().stringValue().isBlank()) {
				throw new RegisteredDocumentException(manifest, "id " + member.getKey(),
						"its value is no document's text; a manifest of ids maps each id to a text.");
			}
			documents.add(document(manifest, member.getKey(), null, member.getValue().stringValue()));
		}
		return documents;
	}

	private static RegisteredDocument document(String manifest, String id, @Nullable String name, String text) {
		String hash = PersistedQuery.sha256(text);
		RegisteredDocument document = new RegisteredDocument(id, hash, name, text, manifest);
		if (SHA256_HEX.matcher(id).matches() && !hash.equals(id.toLowerCase(Locale.ROOT))) {
			throw new RegisteredDocumentException(manifest, document.describe(),
					"the id looks like a SHA-256 hash but the text's hash is " + hash + ".");
		}
		return document;
	}

}
