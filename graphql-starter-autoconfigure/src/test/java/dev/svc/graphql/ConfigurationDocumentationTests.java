package dev.svc.graphql;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.DirectFieldAccessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/configuration.md} and the configuration metadata that the build generates
 * from the properties classes describe the same {@code graphql.*} properties with the
 * same defaults, so that neither can drift from the other.
 * <p>
 * The document lists properties in tables whose header is
 * {@code | property | default | description |}: the first cell names one property in its
 * canonical form as code ({@code `graphql.sign-in.lockout.duration`}), the second starts
 * with the default as code ({@code `300s`}, read as the property's type, so {@code `5m`}
 * and {@code `PT5M`} are the same) or, for a property without a fixed default, with words
 * ({@code none}). Every other mention of a property in code anywhere in the document must
 * name one that exists: canonically, as a prefix ({@code `graphql.limits.*`}), or in one
 * of the spellings that relaxed binding accepts, the specification's PascalCase
 * ({@code `GraphQL.PlaygroundEnabled`}) or an environment variable
 * ({@code `GRAPHQL_SIGNIN_TOKEN_SIGNINGKEY`}). The metadata's own descriptions and
 * defaults are checked too: every property has a plain description, and every default is
 * the one the properties classes bind.
 */
class ConfigurationDocumentationTests {

	private static final Path DOCUMENT = Path.of("../docs/configuration.md");

	private static final String PROPERTY_TABLE_HEADER = "| property | default | description |";

	private static final Pattern CODE = Pattern.compile("`([^`]+)`");

	private static final Pattern CANONICAL_NAME = Pattern.compile("graphql(\\.[a-z0-9]+(-[a-z0-9]+)*)+");

	/**
	 * A property in any spelling, as it may appear inside a piece of code: name, prefix
	 * or variable.
	 */
	private static final Pattern MENTION = Pattern.compile("(?<![\\w.-])(?i:graphql)[._][A-Za-z][\\w.-]*(\\.\\*)?");

	private static final Pattern DASH = Pattern.compile("-([a-z0-9])");

	private static final ConversionService CONVERSION = ApplicationConversionService.getSharedInstance();

	private static Map<String, MetadataProperty> metadata;

	private static Map<String, DocumentedProperty> documented;

	private static List<String> mentions;

	private static List<MetadataGroup> rootGroups;

	@BeforeAll
	static void read() throws IOException {
		metadata = new TreeMap<>();
		rootGroups = new ArrayList<>();
		readMetadata();
		String document = Files.readString(DOCUMENT, StandardCharsets.UTF_8);
		documented = readPropertyTables(document);
		mentions = readMentions(document);
	}

	@Test
	void shouldReadBothSources() {
		assertThat(metadata).as("graphql.* properties in META-INF/spring-configuration-metadata.json")
			.containsKeys("graphql.enabled", "graphql.sign-in.token.enabled");
		assertThat(documented).as("properties in the tables of %s", DOCUMENT)
			.containsKeys("graphql.enabled", "graphql.sign-in.token.enabled");
	}

	@Test
	void shouldDocumentEveryPropertyOfTheMetadata() {
		List<String> undocumented = metadata.values()
			.stream()
			.filter((property) -> property.deprecation() == null)
			.map(MetadataProperty::name)
			.filter((name) -> !documented.containsKey(name))
			.toList();
		assertThat(undocumented).as("properties of the metadata with no table row in %s", DOCUMENT).isEmpty();
	}

	@Test
	void shouldDocumentOnlyPropertiesOfTheMetadata() {
		List<String> unknown = documented.keySet()
			.stream()
			.filter((name) -> !metadata.containsKey(name) || metadata.get(name).deprecation() != null)
			.toList();
		assertThat(unknown).as("table rows of %s for properties that are not in the metadata, or deprecated", DOCUMENT)
			.isEmpty();
	}

