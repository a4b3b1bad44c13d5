import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a release staged by {@code ./mvnw -Prelease deploy} (a Maven repository in a directory)
 * against what Maven Central requires of a deployment, before anything is uploaded: each published
 * artifact with its POM, its jar, sources and Javadoc jars (where it is a jar), a signature and
 * MD5 and SHA-1 checksums of every file; each POM, with what it inherits from the staged parent,
 * with a name, description, URL, licence, developer and SCM, a release version and no repository;
 * and the bill of materials saying what the root POM says. Needs only a JDK:
 *
 * <pre>java .ci/release/CheckStaging.java target/staging-deploy 0.1.0</pre>
 *
 * Prints each finding and exits 1 if there is one.
 */
public final class CheckStaging {

	private static final String GROUP = "dev/svc/graphql";

	/** The published artifacts and whether each is a jar (else a POM alone). */
	private static final Map<String, Boolean> ARTIFACTS = new LinkedHashMap<>(Map.of("graphql-parent", false,
			"graphql-bom", false, "graphql-starter-autoconfigure", true, "graphql-starter", true));

	/** What every published POM must have, in itself or from its parent: Central's list. */
	private static final List<String> REQUIRED = List.of("name", "description", "url", "licenses/license/name",
			"licenses/license/url", "developers/developer/name", "scm/url", "scm/connection", "scm/developerConnection");

	private final Path root;

	private final String version;

	private final List<String> findings = new ArrayList<>();

	private final Map<String, Document> poms = new LinkedHashMap<>();

	private CheckStaging(Path root, String version) {
		this.root = root;
		this.version = version;
	}

	public static void main(String[] args) throws Exception {
		if (args.length != 2) {
			System.err.println("Usage: java CheckStaging.java <staging directory> <release version>");
			System.exit(2);
		}
		CheckStaging check = new CheckStaging(Path.of(args[0]), args[1]);
		check.run();
		check.findings.forEach((finding) -> System.out.println("FAIL " + finding));
		System.out.println(check.findings.isEmpty() ? "The staged release meets Maven Central's requirements."
				: check.findings.size() + " finding(s): Maven Central would refuse this release.");
		System.exit(check.findings.isEmpty() ? 0 : 1);
	}

	private void run() throws Exception {
		if (this.version.endsWith("-SNAPSHOT")) {
			this.findings.add("version " + this.version + ": Maven Central takes releases only");
		}
		for (Map.Entry<String, Boolean> artifact : ARTIFACTS.entrySet()) {
			files(artifact.getKey(), artifact.getValue());
		}
		for (String artifactId : this.poms.keySet()) {
			pom(artifactId);
		}
		sameMetadata("graphql-bom", "graphql-parent");
	}

	/** The artifact's files, each with its signature and checksums, and what its jars hold. */
	private void files(String artifactId, boolean jar) throws Exception {
		Path directory = this.root.resolve(GROUP).resolve(artifactId).resolve(this.version);
		String base = artifactId + "-" + this.version;
		List<String> names = new ArrayList<>(List.of(base + ".pom"));
		if (jar) {
			names.addAll(List.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar"));
		}
		for (String name : names) {
			Path file = directory.resolve(name);
			if (!Files.isRegularFile(file)) {
				this.findings.add(artifactId + ": " + name + " is missing");
				continue;
			}
			Path signature = directory.resolve(name + ".asc");
			if (!Files.isRegularFile(signature)
					|| !Files.readString(signature).startsWith("-----BEGIN PGP SIGNATURE-----")) {
				this.findings.add(artifactId + ": " + name + " has no ASCII-armoured signature (" + name + ".asc)");
			}
			checksum(file, "MD5", ".md5");
			checksum(file, "SHA-1", ".sha1");
		}
		Path pom = directory.resolve(base + ".pom");
		if (Files.isRegularFile(pom)) {
			this.poms.put(artifactId, read(pom));
		}
		if (jar) {
			holds(directory.resolve(base + "-sources.jar"), artifactId.equals("graphql-starter") ? ".md" : ".java");
			holds(directory.resolve(base + "-javadoc.jar"), artifactId.equals("graphql-starter") ? ".md" : "index.html");
		}
	}

	private void checksum(Path file, String algorithm, String suffix) throws IOException, NoSuchAlgorithmException {
		Path sum = file.resolveSibling(file.getFileName() + suffix);
		if (!Files.isRegularFile(sum)) {
			this.findings.add(file.getFileName() + " has no " + algorithm + " checksum");
			return;
		}
		String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
		String written = Files.readString(sum).trim().split("\\s+")[0];
		if (!expected.equalsIgnoreCase(written)) {
			this.findings.add(file.getFileName() + ": its " + algorithm + " checksum does not match its content");
		}
	}

	private void holds(Path jar, String ending) throws IOException {
		if (!Files.isRegularFile(jar)) {
			return;
		}
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			if (zip.stream().noneMatch((entry) -> entry.getName().endsWith(ending))) {
				this.findings.add(jar.getFileName() + " holds no " + ending + " file");
			}
		}
	}

