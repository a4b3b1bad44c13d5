package dev.svc.graphql.test;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Counts the SQL statements the application prepares or creates, by wrapping its data
 * source. Declare it as a static bean of a test configuration.
 */
public final class StatementCounter implements BeanPostProcessor {

	private final AtomicInteger statements = new AtomicInteger();

	public int count() {
		return this.statements.get();
	}

	public void reset() {
		this.statements.set(0);
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof DataSource dataSource)) {
			return bean;
		}
		return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { DataSource.class },
				forward(dataSource,
						(method, result) -> (result instanceof Connection connection) ? Proxy.newProxyInstance(
								getClass().getClassLoader(), new Class<?>[] { Connection.class },
								forward(connection, (connectionMethod, statement) -> {
									if (connectionMethod.getName().equals("prepareStatement")
											|| connectionMethod.getName().equals("createStatement")
											|| connectionMethod.getName().equals("prepareCall")) {
										this.statements.incrementAndGet();
									}
									return statement;
								})) : result));
	}

	private static InvocationHandler forward(Object target, ResultMapper mapper) {
		return (proxy, method, args) -> {
			try {
				return mapper.map(method, method.invoke(target, args));
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		};
	}

	@FunctionalInterface
	private interface ResultMapper {

		Object map(Method method, Object result);

	}

}
