package dev.svc.sample.spa;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * The specification's contract for documents sent by their hash, as Apollo Client's
 * persisted-query link sends them: the hash alone, then the text with the hash when the
 * server does not know it, each query twice (the second time from the server's
 * documents). A document named by hash alone that selects a field hidden from its caller
 * answers {@code PersistedQueryNotFound}, a refusal of its own, and the text that follows
 * answers as the specification says.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class QueryGoldenByHashTests extends QueryContract {

	@Override
	SpaClient client(int port) {
		return new SpaClient(port).byHash();
	}

}
