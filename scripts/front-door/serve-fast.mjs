// Answers a request the front door matched in fast-routes.mjs with the route's own handler,
// and writes its Response as Next would: the same Vary, the same compression, chunked.
import compression from 'next/dist/compiled/compression/index.js';

/** What Next puts in Vary on every app route answer (base-server.js `setVaryHeader`). */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

const compress = compression();

/**
 * Answers one request with the route `fastRouteOf` found. A body of announced length is read
 * whole first and offered to the route's buffered form, which can answer JSON without a web
 * Request and Response (the cost of a call is mostly theirs); otherwise, and whenever the
 * buffered form declines, the route's web handler answers.
 */
export async function serveFast({ handler, buffered, params }, req, res) {
  res.appendHeader('vary', NEXT_VARY);
  req.on('error', () => {});
  res.on('error', () => {});
  let answer;
  try {
    if (buffered && hasAnnouncedLength(req)) {
      const body = await wholeBody(req);
      answer = (await buffered({ headers: req.headers, body }, params)) ?? (await handler(toWebRequest(req, bufferedBody(body)), { params: Promise.resolve(params) }));
    } else {
      answer = await handler(toWebRequest(req, streamedBody(req)), { params: Promise.resolve(params) });
    }
  } catch (error) {
    // The handler turns its own errors into problems; reaching here is a bug, answered as Next would.
    console.error('The invoke route failed outside its error handling', error);
    answer = Response.json(
      { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'The server failed to answer', requestId: req.headers['x-request-id'] },
      { status: 500, headers: { 'content-type': 'application/problem+json' } },
    );
  }
  if (answer.kind === 'json') {
    writeJson(answer, req, res);
  } else {
    compressWhenAsked(req, res);
    await writeResponse(answer, res);
  }
}

/**
 * As Next's router server does (router-server.js): compress when asked, and free the zlib
 * stream of an answer the client left before it ended.
 */
function compressWhenAsked(req, res) {
  compress(req, res, () => {});
  res.once('close', () => {
    if (!res.writableFinished) releaseCompressionStream(res);
  });
}

/**
 * A JSON answer written as `writeResponse` writes `Response.json`: chunked, in one write. The
 * compression middleware is set up only for a client that sent Accept-Encoding: without that
 * header it never compresses, and all it adds is `Accept-Encoding` to Vary (JSON is compressible).
 */
function writeJson(answer, req, res) {
  // The front door may have answered already (a body too slow: front-door.mjs).
  if (res.headersSent || res.writableEnded) return;
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (req.headers['accept-encoding'] !== undefined) {
    compressWhenAsked(req, res);
    res.cork();
    res.write(answer.body);
    res.end();
    res.uncork();
    return;
  }
  res.appendHeader('vary', 'Accept-Encoding');
  res.setHeader('transfer-encoding', 'chunked');
  res.end(answer.body);
}

function hasAnnouncedLength(req) {
  return req.headers['content-length'] !== undefined && req.headers['transfer-encoding'] === undefined;
}

/**
 * The whole body (its length was announced, and the front door refused one over the limit),
 * or undefined when the client left before it ended.
 */
function wholeBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}

/** A web Request of `req` with `body` (a stream of it, the bytes read already, or none). */
function toWebRequest(req, body) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    ...(body ? { body, duplex: 'half' } : {}),
  });
}

function streamedBody(req) {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  return hasBody ? bodyOf(req) : undefined;
}

/** A body read already; one the client cut short fails as the streamed one would. */
function bufferedBody(bytes) {
  if (bytes === undefined) return new ReadableStream({ start: (controller) => controller.error(new Error('The request body ended early')) });
  return bytes.byteLength > 0 ? bytes : undefined;
}

/**
 * The request body as a web stream (lighter than `Readable.toWeb`; bodies are capped by the
 * front door). A client that leaves mid-body errors it, as Next's does; cancelling (a route
 * refusing a body too large) drops the rest instead of destroying the socket, so the refusal
 * can still be sent.
 */
function bodyOf(req) {
  let isOpen = true;
  return new ReadableStream({
    start(controller) {
      const finish = (error) => {
        if (!isOpen) return;
        isOpen = false;
        if (error) controller.error(error);
        else controller.close();
      };
      req.on('data', (chunk) => {
        if (isOpen) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      req.once('end', () => finish());
      req.once('error', (error) => finish(error));
      req.once('close', () => finish(req.complete ? undefined : new Error('The request body ended early')));
    },
    cancel() {
      isOpen = false;
      req.resume();
    },
  });
}

async function writeResponse(response, res) {
  // The front door may have answered already (a body too large or too slow: front-door.mjs).
  if (res.headersSent || res.writableEnded) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  res.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      // Held until the current turn of the event loop is over: a body already complete (a JSON
      // answer) leaves in one write with its end, a streamed one chunk by chunk as it comes.
      res.cork();
      res.write(value);
      // With compression on, send what the tool produced so far (a streamed result) now.
      res.flush?.();
      process.nextTick(() => res.uncork());
    }
  } catch {
    // The body failed or the client left: end what was sent.
  } finally {
    res.off('close', cancel);
  }
  res.end();
}

/** next/dist/server/lib/release-compression-stream.js, for an answer the client left. */
function releaseCompressionStream(res) {
  const noop = () => {};
  const maybeStream = res.on('drain', noop);
  res.off('drain', noop);
  if (maybeStream !== res && typeof maybeStream?.destroy === 'function') maybeStream.destroy();
}
