package dev.svc.graphql.web;

import java.io.IOException;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.graphql.server.support.SerializableGraphQlRequest;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * Refuses a JSON body that is no object, such as {@code null}, on which Spring's handler
 * would fail with a server error; reads a {@link DocumentIdRequest}.
 */
final class GraphQlRequestBodyConverter implements HttpMessageConverter<Object> {

	private final HttpMessageConverter<Object> json;

	GraphQlRequestBodyConverter(HttpMessageConverter<Object> json) {
		this.json = json;
	}

	@Override
	public boolean canRead(Class<?> type, @Nullable MediaType mediaType) {
		return this.json.canRead(type, mediaType);
	}

	@Override
	public boolean canWrite(Class<?> type, @Nullable MediaType mediaType) {
		return this.json.canWrite(type, mediaType);
	}

	@Override
	public List<MediaType> getSupportedMediaTypes() {
		return this.json.getSupportedMediaTypes();
	}

	@Override
	public Object read(Class<?> type, HttpInputMessage input) throws IOException {
		Object body = this.json.read(SerializableGraphQlRequest.class.equals(type) ? DocumentIdRequest.class : type,
				input);
		if (body == null) {
			throw new HttpMessageNotReadableException("The request body is null", input);
		}
		return body;
	}

	@Override
	public void write(Object body, @Nullable MediaType contentType, HttpOutputMessage output) throws IOException {
		this.json.write(body, contentType, output);
	}

}
