import net from 'node:net';

/** What came back on a raw connection: the status line's code, the headers and the body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the answer's first byte. */
  msToAnswer: number;
}

function parse(bytes: Buffer, msToAnswer: number): RawResponse & { isComplete: boolean } {
  const text = bytes.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const headText = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 4);
  const [statusLine = '', ...headerLines] = headText.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const length = headers['content-length'];
  const isComplete = split !== -1 && length !== undefined && Buffer.byteLength(body) >= Number(length);
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, msToAnswer, isComplete };
}

/**
 * Sends `head` (request line and headers) and then `body` chunks on a plain TCP connection to
 * `port`, and reads the first answer, without an HTTP client's own rules: it lets a test lie
 * about Content-Length or trickle a body. Resolves once the answer is complete or the
 * connection closes.
 */
export function rawRequest(port: number, head: string, options: { body?: AsyncIterable<Buffer | string>; timeoutMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let firstByte = 0;
    let isDone = false;
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const finish = () => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      socket.destroy();
      const { status, headers, body } = parse(Buffer.concat(chunks), firstByte);
      resolve({ status, headers, body, msToAnswer: firstByte });
    };
    const timer = setTimeout(() => {
      isDone = true;
      socket.destroy();
      reject(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms`));
    }, options.timeoutMs ?? 15_000);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      firstByte ||= Date.now() - started;
      chunks.push(chunk);
      if (parse(Buffer.concat(chunks), firstByte).isComplete) finish();
    });
    socket.on('close', finish);
    socket.on('connect', async () => {
      socket.write(`${head}\r\n\r\n`);
      try {
        for await (const chunk of options.body ?? []) {
          if (isDone || socket.destroyed) break;
          socket.write(chunk);
        }
      } catch {
        // The server closed the connection mid-body: its answer is what the test reads.
      }
    });
  });
}
