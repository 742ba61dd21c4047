// The baseline for `npm run bench`: a bare node:http server that answers every request with the
// bytes of the file named on the command line, read once, exactly as they are. With a third
// argument "gzip" it labels them `Content-Encoding: gzip` (the file then holds gzip bytes).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port, coding] = process.argv.slice(2);
const bytes = readFileSync(file);
const headers = { 'content-type': 'application/json', 'content-length': String(bytes.length), ...(coding === 'gzip' ? { 'content-encoding': 'gzip' } : {}) };

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(bytes);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('listening'));