	/** One POM's metadata, read as Central reads it: its own, else its staged parent's. */
	private void pom(String artifactId) {
		Document pom = this.poms.get(artifactId);
		for (String path : REQUIRED) {
			String value = value(artifactId, path);
			if (value == null || value.isBlank()) {
				this.findings.add(artifactId + ".pom: no <" + path.replace("/", "><") + "> (nor from its parent)");
			}
			else if (value.contains("${")) {
				this.findings.add(artifactId + ".pom: <" + path + "> is " + value + ", a property nothing defines");
			}
			else if (value.contains("spring-boot") || value.contains("spring.io")) {
				this.findings.add(artifactId + ".pom: <" + path + "> is Spring Boot's (" + value + "), not this project's");
			}
		}
		String ownVersion = text(pom.getDocumentElement(), "version");
		if (ownVersion != null && !ownVersion.equals(this.version)) {
			this.findings.add(artifactId + ".pom: version " + ownVersion + ", not " + this.version);
		}
		if (child(pom.getDocumentElement(), "repositories") != null
				|| child(pom.getDocumentElement(), "pluginRepositories") != null) {
			this.findings.add(artifactId + ".pom: names repositories, which Central does not allow");
		}
		String all = pom.getDocumentElement().getTextContent();
		if (all.contains("-SNAPSHOT")) {
			this.findings.add(artifactId + ".pom: names a SNAPSHOT version");
		}
	}

	/** The bill of materials cannot inherit the root's metadata: it must say the same. */
	private void sameMetadata(String one, String other) {
		if (!this.poms.containsKey(one) || !this.poms.containsKey(other)) {
			return;
		}
		for (String path : List.of("url", "licenses/license/name", "licenses/license/url", "developers/developer/name",
				"developers/developer/email", "scm/url", "scm/connection", "scm/developerConnection",
				"issueManagement/url")) {
			String a = value(one, path);
			String b = value(other, path);
			if (a == null || !a.equals(b)) {
				this.findings.add(one + ".pom: <" + path + "> is " + a + " where " + other + ".pom says " + b);
			}
		}
	}

	/** A value of the POM, or of the staged parent it inherits from, with the POMs' properties. */
	private String value(String artifactId, String path) {
		Document pom = this.poms.get(artifactId);
		Element element = pom.getDocumentElement();
		for (String name : path.split("/")) {
			element = (element != null) ? child(element, name) : null;
		}
		if (element != null) {
			return interpolate(artifactId, element.getTextContent().trim());
		}
		Element parent = child(pom.getDocumentElement(), "parent");
		String parentId = (parent != null) ? text(parent, "artifactId") : null;
		return (parentId != null && this.poms.containsKey(parentId)) ? value(parentId, path) : null;
	}

	private String interpolate(String artifactId, String text) {
		Matcher matcher = Pattern.compile("\\$\\{([^}]+)}").matcher(text);
		StringBuilder result = new StringBuilder();
		while (matcher.find()) {
			String property = property(artifactId, matcher.group(1));
			matcher.appendReplacement(result, Matcher.quoteReplacement(property != null ? property : matcher.group()));
		}
		return matcher.appendTail(result).toString();
	}

	private String property(String artifactId, String name) {
		Document pom = this.poms.get(artifactId);
		Element properties = child(pom.getDocumentElement(), "properties");
		String value = (properties != null) ? text(properties, name) : null;
		if (value != null) {
			return value;
		}
		Element parent = child(pom.getDocumentElement(), "parent");
		String parentId = (parent != null) ? text(parent, "artifactId") : null;
		return (parentId != null && this.poms.containsKey(parentId)) ? property(parentId, name) : null;
	}

	private static Element child(Element element, String name) {
		for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (node instanceof Element child && child.getTagName().equals(name)) {
				return child;
			}
		}
		return null;
	}

	private static String text(Element element, String name) {
		Element child = child(element, name);
		return (child != null) ? child.getTextContent().trim() : null;
	}

	private static Document read(Path file) throws Exception {
		DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
		factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
		try (InputStream in = Files.newInputStream(file)) {
			return factory.newDocumentBuilder().parse(in);
		}
	}

}