	@Test
	void shouldTellWhatBecameOfEveryDeprecatedProperty() {
		List<String> untold = metadata.values()
			.stream()
			.filter((property) -> property.deprecation() != null)
			.map(MetadataProperty::name)
			.filter((name) -> !mentions.contains(name))
			.toList();
		assertThat(untold).as("deprecated properties that %s does not name", DOCUMENT).isEmpty();
		List<String> unexplained = metadata.values()
			.stream()
			.filter((property) -> property.deprecation() != null)
			.filter((property) -> property.deprecation().reason() == null
					&& property.deprecation().replacement() == null)
			.map(MetadataProperty::name)
			.toList();
		assertThat(unexplained).as("deprecated properties with neither a replacement nor a reason").isEmpty();
	}

	@Test
	void shouldMentionOnlyPropertiesThatExist() {
		List<String> unknown = mentions.stream().filter((mention) -> !exists(mention)).distinct().toList();
		assertThat(unknown)
			.as("properties mentioned in %s that are not in the metadata, in no spelling that binds", DOCUMENT)
			.isEmpty();
	}

	@Test
	void shouldDocumentTheDefaultsOfTheMetadata() {
		List<String> wrong = new ArrayList<>();
		documented.values().stream().filter((row) -> metadata.containsKey(row.name())).forEach((row) -> {
			MetadataProperty property = metadata.get(row.name());
			if (property.defaultValue() == null) {
				if (row.defaultValue() != null) {
					wrong.add(row.name() + ": documented default `" + row.defaultValue() + "`, but the metadata has"
							+ " none (write it in words, or give the field a default the processor can read)");
				}
			}
			else if (row.defaultValue() == null) {
				wrong.add(row.name() + ": no documented default (the cell starts with words), but the metadata's is "
						+ property.defaultValueText());
			}
			else if (!sameValue(property, row.defaultValue())) {
				wrong.add(row.name() + ": documented default `" + row.defaultValue() + "`, but the metadata's is "
						+ property.defaultValueText());
			}
		});
		assertThat(wrong).as("defaults in %s that differ from the metadata's", DOCUMENT).isEmpty();
	}

	@Test
	void shouldDescribeEveryPropertyInTheMetadata() {
		List<String> undescribed = metadata.values()
			.stream()
			.filter((property) -> property.description() == null || property.description().isBlank())
			.map(MetadataProperty::name)
			.toList();
		assertThat(undescribed).as("properties without javadoc on their field, so without IDE help").isEmpty();
		List<String> markedUp = metadata.values()
			.stream()
			.filter((property) -> property.description() != null && property.description().contains("{@"))
			.map(MetadataProperty::name)
			.toList();
		assertThat(markedUp).as("properties whose field javadoc uses {@...} tags, which IDEs show as they are")
			.isEmpty();
		List<String> unknown = metadata.values()
			.stream()
			.filter((property) -> property.description() != null)
			.flatMap((property) -> mentionsIn(property.description()).stream()
				.filter((mention) -> !exists(mention))
				.map((mention) -> property.name() + " names " + mention))
			.toList();
		assertThat(unknown).as("property descriptions that name properties that do not exist").isEmpty();
	}

	/**
	 * Guards the defaults that the processor cannot work out from the code and that
	 * {@code additional-spring-configuration-metadata.json} states instead. Several
	 * properties classes bind {@code graphql} itself, so each property is bound by the
	 * class it comes from; a property that no class binds (an alias written by hand) has
	 * nothing to compare with.
	 */
	@Test
	void shouldHaveTheDefaultsOfTheCodeInTheMetadata() {
		List<String> wrong = new ArrayList<>();
		Map<MetadataGroup, Object> defaults = new HashMap<>();
		metadata.values()
			.stream()
			.filter((property) -> property.defaultValue() != null && property.sourceType() != null)
			.forEach((property) -> {
				String declaringClass = property.sourceType().split("\\$")[0];
				MetadataGroup root = rootGroups.stream()
					.filter((group) -> group.type().equals(declaringClass))
					.filter((group) -> property.name().startsWith(group.name() + "."))
					.max(Comparator.comparingInt((group) -> group.name().length()))
					.orElseThrow(() -> new AssertionError("no properties class binds " + property.name()));
				Object bound = defaults.computeIfAbsent(root, ConfigurationDocumentationTests::bindDefaults);
				String path = property.name().substring(root.name().length() + 1);
				Object actual = new DirectFieldAccessor(bound).getPropertyValue(camelCase(path));
				Object expected = (actual != null) ? CONVERSION.convert(property.defaultValueText(), actual.getClass())
						: null;
				if (!Objects.equals(actual, expected)) {
					wrong.add(property.name() + ": the metadata's default is " + property.defaultValueText()
							+ ", but the code's is " + actual);
				}
			});
		assertThat(wrong).as("defaults in the metadata that differ from the properties classes'").isEmpty();
	}

