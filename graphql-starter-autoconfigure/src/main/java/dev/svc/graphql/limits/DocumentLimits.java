package dev.svc.graphql.limits;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import dev.svc.graphql.error.ErrorCode;
import graphql.ExecutionInput;
import graphql.GraphQLError;
import graphql.execution.AbortExecutionException;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.language.Document;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.parser.ParserEnvironment;
import graphql.parser.ParserOptions;
import graphql.parser.exceptions.ParseCancelledException;
import graphql.parser.exceptions.ParseCancelledTooDeepException;
import org.jspecify.annotations.Nullable;

/**
 * Refuses a document over a limit before graphql-java validates it, since validation is
 * where an abusive document costs most: its length before parsing, its tokens while
 * parsing, then its {@link DocumentShape}, measured in one pass; and one whose reading
 * ({@link DocumentWork}) the caller's budget cannot pay for, so that a caller past its
 * budget costs a parse, not a validation.
 */
final class DocumentLimits implements PreparsedDocumentProvider {

	/**
	 * Most aliases a query may have, fragments expanded: no front end asks one field more
	 * often, and each alias may run the field's whole work again.
	 */
	static final int MAX_ALIASES = 15;

	/** Most directives a query may have, fragments expanded. */
	static final int MAX_DIRECTIVES = 50;

	/** Most fragment definitions a document may have. */
	static final int MAX_FRAGMENTS = 100;

	/**
	 * Deepest nesting of fragment spreads, whose validation grows with the cube of their
	 * length.
	 */
	static final int MAX_FRAGMENT_DEPTH = 10;

	private final Maximums limits;

	private final ParserOptions parserOptions;

	private final @Nullable CostBudget budget;

	DocumentLimits(Maximums limits, @Nullable CostBudget budget) {
		this.limits = limits;
		this.budget = budget;
		this.parserOptions = ParserOptions.getDefaultOperationParserOptions()
			.transform((options) -> options.maxTokens(limits.tokens())
				.maxCharacters(limits.queryLength())
				// nesting far past the depth limit is refused while parsing
				.maxRuleDepth(Math.max(50, limits.queryDepth() * 10))
				.captureSourceLocation(false));
	}

	@Override
	public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
			Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		return CompletableFuture.completedFuture(check(input, parseAndValidate));
	}

	private PreparsedDocumentEntry check(ExecutionInput input,
			Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		String query = input.getQuery();
		if (query.length() > this.limits.queryLength()) {
			return refuse(ErrorCode.QUERY_TOO_LARGE,
					"The query's length is " + query.length() + " characters, over the limit of "
							+ this.limits.queryLength() + " (graphql.limits.max-request-size).");
		}
		Document document;
		try {
			document = Parser.parse(
					ParserEnvironment.newParserEnvironment().document(query).parserOptions(this.parserOptions).build());
		}
		catch (ParseCancelledTooDeepException ex) {
			return new PreparsedDocumentEntry(
					tooComplex("depth", Long.MAX_VALUE, this.limits.queryDepth(), "max-query-depth"));
		}
		catch (ParseCancelledException ex) {
			return refuse(ErrorCode.QUERY_TOO_LARGE, "The query's number of tokens is more than " + this.limits.tokens()
					+ ", over the limit of " + this.limits.tokens() + " (graphql.limits.max-tokens).");
		}
		catch (InvalidSyntaxException ex) {
			// graphql-java reports the syntax error in its own words, with its location
			return parseAndValidate.apply(input);
		}
		DocumentShape shape = DocumentShape.of(document);
		GraphQLError refusal = refusal(shape);
		if (refusal != null) {
			return new PreparsedDocumentEntry(refusal);
		}
		if (this.budget != null) {
			try {
				this.budget.spendReading(input.getGraphQLContext(),
						DocumentWork.of(document, shape, this.limits.cost()));
			}
			catch (AbortExecutionException ex) {
				return new PreparsedDocumentEntry(ex.getUnderlyingErrors());
			}
		}
		return parseAndValidate.apply(input);
	}

	private @Nullable GraphQLError refusal(DocumentShape shape) {
		if (shape.depth() > this.limits.queryDepth()) {
			return tooComplex("depth", shape.depth(), this.limits.queryDepth(), "max-query-depth");
		}
		// each field costs at least 1, so a query over the cost limit in fields alone is
		// refused here, before its validation
		if (shape.fields() > this.limits.cost()) {
			return tooComplex("number of fields, fragments expanded,", shape.fields(), this.limits.cost(), "max-cost");
		}
		if (shape.aliases() > MAX_ALIASES) {
			return tooComplex("number of aliases, fragments expanded,", shape.aliases(), MAX_ALIASES, null);
		}
		if (shape.directives() > MAX_DIRECTIVES) {
			return tooComplex("number of directives, fragments expanded,", shape.directives(), MAX_DIRECTIVES, null);
		}
		if (shape.fragments() > MAX_FRAGMENTS) {
			return tooComplex("number of fragments", shape.fragments(), MAX_FRAGMENTS, null);
		}
		if (shape.fragmentDepth() > MAX_FRAGMENT_DEPTH) {
			return tooComplex("nesting of fragment spreads", shape.fragmentDepth(), MAX_FRAGMENT_DEPTH, null);
		}
		return null;
	}

	private static GraphQLError tooComplex(String measure, long found, int allowed, @Nullable String property) {
		String value = (found == Long.MAX_VALUE) ? "beyond counting" : String.valueOf(found);
		return ErrorCode.refusal(ErrorCode.QUERY_TOO_COMPLEX,
				"The query's " + measure + " is " + value + ", over the limit of " + allowed
						+ ((property != null) ? " (graphql.limits." + property + ")." : "."));
	}

	private static PreparsedDocumentEntry refuse(String code, String message) {
		return new PreparsedDocumentEntry(ErrorCode.refusal(code, message));
	}

	/**
	 * The limits a host sets.
	 *
	 * @param queryLength the longest document, in characters: as long as the largest body
	 * ({@code graphql.limits.max-request-size}), so that a document sent by GET or named
	 * by its hash is bounded as one sent in a body
	 * @param tokens the most tokens
	 * @param queryDepth the deepest nesting of fields
	 * @param cost the highest cost, and the most fields
	 */
	record Maximums(int queryLength, int tokens, int queryDepth, int cost) {
	}

}
