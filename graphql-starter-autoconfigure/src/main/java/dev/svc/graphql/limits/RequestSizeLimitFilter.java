package dev.svc.graphql.limits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.error.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body over the size limit with 413 before it is read: at once when its
 * {@code Content-Length} says so, and as soon as the limit is passed while a body of unknown length
 * is read. So no body, however large and however many at once, is held in memory.
 */
final class RequestSizeLimitFilter extends OncePerRequestFilter {

	private final long maxBytes;

	RequestSizeLimitFilter(long maxBytes) {
		this.maxBytes = maxBytes;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > this.maxBytes) {
			refuse(response, request.getContentLengthLong() + " bytes");
			return;
		}
		LimitedRequest limited = new LimitedRequest(request, this.maxBytes);
		try {
			chain.doFilter(limited, response);
		}
		catch (ServletException | IOException | RuntimeException ex) {
			if (!limited.exceeded || response.isCommitted()) {
				throw ex;
			}
			response.reset();
			refuse(response, "more than " + this.maxBytes + " bytes");
		}
		if (limited.exceeded && !response.isCommitted()) {
			response.reset();
			refuse(response, "more than " + this.maxBytes + " bytes");
		}
	}

	private void refuse(HttpServletResponse response, String found) throws IOException {
		response.setStatus(HttpStatus.CONTENT_TOO_LARGE.value());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setHeader("Connection", "close");
		String message = "The request body's size is " + found + ", over the limit of " + this.maxBytes
				+ " bytes (graphql.limits.max-request-size).";
		response.getOutputStream()
			.write(("{\"errors\":[{\"message\":\"" + message + "\",\"locations\":[],\"path\":[],"
					+ "\"extensions\":{\"code\":\"" + ErrorCode.QUERY_TOO_LARGE + "\"}}]}")
				.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * A request whose body stops with an error once more than the limit has been read.
	 */
	private static final class LimitedRequest extends HttpServletRequestWrapper {

		private final long maxBytes;

		private boolean exceeded;

		private ServletInputStream stream;

		LimitedRequest(HttpServletRequest request, long maxBytes) {
			super(request);
			this.maxBytes = maxBytes;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.stream == null) {
				this.stream = new LimitedStream(super.getInputStream());
			}
			return this.stream;
		}

		private final class LimitedStream extends ServletInputStream {

			private final ServletInputStream body;

			private long read;

			LimitedStream(ServletInputStream body) {
				this.body = body;
			}

			@Override
			public int read() throws IOException {
				int next = this.body.read();
				if (next >= 0) {
					count(1);
				}
				return next;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				int count = this.body.read(buffer, offset, length);
				if (count > 0) {
					count(count);
				}
				return count;
			}

			private void count(int bytes) throws IOException {
				this.read += bytes;
				if (this.read > LimitedRequest.this.maxBytes) {
					LimitedRequest.this.exceeded = true;
					throw new IOException("The request body is larger than " + LimitedRequest.this.maxBytes + " bytes");
				}
			}

			@Override
			public boolean isFinished() {
				return this.body.isFinished();
			}

			@Override
			public boolean isReady() {
				return this.body.isReady();
			}

			@Override
			public void setReadListener(ReadListener listener) {
				this.body.setReadListener(listener);
			}

		}

	}

}
