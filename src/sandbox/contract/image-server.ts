import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { plainImage } from '../../server/test-support/images.ts';

/**
 * Where Meta fetches a container's image_url from: a web server with images Instagram accepts (square,
 * 4:5 portrait) and one it refuses (a 2.5:1 panorama). It listens on loopback, so the sandbox fetches
 * from it only once told (`control.allowImageOrigins`), as Meta never could.
 */
export interface ImageServer {
  /** http://127.0.0.1:{port} */
  origin: string;
  close(): Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const files: Record<string, Buffer> = {
    '/square.jpg': await plainImage('jpeg', 1080, 1080, '#446688'),
    '/portrait.jpg': await plainImage('jpeg', 1080, 1350, '#884466'),
    '/panorama.jpg': await plainImage('jpeg', 2000, 800, '#668844'),
  };
  const server = http.createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
