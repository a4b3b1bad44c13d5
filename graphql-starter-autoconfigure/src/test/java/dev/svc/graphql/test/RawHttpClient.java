package dev.svc.graphql.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One HTTP/1.1 connection written byte by byte, for what a well-behaved client never
 * sends: a {@code Content-Length} far larger than the body that follows, a chunked body
 * that does not end, a body trickled in. It reads whatever the server answers, whenever
 * it answers.
 */
public final class RawHttpClient implements AutoCloseable {

	private final Socket socket;

	private final OutputStream out;

	private final InputStream in;

	/**
	 * Connects to the app on localhost.
	 * @param port the app's port
	 * @param readTimeout how long a read of the answer may wait
	 */
	public RawHttpClient(int port, Duration readTimeout) {
		try {
			this.socket = new Socket();
			this.socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
			this.socket.setSoTimeout((int) readTimeout.toMillis());
			this.out = this.socket.getOutputStream();
			this.in = this.socket.getInputStream();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Sends a request's line and headers.
	 * @param method the method
	 * @param path the path
	 * @param headers header lines, such as {@code Content-Type: application/json}
	 * @return this client
	 */
	public RawHttpClient head(String method, String path, String... headers) {
		StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n");
		for (String header : headers) {
			head.append(header).append("\r\n");
		}
		return write(head.append("\r\n").toString());
	}

	/**
	 * Sends some text; a server that has closed the connection already is not an error.
	 * @param text the text
	 * @return this client
	 */
	public RawHttpClient write(String text) {
		try {
			this.out.write(text.getBytes(StandardCharsets.UTF_8));
			this.out.flush();
		}
		catch (IOException ex) {
			// the server answered and closed: what it answered is still there to read
		}
		return this;
	}

	/**
	 * Sends a chunk of a chunked body.
	 * @param text the chunk
	 * @return this client
	 */
	public RawHttpClient chunk(String text) {
		return write(Integer.toHexString(text.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + text + "\r\n");
	}

	/**
	 * Whether the server has begun to answer: bytes of its answer wait to be read.
	 * @return {@code true} once some have arrived
	 */
	public boolean answered() {
		try {
			return this.in.available() > 0;
		}
		catch (IOException ex) {
			// closed by the server, which answers first
			return true;
		}
	}

	/**
	 * Reads the answer's status line, headers and as much of its body as arrives before
	 * the server closes the connection or the read times out.
	 * @return the answer as text, empty if nothing came
	 */
	public String answer() {
		ByteArrayOutputStream answer = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		try {
			for (int read = this.in.read(buffer); read >= 0; read = this.in.read(buffer)) {
				answer.write(buffer, 0, read);
				if (isComplete(answer.toString(StandardCharsets.UTF_8))) {
					break;
				}
			}
		}
		catch (SocketTimeoutException ex) {
			// nothing more came in time
		}
		catch (IOException ex) {
			// reset by the server after it answered
		}
		return answer.toString(StandardCharsets.UTF_8);
	}

	/**
	 * The status code of the answer.
	 * @return the code, or 0 when no answer came
	 */
	public int status() {
		String answer = answer();
		return answer.startsWith("HTTP/1.1 ") ? Integer.parseInt(answer.substring(9, 12)) : 0;
	}

	// a whole answer with a Content-Length: the server may keep the connection open after
	// it
	private static boolean isComplete(String answer) {
		int end = answer.indexOf("\r\n\r\n");
		if (end < 0) {
			return false;
		}
		String head = answer.substring(0, end).toLowerCase(java.util.Locale.ROOT);
		int at = head.indexOf("\r\ncontent-length:");
		if (at < 0) {
			return false;
		}
		int lineEnd = head.indexOf("\r\n", at + 2);
		String length = head.substring(at + 17, (lineEnd < 0) ? head.length() : lineEnd).trim();
		return answer.getBytes(StandardCharsets.UTF_8).length - end - 4 >= Integer.parseInt(length);
	}

	@Override
	public void close() {
		try {
			this.socket.close();
		}
		catch (IOException ex) {
			// closed already
		}
	}

}
