// Answers a request the front door matched in fast-routes.mjs with the route's own handler,
// and writes its Response as Next would: the same Vary, the same compression, chunked.
import compression from 'next/dist/compiled/compression/index.js';

/** What Next puts in Vary on every app route answer (base-server.js `setVaryHeader`). */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

const compress = compression();

/** Answers one request with `handler` (a route handler taking a web Request and `{ params }`). */
export async function serveFast({ handler, params }, req, res) {
  res.appendHeader('vary', NEXT_VARY);
  // As Next's router server does (router-server.js): compress when asked, and free the zlib
  // stream of an answer the client left before it ended.
  compress(req, res, () => {});
  res.once('close', () => {
    if (!res.writableFinished) releaseCompressionStream(res);
  });
  req.on('error', () => {});
  res.on('error', () => {});
  let response;
  try {
    response = await handler(toWebRequest(req), { params: Promise.resolve(params) });
  } catch (error) {
    // The handler turns its own errors into problems; reaching here is a bug, answered as Next would.
    console.error('The invoke route failed outside its error handling', error);
    response = Response.json(
      { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'The server failed to answer', requestId: req.headers['x-request-id'] },
      { status: 500, headers: { 'content-type': 'application/problem+json' } },
    );
  }
  await writeResponse(response, res);
}

function toWebRequest(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: bodyOf(req), duplex: 'half' } : {}),
  });
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
