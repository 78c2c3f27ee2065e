import type net from 'node:net';

/**
 * Listens on a Unix socket path, a Linux abstract name or a Windows pipe, exclusively (never shared with
 * a cluster's other workers); resolves with the error (EADDRINUSE: someone holds it), or null once
 * listening. `unref`: the listening server does not keep the process alive (the data folder's lock).
 */
export function listenOnSocket(
  server: net.Server,
  where: string,
  { unref = false }: { unref?: boolean } = {},
): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      resolve(err);
    };
    const onListening = () => {
      server.off('error', onError);
      if (unref) server.unref();
      resolve(null);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ path: where, exclusive: true });
  });
}
