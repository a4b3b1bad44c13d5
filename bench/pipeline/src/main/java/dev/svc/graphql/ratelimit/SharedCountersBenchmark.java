package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.limits.CostBudget;
import graphql.GraphQLContext;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
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

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpHeaders;

/**
 * What the rate limits of query cost add to one request, beside {@code PipelineBenchmark.page} in
 * the same run: {@code spend} is what every request does (the user's and the tenant's budget from
 * the leases an instance holds, and the header fields), {@code take} is one take from the store,
 * which a request pays only when its instance needs a new lease (one request in lease / cost).
 * The budgets (10^15 and 10^16 over 10,000 days) are too large for any lease to run out during a
 * measurement; {@code take} measures the store alone. {@code store=off}: the rate limits switched off.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = { "-Xmx256m" })
public class SharedCountersBenchmark {

	static final UserContext USER = new UserContext(2L, "admin", 1, Set.of("Pages.Administration.Users"));

	static final BucketConfiguration LARGE = BucketConfiguration.builder()
		.addLimit((limit) -> limit.capacity(1_000_000_000_000_000L).refillGreedy(1_000_000_000_000L, Duration.ofDays(1)))
		.build();

	@Param({ "off", "memory", "database", "redis" })
	public String store;

	private ConfigurableApplicationContext context;

	private CostBudget budget;

	private SharedBuckets buckets;

	private long takes;

	@Setup(Level.Trial)
	public void start() {
		SpringApplication application = new SpringApplication(Host.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		boolean redis = this.store.equals("redis");
		this.context = application.run("--graphql.enabled=true", "--spring.main.banner-mode=off",
				"--logging.level.root=WARN", "--graphql.rate-limits.enabled=" + !this.store.equals("off"),
				"--graphql.rate-limits.store=" + (this.store.equals("off") ? "memory" : this.store),
				"--graphql.rate-limits.window=10000d", "--graphql.rate-limits.user=1000000000000000",
				"--graphql.rate-limits.tenant=10000000000000000",
				"--spring.data.redis.database=14", "--spring.autoconfigure.exclude=" + (redis ? ""
						: "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration"));
		this.budget = this.context.getBeanProvider(CostBudget.class).getIfAvailable();
		this.buckets = this.context.getBean(SharedBuckets.class);
	}

	@TearDown(Level.Trial)
	public void stop() {
		this.context.close();
	}

	/** What each request does: spend its cost (64, the users page's; 15 reading it) and write the header fields. */
	@Benchmark
	public HttpHeaders spend() {
		GraphQLContext context = GraphQLContext.newContext().of(UserContext.class, USER).build();
		RateLimitStatus status = new RateLimitStatus("127.0.0.1");
		context.put(RateLimitStatus.class, status);
		if (this.budget != null) {
			this.budget.spend(context, 64, 15);
		}
		HttpHeaders headers = new HttpHeaders();
		status.writeTo(headers);
		return headers;
	}

	/** One take from the store, as a new lease makes it: a key of its own every 1,000 takes. */
	@Benchmark
	public ConsumptionProbe take() {
		return this.buckets.tryTake("bench:" + (this.takes++ / 1000), () -> LARGE, 64);
	}

	// no component scan: this package is the module's own
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Host {

	}

}
