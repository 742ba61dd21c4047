import net from 'node:net';

/** A TCP listener that counts the connections it gets and answers nothing useful: the target an SSRF test must never reach. */
export interface CountingListener {
  port: number;
  /** How many connections it accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Listens on `host` (default 127.0.0.1) on a free port, or on `port`. */
export async function startCountingListener(host = '127.0.0.1', port = 0): Promise<CountingListener> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    // Whatever it is asked, it answers like a service with something to hide.
    socket.end('HTTP/1.1 500 Internal Server Error\r\ncontent-type: text/plain\r\ncontent-length: 20\r\nconnection: close\r\n\r\ndb_password=hunter2\n');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
