package dev.svc.graphql.ratelimit;

import java.util.concurrent.CompletableFuture;

import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.AbstractCompareAndSwapBasedProxyManager;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.AsyncCompareAndSwapOperation;

/**
 * The module's own bucket stores, the table's and memory's: compare and swap on the
 * caller's thread, never asynchronously.
 */
abstract class SynchronousBuckets extends AbstractCompareAndSwapBasedProxyManager<String> {

	SynchronousBuckets(ClientSideConfig config) {
		super(config);
	}

	@Override
	protected AsyncCompareAndSwapOperation beginAsyncCompareAndSwapOperation(String key) {
		throw new UnsupportedOperationException("The module's buckets are taken synchronously");
	}

	@Override
	protected CompletableFuture<Void> removeAsync(String key) {
		throw new UnsupportedOperationException("The module's buckets are taken synchronously");
	}

	@Override
	public boolean isAsyncModeSupported() {
		return false;
	}

}
