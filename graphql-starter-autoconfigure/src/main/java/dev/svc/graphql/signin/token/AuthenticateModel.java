package dev.svc.graphql.signin.token;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * The body of {@code POST /api/TokenAuth/Authenticate}; member names are
 * case-insensitive.
 *
 * @param tenancyName the tenant's name, empty for the host
 * @param userNameOrEmailAddress the user name or e-mail address
 * @param password the password
 * @param twoFactorVerificationCode the second factor's code, when asked for
 * @param rememberClient whether to remember this client for the second factor
 * @param twoFactorRememberClientToken a token from an earlier remembered sign-in
 */
@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
@SpecificationJson
record AuthenticateModel(String tenancyName, String userNameOrEmailAddress, String password,
		String twoFactorVerificationCode, Boolean rememberClient, String twoFactorRememberClientToken) {
}
