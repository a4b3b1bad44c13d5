package bench.pipeline;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.identity.IdentityStore;
import graphql.ExecutionInput;
import graphql.ParseAndValidate;
import graphql.ParseAndValidateResult;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.graphql.ExecutionGraphQlRequest;
import org.springframework.graphql.ExecutionGraphQlResponse;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.support.DefaultExecutionGraphQlRequest;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The users page of the wrk benchmark (20 users with count, roles and units) through the module's
 * pipeline without HTTP, on H2: the whole request (parse and validate, or the kept document; the
 * caller's permissions, kept or read; the handler's two statements; serialisation to JSON bytes),
 * and its parts. {@code caches=on} is the module's default; {@code off} sets
 * {@code graphql.memory-budget=0}: no document and no permissions kept, as the module worked before.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 10, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = { "-Xmx256m" })
public class PipelineBenchmark {

	static final String PAGE = "{ users(maxResultCount: 20) { totalCount items { id userName name surname emailAddress"
			+ " roles { id name displayName } organizationUnits { id code displayName } } } }";

	static final long ADMIN = 900_001L;

	@Param({ "on", "off" })
	public String caches;

	private ConfigurableApplicationContext context;

	private ExecutionGraphQlService service;

	private GraphQlSource source;

	private IdentityStore store;

	private JsonMapper json;

	@Setup(Level.Trial)
	public void start() {
		SpringApplication application = new SpringApplication(PipelineHost.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		boolean on = this.caches.equals("on");
		this.context = application.run("--graphql.enabled=true", "--spring.main.banner-mode=off",
				"--logging.level.root=WARN", "--graphql.memory-budget=" + (on ? "64MB" : "0"));
		this.service = this.context.getBean(ExecutionGraphQlService.class);
		this.source = this.context.getBean(GraphQlSource.class);
		this.store = this.context.getBean(IdentityStore.class);
		this.json = JsonMapper.shared();
		load(this.context.getBean(JdbcClient.class));
	}

	/**
	 * Tenant 90 with 100 users, each in 2 of 4 roles and 2 of 4 units; Role1 may list users, and
	 * user1 (the caller) has it.
	 */
	static void load(JdbcClient jdbc) {
		jdbc.sql("insert into svc_tenants (id, tenancy_name, name, creation_time) values (90, 'Bench', 'Bench', current_timestamp)").update();
		for (int i = 1; i <= 4; i++) {
			jdbc.sql("insert into svc_roles (id, tenant_id, name, display_name, creation_time) values (:id, 90, :name, :name, current_timestamp)")
				.param("id", 900 + i).param("name", "Role" + i).update();
			jdbc.sql("insert into svc_organization_units (id, tenant_id, code, display_name, creation_time) values (:id, 90, :code, :code, current_timestamp)")
				.param("id", 900 + i).param("code", "0000" + i).update();
		}
		jdbc.sql("insert into svc_permission_grants (tenant_id, name, is_granted, role_id) values (90, 'Pages.Administration.Users', true, 901)").update();
		for (int i = 1; i <= 100; i++) {
			long id = 900_000L + i;
			jdbc.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, creation_time) values (:id, 90, :user, upper(:user), :name,"
					+ " :surname, :email, upper(:email), 'x', current_timestamp)")
				.param("id", id).param("user", "user" + i).param("name", "Name" + (i % 7)).param("surname", "Surname" + i)
				.param("email", "user" + i + "@bench.example").update();
			jdbc.sql("insert into svc_user_roles (user_id, role_id) values (:id, :a), (:id, :b)")
				.param("id", id).param("a", 901 + (i - 1) % 4).param("b", 901 + i % 4).update();
			jdbc.sql("insert into svc_user_organization_units (user_id, organization_unit_id) values (:id, :a), (:id, :b)")
				.param("id", id).param("a", 901 + (i - 1) % 4).param("b", 901 + (i + 1) % 4).update();
		}
	}

	@TearDown(Level.Trial)
	public void stop() {
		this.context.close();
	}

	/** The whole request without HTTP: what the web layer hands to Spring for GraphQL, and back. */
	@Benchmark
	public byte[] page() {
		return page(this.service, this.store, this.json);
	}

	static byte[] page(ExecutionGraphQlService service, IdentityStore store, JsonMapper json) {
		// the caller's permissions, as the user context resolver reads them for each request
		Set<String> permissions = store.findGrantedPermissions(ADMIN);
		UserContext caller = new UserContext(ADMIN, "user1", 90, permissions);
		ExecutionGraphQlRequest request = new DefaultExecutionGraphQlRequest(PAGE, null, Map.of(), null, "bench", null);
		request.configureExecutionInput((input, builder) -> builder
			.graphQLContext((graphQlContext) -> graphQlContext.put(UserContext.class, caller))
			.build());
		ExecutionGraphQlResponse response = service.execute(request).block();
		if (!response.getErrors().isEmpty()) {
			throw new IllegalStateException(response.getErrors().toString());
		}
		return json.writeValueAsBytes(response.toMap());
	}

	/** What the document cache saves: graphql-java's parse and validation of the page's document. */
	@Benchmark
	public ParseAndValidateResult parseAndValidate() {
		return ParseAndValidate.parseAndValidate(this.source.schema(), ExecutionInput.newExecutionInput(PAGE).build());
	}

	/** What the permission cache saves: the caller's effective permissions. */
	@Benchmark
	public Set<String> permissions() {
		return this.store.findGrantedPermissions(ADMIN);
	}

	@SpringBootApplication
	static class PipelineHost {

	}

}
