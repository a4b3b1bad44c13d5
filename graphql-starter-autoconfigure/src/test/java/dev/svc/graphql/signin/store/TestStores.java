package dev.svc.graphql.signin.store;

/**
 * Sign-in stores for tests that build the module's sign-in types by hand.
 */
public final class TestStores {

	private TestStores() {
	}

	/**
	 * Sessions in memory.
	 * @return a new store
	 */
	public static SignInSessions inMemorySessions() {
		return new InMemorySignInSessions();
	}

}
