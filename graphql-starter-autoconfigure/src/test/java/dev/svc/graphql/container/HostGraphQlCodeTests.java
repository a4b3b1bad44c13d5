package dev.svc.graphql.container;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.GraphQlErrorAutoConfiguration;
import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.test.GraphQlTestRequests;
import dev.svc.graphql.test.HttpTestClient;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.execution.BatchLoaderRegistry;
import org.springframework.stereotype.Controller;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A host with GraphQL code of its own beside the module's handlers: its own
 * {@code type Query}, a {@code @QueryMapping} controller, a {@code @BatchMapping}, and
 * handlers, one of them using a {@code DataLoader} from the {@code BatchLoaderRegistry}.
 * One schema serves them all.
 */
class HostGraphQlCodeTests {

	private static final UserContext READER = new UserContext(1L, "reader", null, Set.of("Test.Books"));

	private static final AtomicInteger AUTHOR_BATCHES = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class, GraphQlErrorAutoConfiguration.class,
				RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withUserConfiguration(BookHost.class)
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-host/");

	@Test
	void shouldServeControllersBatchMappingsAndHandlersFromOneSchema() {
		this.contextRunner.run((context) -> {
			int batchesBefore = AUTHOR_BATCHES.get();
			String result = HttpTestClient.json(GraphQlTestRequests.execute(
					context.getBean(ExecutionGraphQlService.class),
					"{ books { title author { name } } bestseller { title author { name } } a: author(id: 2) { name }"
							+ " b: author(id: 1) { name } }",
					READER)
				.toMap());
			JSONAssert.assertEquals("""
					{"data": {
					  "books": [{"title": "Dune", "author": {"name": "Frank Herbert"}},
					            {"title": "Emma", "author": {"name": "Jane Austen"}}],
					  "bestseller": {"title": "Dune", "author": {"name": "Frank Herbert"}},
					  "a": {"name": "Jane Austen"}, "b": {"name": "Frank Herbert"}}}""", result,
					JSONCompareMode.STRICT);
			// the two authors of the handler went to the data loader in one batch
			assertThat(AUTHOR_BATCHES.get() - batchesBefore).isEqualTo(1);
		});
	}

