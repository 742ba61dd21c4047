// The baseline for `npm run bench`: a bare node:http server that answers every request with the
// payload in the file named on the command line, read once. Its third argument says how:
// "stringify" (the default) sends JSON.stringify of the parsed payload each time; "bytes" sends
// the file's bytes exactly as they are; "gzip" sends them labelled `Content-Encoding: gzip`.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port, mode = 'stringify'] = process.argv.slice(2);
const bytes = readFileSync(file);
const payload = mode === 'stringify' ? JSON.parse(bytes.toString('utf8')) : undefined;
const headers = { 'content-type': 'application/json', ...(mode === 'gzip' ? { 'content-encoding': 'gzip' } : {}) };

http
  .createServer((_request, response) => {
    if (mode === 'stringify') {
      response.writeHead(200, headers);
      response.end(JSON.stringify(payload));
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': String(bytes.length) });
    response.end(bytes);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('listening'));
