package dev.svc.graphql.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on a free local port to a real server, which can stop passing bytes on as a
 * network that drops them would: the connections stay open and nothing arrives.
 */
public final class StallingProxy implements AutoCloseable {

	private final ServerSocket server;

	private final int target;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private final AtomicLong dropped = new AtomicLong();

	private volatile boolean stalling;

	/**
	 * Starts a proxy to a local port.
	 * @param target the port of the server on 127.0.0.1
	 */
	public StallingProxy(int target) {
		this.target = target;
		try {
			this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		start(this::accept);
	}

	/**
	 * The proxy's port.
	 * @return the port on 127.0.0.1
	 */
	public int port() {
		return this.server.getLocalPort();
	}

	/** From now on no byte passes, either way: each is dropped. */
	public void stall() {
		this.stalling = true;
	}

	/**
	 * The bytes dropped since the proxy stalled, either way.
	 * @return how many
	 */
	public long dropped() {
		return this.dropped.get();
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket client = this.server.accept();
				Socket upstream = new Socket(InetAddress.getLoopbackAddress(), this.target);
				this.sockets.add(client);
				this.sockets.add(upstream);
				start(() -> pass(client, upstream));
				start(() -> pass(upstream, client));
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private static void start(Runnable task) {
		Thread thread = new Thread(task, "stalling-proxy");
		thread.setDaemon(true);
		thread.start();
	}

	private void pass(Socket from, Socket to) {
		byte[] buffer = new byte[8192];
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				if (this.stalling) {
					this.dropped.addAndGet(read);
					continue;
				}
				out.write(buffer, 0, read);
				out.flush();
			}
		}
		catch (IOException ex) {
			// closed
		}
	}

	@Override
	public void close() throws IOException {
		this.server.close();
		for (Socket socket : this.sockets) {
			socket.close();
		}
	}

}
