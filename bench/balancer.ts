// HAProxy (Debian's `haproxy`) in front of server processes on loopback ports, as the documented
// production setup puts it (README, "Several processes"): round robin, a health check on /api/health,
// and a cookie that keeps a client falling back to long-polling on one process. Used by the two-process
// CI test (tests/scale/two-processes.test.ts) and by the exam bench's --balancer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { API_PREFIX, serverPaths } from '../src/contracts/paths.js';
import { freePort, until } from './server-process.js';

export const haproxyInstalled = (): boolean => spawnSync('haproxy', ['-v']).status === 0;

export interface Backend {
  /** The process's name in the balancer: its cookie value and the X-Served-By header of its answers. */
  name: string;
  port: number;
}

export function haproxyConfig(port: number, servers: Backend[], maxconn = 2000): string {
  return [
    'global',
    `  maxconn ${maxconn}`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout tunnel 1h',
    'frontend academy',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    `  option httpchk GET ${API_PREFIX}${serverPaths.health}`,
    '  http-check expect status 200',
    // Stickiness by cookie, for clients that fall back to long-polling; it also lets a test choose a process.
    '  cookie academy_server insert indirect nocache',
    '  http-response set-header X-Served-By %[srv_name]',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check inter 1s cookie ${s.name}`),
    '',
  ].join('\n');
}

export interface Balancer {
  port: number;
  /** Everything HAProxy wrote. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts HAProxy on a free loopback port and resolves once every process answers through it. */
export async function startHaproxy(servers: Backend[], options: { maxconn?: number } = {}): Promise<Balancer> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-haproxy-'));
  const port = await freePort();
  const config = path.join(scratch, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig(port, servers, options.maxconn));
  const child = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  try {
    // Every process up in the balancer's eyes: each answers through it when chosen by its cookie.
    await until(`HAProxy serves every process`, async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
      const replies = await Promise.all(servers.map((s) => fetch(`http://127.0.0.1:${port}${API_PREFIX}${serverPaths.health}`, { headers: { cookie: `academy_server=${s.name}` } })));
      return replies.every((reply, i) => reply.status === 200 && reply.headers.get('x-served-by') === servers[i]!.name);
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { port, output: () => output, stop };
}