	/** The properties class of a root group as it binds from an empty environment. */
	private static Object bindDefaults(MetadataGroup root) {
		Class<?> type = ClassUtils.resolveClassName(root.type(),
				ConfigurationDocumentationTests.class.getClassLoader());
		return new Binder(new MapConfigurationPropertySource()).bindOrCreate(root.name(), type);
	}

	private static String camelCase(String kebabCase) {
		return DASH.matcher(kebabCase).replaceAll((match) -> match.group(1).toUpperCase(Locale.ROOT));
	}

	private static boolean exists(String mention) {
		if (mention.endsWith(".*")) {
			String prefix = mention.substring(0, mention.length() - 1);
			return metadata.keySet().stream().anyMatch((name) -> name.startsWith(prefix));
		}
		if (metadata.containsKey(mention)) {
			return true;
		}
		// A mention in lower case is meant canonically: only the other spellings are
		// relaxed.
		if (mention.equals(mention.toLowerCase(Locale.ROOT))) {
			return false;
		}
		String uniform = relaxed(mention);
		return metadata.keySet().stream().anyMatch((name) -> relaxed(name).equals(uniform));
	}

	/**
	 * The form Spring Boot's relaxed binding reduces a name to: case and dashes do not
	 * matter, and an environment variable separates with underscores.
	 */
	private static String relaxed(String name) {
		String separated = name.contains(".") ? name : name.replace('_', '.');
		return separated.replace("-", "").toLowerCase(Locale.ROOT);
	}

