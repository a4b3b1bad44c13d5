import java.util.concurrent.atomic.LongAdder;

import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;

/**
 * The bare hash rate: as many threads as cores check one password against an Argon2id hash of the
 * module's default parameters (OWASP's: 19 MiB, 2 iterations, 1 lane) for the given seconds.
 * Prints checks per second.
 */
public class HashRate {

	public static void main(String[] args) throws InterruptedException {
		int seconds = Integer.parseInt(args[0]);
		Argon2PasswordEncoder encoder = new Argon2PasswordEncoder(16, 32, 1, 19 * 1024, 2);
		String hash = encoder.encode("123qwe");
		for (int i = 0; i < 20; i++) {
			encoder.matches("123qwe", hash); // warm-up
		}
		LongAdder checks = new LongAdder();
		long end = System.nanoTime() + seconds * 1_000_000_000L;
		Thread[] threads = new Thread[Runtime.getRuntime().availableProcessors()];
		for (int i = 0; i < threads.length; i++) {
			threads[i] = new Thread(() -> {
				while (System.nanoTime() < end) {
					if (!encoder.matches("123qwe", hash)) {
						throw new IllegalStateException("the password does not match its hash");
					}
					checks.increment();
				}
			});
			threads[i].start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		System.out.printf("%.2f%n", checks.sum() / (double) seconds);
	}

}
