package dev.svc.graphql.context;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * The client's address for the sign-in throttle and the audit log: the remote address (a
 * trusted proxy may set it from {@code X-Forwarded-For}:
 * {@code server.forward-headers-strategy=native},
 * {@code server.tomcat.remoteip.internal-proxies}), only if an IP literal; anything else
 * came from an untrusted header and counts as unknown. No name is ever looked up.
 */
public final class ClientAddress {

	private static final Pattern IPV4 = Pattern
		.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");

	private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

	private ClientAddress() {
	}

	/**
	 * The address of a request's client.
	 * @param request the request
	 * @return the address, {@code null} unless the remote address is an IP literal
	 */
	public static @Nullable String of(HttpServletRequest request) {
		return literal(request.getRemoteAddr());
	}

	/**
	 * One client for a limit: an IPv4 address, or an IPv6 address's /64 network, since
	 * one subscriber commonly has a whole /64 to draw addresses from.
	 * @param address an address as {@link #literal} answers it
	 * @return the address or network, as text
	 */
	public static String network(String address) {
		if (address.indexOf(':') < 0) {
			return address;
		}
		try {
			byte[] bytes = InetAddress.getByName(address).getAddress();
			if (bytes.length != 16) {
				return address;
			}
			Arrays.fill(bytes, 8, 16, (byte) 0);
			return InetAddress.getByAddress(bytes).getHostAddress() + "/64";
		}
		catch (UnknownHostException ex) {
			return address;
		}
	}

	/**
	 * An address, if it is an IP address literal.
	 * @param address what claims to be an address
	 * @return the address in its usual text form, {@code null} when it is none
	 */
	public static @Nullable String literal(@Nullable String address) {
		if (address == null) {
			return null;
		}
		if (IPV4.matcher(address).matches()) {
			return address;
		}
		if (address.indexOf(':') < 0 || !IPV6_CHARACTERS.matcher(address).matches()) {
			return null;
		}
		try {
			// with a colon in it, InetAddress parses an IPv6 literal, never asking DNS
			return InetAddress.getByName(address).getHostAddress();
		}
		catch (UnknownHostException ex) {
			return null;
		}
	}

}
