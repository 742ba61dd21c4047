import net from 'node:net';

/** A TCP relay that a test can cut and restore, to make a server lose its database. */
export interface TcpProxy {
  readonly port: number;
  /** Stops listening and drops every relayed connection, as a dead database host would. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Relays 127.0.0.1:`port` to `target`. */
export async function startTcpProxy(port: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    start: listen,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        if (server) server.close(() => resolve());
        else resolve();
      }),
  };
}
