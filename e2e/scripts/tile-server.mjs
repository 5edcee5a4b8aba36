// The end-to-end suite's map tiles: one PNG (a plain light tile with a faint border, so a map of them is
// seen to be tiled) for every path, so the maps load without reaching OpenStreetMap.
// Usage: node tile-server.mjs PORT
import { createServer } from 'node:http';
import sharp from 'sharp';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: node tile-server.mjs PORT');

const PNG = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#d6d3d1' } })
  .composite([
    {
      input: await sharp({ create: { width: 254, height: 254, channels: 3, background: '#eceae7' } })
        .png()
        .toBuffer(),
      left: 1,
      top: 1,
    },
  ])
  .png()
  .toBuffer();

createServer((req, res) => {
  res.writeHead(200, {
    'content-type': 'image/png',
    'content-length': PNG.length,
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : PNG);
}).listen(port, '127.0.0.1');
