package dev.svc.graphql.signin.token;

import com.fasterxml.jackson.annotation.JsonFormat;

// tenancyName is empty for the host
@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
@SpecificationJson
record AuthenticateModel(String tenancyName, String userNameOrEmailAddress, String password,
		String twoFactorVerificationCode, Boolean rememberClient, String twoFactorRememberClientToken) {
}