	@Test
	void shouldCheckTheHandlersPermissionButNotTheControllers() {
		this.contextRunner.run((context) -> {
			ExecutionGraphQlService service = context.getBean(ExecutionGraphQlService.class);
			UserContext anonymous = UserContext.anonymous(null);
			JSONAssert.assertEquals("""
					{"data": {"books": [{"title": "Dune"}, {"title": "Emma"}]}}""",
					HttpTestClient.json(GraphQlTestRequests.execute(service, "{ books { title } }", anonymous).toMap()),
					JSONCompareMode.STRICT);
			JSONAssert.assertEquals("""
					{"data": null, "errors": [{
					  "message": "Error trying to resolve bestseller. Current user did not login to the application!",
					  "locations": [{"line": 1, "column": 3}], "path": ["bestseller"],
					  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					HttpTestClient
						.json(GraphQlTestRequests.execute(service, "{ bestseller { title } }", anonymous).toMap()),
					// graphql-java's classification is still there below the web layer
					JSONCompareMode.LENIENT);
		});
	}

	@Test
	void shouldCheckThePermissionOfAControllerMethodThatRequiresOne() {
		this.contextRunner.run((context) -> {
			ExecutionGraphQlService service = context.getBean(ExecutionGraphQlService.class);
			JSONAssert.assertEquals("""
					{"data": null, "errors": [{
					  "message": "Error trying to resolve featured. Current user did not login to the application!",
					  "locations": [{"line": 1, "column": 3}], "path": ["featured"],
					  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					HttpTestClient.json(
							GraphQlTestRequests.execute(service, "{ featured { title } }", UserContext.anonymous(null))
								.toMap()),
					JSONCompareMode.LENIENT);
			JSONAssert.assertEquals(
					"""
							{"data": null, "errors": [{
							  "message": "Error trying to resolve featured. Required permissions are not granted. At least one of these permissions must be granted: Test.Books",
							  "path": ["featured"], "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					HttpTestClient.json(GraphQlTestRequests
						.execute(service, "{ featured { title } }",
								new UserContext(2L, "other", null, Set.of("Test.Other")))
						.toMap()),
					JSONCompareMode.LENIENT);
			JSONAssert.assertEquals("""
					{"data": {"featured": {"title": "Emma", "author": {"name": "Jane Austen"}}}}""", HttpTestClient
				.json(GraphQlTestRequests.execute(service, "{ featured { title author { name } } }", READER).toMap()),
					JSONCompareMode.STRICT);
			assertThat(context.getBean(RootContainer.class).guardedFields()).containsExactly(
					Map.entry("bestseller", List.of("Test.Books")), Map.entry("featured", List.of("Test.Books")));
		});
	}

	@Test
	void shouldFailWhenAControllerRequiresAPermissionForAFieldOutsideQuery() {
		this.contextRunner.withUserConfiguration(GuardedAuthorHost.class)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(RootContainerException.class)
				.hasMessage("@RequiresPermission on " + GuardedAuthorController.class.getName()
						+ ".author guards the field 'Book.author', which is not a Query field."));
	}

	@Test
	void shouldFailWhenAHandlerAndAControllerServeOneField() {
		this.contextRunner.withBean("booksHandler", BooksHandler.class)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(RootContainerException.class)
				.hasMessage("Query field 'books' is served by the handler bean 'booksHandler' ("
						+ BooksHandler.class.getName()
						+ ") and by a data fetcher of another kind, for example a @QueryMapping controller method."));
	}

	static final List<Book> BOOKS = List.of(new Book(1, "Dune", 1), new Book(2, "Emma", 2));

	static final Map<Integer, Author> AUTHORS = Map.of(1, new Author(1, "Frank Herbert"), 2,
			new Author(2, "Jane Austen"));

	@Configuration(proxyBeanMethods = false)
	static class BookHost {

		@Bean
		BookController bookController(BatchLoaderRegistry registry) {
			registry.forTypePair(Integer.class, Author.class).registerBatchLoader((ids, environment) -> {
				AUTHOR_BATCHES.incrementAndGet();
				return Flux.fromIterable(ids).map(AUTHORS::get);
			});
			return new BookController();
		}

		@Bean
		BestsellerHandler bestsellerHandler() {
			return new BestsellerHandler();
		}

		@Bean
		AuthorHandler authorHandler() {
			return new AuthorHandler();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class GuardedAuthorHost {

		@Bean
		GuardedAuthorController guardedAuthorController() {
			return new GuardedAuthorController();
		}

	}

	@RequiresPermission("Test.Books")
	static class BestsellerHandler implements QueryHandler<Book> {

		@Override
		public String fieldName() {
			return "bestseller";
		}

		@Override
		public Book resolve(QueryContext context) {
			return BOOKS.get(0);
		}

	}

	record Book(int id, String title, int authorId) {
	}

	record Author(int id, String name) {
	}

	@Controller
	static class BookController {

		@QueryMapping
		List<Book> books() {
			return BOOKS;
		}

		@QueryMapping
		@RequiresPermission("Test.Books")
		Book featured() {
			return BOOKS.get(1);
		}

		@BatchMapping
		Mono<Map<Book, Author>> author(List<Book> books) {
			return Mono.just(books.stream()
				.collect(Collectors.toMap(Function.identity(), (book) -> AUTHORS.get(book.authorId()))));
		}

	}

	@Controller
	static class GuardedAuthorController {

		@SchemaMapping(typeName = "Book")
		@RequiresPermission("Test.Authors")
		Author author(Book book) {
			return AUTHORS.get(book.authorId());
		}

	}

	static class AuthorHandler implements QueryHandler<CompletableFuture<Author>> {

		@Override
		public String fieldName() {
			return "author";
		}

		@Override
		public CompletableFuture<Author> resolve(QueryContext context) {
			return context.<Integer, Author>dataLoader(Author.class.getName())
				.load(context.argument("id", Integer.class));
		}

	}

	static class BooksHandler implements QueryHandler<List<Book>> {

		@Override
		public String fieldName() {
			return "books";
		}

		@Override
		public List<Book> resolve(QueryContext context) {
			return BOOKS;
		}

	}

}
