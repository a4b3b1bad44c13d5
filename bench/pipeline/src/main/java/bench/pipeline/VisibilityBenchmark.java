package bench.pipeline;

import java.util.concurrent.TimeUnit;

import dev.svc.graphql.identity.IdentityStore;
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
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What schema visibility costs on the users page of {@link PipelineBenchmark}, for a caller that
 * may list users but not roles or organization units, so that its schema is not the whole one:
 * {@code all} runs every request against the whole schema ({@code graphql.schema.visibility=all});
 * {@code by-permission} against the caller's visible schema, kept (the default, the steady state).
 * The document cache keeps the page's document validated for the caller's schema in both. (What
 * the first request of a new set of permissions costs, its schema built, was measured while the
 * number of kept schemas was a property; it is a constant now.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 8, time = 2)
@Measurement(iterations = 8, time = 2)
@Fork(value = 2, jvmArgsAppend = { "-Xmx256m" })
public class VisibilityBenchmark {

	@Param({ "all", "by-permission" })
	public String visibility;

	private ConfigurableApplicationContext context;

	private ExecutionGraphQlService service;

	private IdentityStore store;

	private JsonMapper json;

	@Setup(Level.Trial)
	public void start() {
		SpringApplication application = new SpringApplication(PipelineBenchmark.PipelineHost.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		this.context = application.run("--graphql.enabled=true", "--spring.main.banner-mode=off",
				"--logging.level.root=WARN",
				"--graphql.schema.visibility=" + this.visibility);
		this.service = this.context.getBean(ExecutionGraphQlService.class);
		this.store = this.context.getBean(IdentityStore.class);
		this.json = JsonMapper.shared();
		PipelineBenchmark.load(this.context.getBean(JdbcClient.class));
		if (page().length < 1000) {
			throw new IllegalStateException("The page is not the users page: " + new String(page()));
		}
	}

	@TearDown(Level.Trial)
	public void stop() {
		this.context.close();
	}

	/** The whole request without HTTP, as in {@link PipelineBenchmark#page()}. */
	@Benchmark
	public byte[] page() {
		return PipelineBenchmark.page(this.service, this.store, this.json);
	}

}
