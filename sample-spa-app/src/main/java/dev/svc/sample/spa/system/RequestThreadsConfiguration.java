package dev.svc.sample.spa.system;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.thread.Threading;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.VirtualThreadTaskExecutor;

/**
 * Requests on virtual threads, at most {@code server.tomcat.threads.max} of them in
 * progress at once; the others wait in line, holding nothing but their connection. Spring
 * Boot's executor for virtual threads starts every request at once, and each request in
 * progress holds some 80 KB of Tomcat's buffers: a thousand busy connections ran the heap
 * out (docs/benchmarks.md#many-connections).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnThreading(Threading.VIRTUAL)
class RequestThreadsConfiguration {

	// unordered, so after Spring Boot's, whose executor it replaces
	@Bean
	WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> boundedVirtualThreads(
			TomcatServerProperties tomcat) {
		int limit = tomcat.getThreads().getMax();
		return (factory) -> factory.addProtocolHandlerCustomizers((protocol) -> {
			ThreadPoolExecutor executor = new ThreadPoolExecutor(limit, limit, 60, TimeUnit.SECONDS,
					new LinkedBlockingQueue<>(),
					new VirtualThreadTaskExecutor("tomcat-handler-").getVirtualThreadFactory());
			executor.allowCoreThreadTimeOut(true);
			protocol.setExecutor(executor);
		});
	}

}
