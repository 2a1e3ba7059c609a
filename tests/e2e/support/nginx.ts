/**
 * A real TLS-terminating reverse proxy for tests: nginx (/usr/sbin/nginx) on a loopback port
 * with a self-signed certificate made by openssl, its own config and prefix in a temp folder,
 * proxying to one app process the way README's production section sets it up.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export { freePort } from './server-process.ts';

export interface Proxy {
  /** https://localhost:{port} */
  origin: string;
  /** nginx's error log so far (why it answered 502, say). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** A self-signed certificate for localhost in `dir` (cert.pem, key.pem), made by openssl. */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** The top of an nginx.conf whose every file is under `dir`, around the given http-level configuration. */
export function nginxMainConfig(dir: string, http: string): string {
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/** Runs nginx with `dir`/nginx.conf until it listens on `port`. */
export async function runNginx(dir: string, port: number): Promise<Proxy> {
  // The workers run as nobody: let them use the temp folders under the (private) prefix.
  fs.chmodSync(dir, 0o755);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `https://localhost:${port}`,
    errorLog: () => (fs.existsSync(dir) ? fs.readFileSync(path.join(dir, 'error.log'), { encoding: 'utf8', flag: 'a+' }) : ''),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts nginx on `port`, terminating TLS and proxying to http://127.0.0.1:{appPort}. */
export async function startTlsProxy(port: number, appPort: number): Promise<Proxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-nginx-'));
  const { cert, key } = makeCertificate(dir);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxMainConfig(
      dir,
      `
  # The bodies as docs/deploy/nginx-summit.conf takes them: the app keeps each route's own
  # limit, so a test behind this proxy sees what a host's site answers (an archive's refusal
  # is the app's message, never nginx's bare 413).
  client_max_body_size 2100m;
  proxy_request_buffering off;
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_http_version 1.1;
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
    ),
  );
  return runNginx(dir, port);
}
