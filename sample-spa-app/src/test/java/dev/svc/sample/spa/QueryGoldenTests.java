package dev.svc.sample.spa;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * The specification's contract in the sample as shipped: each caller is shown its own
 * fields ({@code graphql.schema.visibility=by-permission}), introspection is for
 * signed-in users, documents are sent as text.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class QueryGoldenTests extends QueryContract {

}
