import http from 'node:http';

/** A second local origin serving pages an attacker wrote, for cross-origin tests in the browser. */
export interface AttackerSite {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → HTML) on 127.0.0.1:`port`. Reached as `http://localhost:<port>` it
 * is another site than the app at 127.0.0.1; as `http://127.0.0.1:<port>` it is the same site
 * (SameSite cookies go along) but another origin.
 */
export async function startAttackerSite(port: number, pages: (origin: string) => Record<string, string>): Promise<AttackerSite> {
  const server = http.createServer((request, response) => {
    const page = pages(`http://${request.headers.host ?? ''}`)[request.url ?? ''];
    response.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
