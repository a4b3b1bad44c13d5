package dev.svc.graphql.limits;

import java.io.IOException;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * On Tomcat, a request refused before its body was read closes its connection at once:
 * Tomcat would otherwise drain the rest of the body after the answer
 * ({@code server.tomcat.max-swallow-size}, up to the first byte past it with the samples'
 * 0), and a client that sends a byte now and then would hold the request's thread while
 * it waits for it.
 */
final class RefusedBodyValve extends ValveBase {

	/** The request attribute a refusal sets. */
	static final String REFUSED = RefusedBodyValve.class.getName() + ".refused";

	RefusedBodyValve() {
		super(true);
	}

	@Override
	public void invoke(Request request, Response response) throws IOException, ServletException {
		try {
			getNext().invoke(request, response);
		}
		finally {
			if (request.getAttribute(REFUSED) != null) {
				request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
			}
		}
	}

}