	private static boolean sameValue(MetadataProperty property, String documented) {
		Class<?> type = property.typeClass();
		if (type == null || !CONVERSION.canConvert(String.class, type)) {
			return documented.equals(property.defaultValueText());
		}
		try {
			return Objects.equals(CONVERSION.convert(documented, type),
					CONVERSION.convert(property.defaultValueText(), type));
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static void readMetadata() throws IOException {
		JsonMapper mapper = JsonMapper.builder().build();
		for (Resource resource : new PathMatchingResourcePatternResolver()
			.getResources("classpath*:META-INF/spring-configuration-metadata.json")) {
			Metadata read;
			try (InputStream input = resource.getInputStream()) {
				read = mapper.readValue(input, Metadata.class);
			}
			read.properties()
				.stream()
				.filter((property) -> property.name().startsWith("graphql."))
				.forEach((property) -> metadata.put(property.name(), property));
			read.groups()
				.stream()
				.filter((group) -> group.name().equals("graphql") || group.name().startsWith("graphql."))
				.filter((group) -> group.sourceMethod() == null)
				.forEach(rootGroups::add);
		}
	}

	private static Map<String, DocumentedProperty> readPropertyTables(String document) {
		Map<String, DocumentedProperty> rows = new LinkedHashMap<>();
		List<String> malformed = new ArrayList<>();
		List<String> duplicated = new ArrayList<>();
		boolean inTable = false;
		for (String line : document.lines().toList()) {
			if (line.trim().equalsIgnoreCase(PROPERTY_TABLE_HEADER)) {
				inTable = true;
				continue;
			}
			if (!inTable || line.matches("\\|[-| :]+\\|")) {
				continue;
			}
			if (!line.startsWith("|")) {
				inTable = false;
				continue;
			}
			DocumentedProperty row = DocumentedProperty.parse(line);
			if (row == null) {
				malformed.add(line);
			}
			else if (rows.putIfAbsent(row.name(), row) != null) {
				duplicated.add(row.name());
			}
		}
		assertThat(malformed)
			.as("rows of the property tables in %s that are not "
					+ "| `graphql.canonical-name` | default | description |", DOCUMENT)
			.isEmpty();
		assertThat(duplicated).as("properties with more than one table row in %s", DOCUMENT).isEmpty();
		return rows;
	}

	private static List<String> readMentions(String document) {
		List<String> found = new ArrayList<>();
		Matcher code = CODE.matcher(document);
		while (code.find()) {
			found.addAll(mentionsIn(code.group(1)));
		}
		return found;
	}

	private static List<String> mentionsIn(String text) {
		List<String> found = new ArrayList<>();
		Matcher mention = MENTION.matcher(text);
		while (mention.find()) {
			// a name that ends a sentence
			found.add(mention.group().endsWith(".*") ? mention.group() : mention.group().replaceAll("[.-]+$", ""));
		}
		return found;
	}

	@JsonIgnoreProperties(ignoreUnknown = true)
	record Metadata(@Nullable List<MetadataGroup> groups, @Nullable List<MetadataProperty> properties) {

		Metadata {
			groups = (groups != null) ? groups : List.of();
			properties = (properties != null) ? properties : List.of();
		}

	}

	/** A group of the metadata: a properties class, or one of its nested groups. */
	@JsonIgnoreProperties(ignoreUnknown = true)
	record MetadataGroup(String name, String type, @Nullable String sourceMethod) {

	}

	@JsonIgnoreProperties(ignoreUnknown = true)
	record MetadataProperty(String name, @Nullable String type, @Nullable String description,
			@Nullable Object defaultValue, @Nullable String sourceType, @Nullable Deprecation deprecation) {

		/** The default as it would be written in a properties file. */
		String defaultValueText() {
			if (this.defaultValue instanceof List<?> list) {
				return list.stream().map(String::valueOf).collect(Collectors.joining(","));
			}
			return String.valueOf(this.defaultValue);
		}

		/** The property's type, unless it is generic or cannot be loaded. */
		@Nullable Class<?> typeClass() {
			if (this.type == null || this.type.contains("<")) {
				return null;
			}
			try {
				return ClassUtils.forName(this.type, ConfigurationDocumentationTests.class.getClassLoader());
			}
			catch (ClassNotFoundException | LinkageError ex) {
				return null;
			}
		}

	}

	/** What the metadata says of a renamed or removed property. */
	@JsonIgnoreProperties(ignoreUnknown = true)
	record Deprecation(@Nullable String level, @Nullable String reason, @Nullable String replacement) {

	}

	/**
	 * A row of a property table: the property's canonical name and, if the default cell
	 * starts with code, the default it shows.
	 */
	record DocumentedProperty(String name, @Nullable String defaultValue) {

		private static final Pattern CELL_SEPARATOR = Pattern.compile("(?<!\\\\)\\|");

		static @Nullable DocumentedProperty parse(String line) {
			String[] cells = CELL_SEPARATOR.split(line.trim(), -1);
			// "| a | b | c |" splits into "", "a", "b", "c", ""
			if (cells.length != 5 || !cells[0].isEmpty() || !cells[4].isEmpty() || cells[3].isBlank()) {
				return null;
			}
			String property = cells[1].trim();
			if (!property.startsWith("`") || !property.endsWith("`") || property.length() < 3) {
				return null;
			}
			String name = property.substring(1, property.length() - 1);
			if (!CANONICAL_NAME.matcher(name).matches()) {
				return null;
			}
			String defaultCell = cells[2].trim();
			Matcher code = CODE.matcher(defaultCell);
			String defaultValue = (code.lookingAt()) ? code.group(1) : null;
			return new DocumentedProperty(name, defaultValue);
		}

	}

}
