// A local push service for tests and the bench: the npm `web-push-testing` server, run in this process
// on a free port. It decrypts every push it takes with the subscription's keys, so a test reads back
// exactly what a device would have received, and it answers 410 for a subscription it was told expired.
import net from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  url: string;
  /** A new device subscribed with the academy's public key, as a browser's pushManager.subscribe makes one. */
  subscribe(publicKey: string): Promise<LocalSubscription>;
  /** What the device received, each push's payload parsed. */
  received(clientHash: string): Promise<Record<string, unknown>[]>;
  /** The device unsubscribed behind the academy's back: the service answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPushService(): Promise<PushService> {
  const { PushApiModel: Model } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const Server = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => { startServer(): void; _server: import('node:http').Server };
  const port = await freePort();
  const server = new Server(new Model(), port);
  const log = console.log;
  console.log = () => {};
  try {
    server.startServer();
    await new Promise<void>((resolve) => (server._server.listening ? resolve() : server._server.once('listening', () => resolve())));
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${port}`;
  const post = async (path: string, body: object) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.text()) || '{}' };
  };
  return {
    url,
    async subscribe(publicKey) {
      const answer = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey });
      if (answer.status !== 200) throw new Error(`the push service refused the subscription: ${answer.body}`);
      return (JSON.parse(answer.body) as { data: LocalSubscription }).data;
    },
    async received(clientHash) {
      const answer = await post('/get-notifications', { clientHash });
      return (JSON.parse(answer.body) as { data: { messages: string[] } }).data.messages.map((m) => JSON.parse(m) as Record<string, unknown>);
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    close: () => new Promise((resolve) => server._server.close(() => resolve())),
  };
}
