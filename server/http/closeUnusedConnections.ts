import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the server ends idle keep-alive connections, but not those that never sent a request
 * (browsers and fetch open spare ones): `close()` would wait for their headers timeout, a minute.
 * Those carry nothing, so closing ends them as well.
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of sockets) {
      if (socket.bytesRead === 0) socket.destroy();
    }
  });
}
