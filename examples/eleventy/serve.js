// The built site (_site/) on 127.0.0.1:$PORT, as any static file server serves it:
// /suche is /suche/index.html, a file's type follows its extension, anything else is a 404.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '_site');
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

async function file(url) {
  let path = resolve(root, '.' + decodeURIComponent(new URL(url, 'http://localhost').pathname));
  if (path !== root && !path.startsWith(root + sep)) return null;
  if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
  return (await stat(path)).isFile() ? path : null;
}

createServer(async (req, res) => {
  const path =
    req.method === 'GET' || req.method === 'HEAD'
      ? await file(req.url ?? '/').catch(() => null)
      : null;
  if (!path) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' });
  if (req.method === 'HEAD') res.end();
  else
    createReadStream(path)
      .on('error', () => res.destroy())
      .pipe(res);
}).listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${process.env.PORT ?? 8080}/`);
});
