// Serves the built app (dist/browser) on 127.0.0.1:$PORT: its files with their types, and
// the page for every other path, as the app's router would want. The API (/restapi/api) is
// routed by the proxy before it.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const root = join(import.meta.dirname, 'dist', 'browser');
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

const fileOf = (path) => {
  const file = join(root, normalize(path));
  if (!file.startsWith(root + '/')) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
};

createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad path');
    return;
  }
  const asked = fileOf(path);
  // A path with a file extension that is not there is a missing file, not a page.
  if (!asked && extname(pathname)) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const file = asked ?? join(root, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}).listen(Number(process.env.PORT), '127.0.0.1');
