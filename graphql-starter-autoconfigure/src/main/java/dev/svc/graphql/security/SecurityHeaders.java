package dev.svc.graphql.security;

import org.springframework.security.config.annotation.web.HttpSecurityBuilder;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The headers the module's chains send beside Spring Security's defaults, for a host's
 * own chain to send too: {@code http.headers(SecurityHeaders::add)}. Other sites learn
 * where a link came from by its origin only, never its path or query, and no page may use
 * a device, a sensor or payments.
 */
public final class SecurityHeaders {

	/**
	 * Every feature a page could ask the browser for that none of these pages needs; the
	 * clipboard stays, for the playground's copy buttons.
	 */
	public static final String PERMISSIONS_POLICY = "accelerometer=(), autoplay=(), camera=(), display-capture=(), "
			+ "geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()";

	private SecurityHeaders() {
	}

	/**
	 * Adds {@code Referrer-Policy: strict-origin-when-cross-origin} and the
	 * {@link #PERMISSIONS_POLICY} to a chain's headers.
	 * @param headers the chain's headers
	 * @param <H> the chain's builder
	 * @return the headers, for more settings
	 */
	public static <H extends HttpSecurityBuilder<H>> HeadersConfigurer<H> add(HeadersConfigurer<H> headers) {
		return headers.referrerPolicy((referrer) -> referrer.policy(ReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN))
			.permissionsPolicyHeader((permissions) -> permissions.policy(PERMISSIONS_POLICY));
	}

}
