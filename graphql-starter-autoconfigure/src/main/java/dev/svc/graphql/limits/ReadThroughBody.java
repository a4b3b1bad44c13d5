package dev.svc.graphql.limits;

import java.io.IOException;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;

/**
 * A request body that a filter reads through, to see its bytes go by: what it does not
 * read itself is the container's.
 */
abstract class ReadThroughBody extends ServletInputStream {

	final ServletInputStream body;

	ReadThroughBody(ServletInputStream body) {
		this.body = body;
	}

	@Override
	public int available() throws IOException {
		return this.body.available();
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
