// The ceiling for Node: a bare `node:http` server that answers each path with bytes and headers
// recorded from the site server beforehand, from memory, with nothing else to do. Started by
// server-throughput.mjs as `node bench/bare-node-server.mjs <answers.json> <port>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, { status, headers, body }]) => [
    path,
    { status, headers, body: Buffer.from(body, 'base64') },
  ]),
);
createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404, ['Content-Length', '0']);
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}).listen(Number(port), '127.0.0.1');
