// The baseline for `npm run bench`: a bare node:http server that answers every request with
// JSON.stringify of a payload read once from the file named on the command line.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const payload = JSON.parse(readFileSync(file, 'utf8'));

http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  })
  .listen(Number(port), '127.0.0.1', () => console.log('listening'));
