package dev.svc.sample.spa;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * The specification's contract when every caller is shown every field
 * ({@code graphql.schema.visibility=all}) and introspection is open to everyone. (The
 * debug build, {@code graphql.expose-exception-details=true}, adds the exception chain
 * and stack trace to every message, as the specification says: its errors are tested
 * where they are made.)
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "graphql.schema.visibility=all",
				"graphql.introspection=everyone" })
@ActiveProfiles("test")
class QueryGoldenAllFieldsShownTests extends QueryContract {

}
