import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts the SPA sample with Spring Boot's {@link BufferingApplicationStartup}, then prints the
 * start-up steps that took longest: bean instantiations by bean (their own time, without the beans
 * they pulled in) and every other step by name. Run by {@code bench/start-phases.sh}.
 */
public class StartPhases {

	public static void main(String[] args) throws Exception {
		long began = System.nanoTime();
		SpringApplication application = new SpringApplication(Class.forName("dev.svc.sample.spa.SampleSpaApplication"));
		BufferingApplicationStartup startup = new BufferingApplicationStartup(100_000);
		application.setApplicationStartup(startup);
		ConfigurableApplicationContext context = application.run(args);
		long ready = System.nanoTime();
		List<StartupTimeline.TimelineEvent> events = startup.getBufferedTimeline().getEvents();
		Map<Long, Long> children = new HashMap<>();
		for (StartupTimeline.TimelineEvent event : events) {
			Long parent = event.getStartupStep().getParentId();
			if (parent != null) {
				children.merge(parent, event.getDuration().toNanos(), Long::sum);
			}
		}
		Map<String, long[]> byName = new HashMap<>();
		List<String[]> beans = new ArrayList<>();
		for (StartupTimeline.TimelineEvent event : events) {
			var step = event.getStartupStep();
			long own = event.getDuration().toNanos() - children.getOrDefault(step.getId(), 0L);
			if (step.getName().equals("spring.beans.instantiate")) {
				String bean = "?";
				for (var tag : step.getTags()) {
					if (tag.getKey().equals("beanName")) {
						bean = tag.getValue();
					}
				}
				beans.add(new String[] { String.valueOf(own), bean });
			}
			long[] total = byName.computeIfAbsent(step.getName(), (name) -> new long[3]);
			total[0] += event.getDuration().toNanos();
			total[1] += own;
			total[2]++;
		}
		System.out.printf("ready after %d ms (JVM up %d ms before main)%n", Duration.ofNanos(ready - began).toMillis(),
				java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() - Duration.ofNanos(ready - began).toMillis());
		System.out.println("steps by name: total ms, own ms, count");
		byName.entrySet()
			.stream()
			.sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
			.limit(25)
			.forEach((e) -> System.out.printf("  %8.1f %8.1f %6d  %s%n", e.getValue()[0] / 1e6, e.getValue()[1] / 1e6,
					e.getValue()[2], e.getKey()));
		System.out.println("bean instantiations by own time (ms):");
		beans.stream()
			.sorted((a, b) -> Long.compare(Long.parseLong(b[0]), Long.parseLong(a[0])))
			.limit(40)
			.forEach((b) -> System.out.printf("  %8.1f  %s%n", Long.parseLong(b[0]) / 1e6, b[1]));
		context.close();
	}

}
