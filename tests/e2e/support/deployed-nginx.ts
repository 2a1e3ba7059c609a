/**
 * docs/deploy/nginx-summit.conf as it is, adapted to loopback the way a test can run it: its
 * ports, certificate, cache folder and server name replaced, nothing else. Each replacement must
 * find its line, so a change to the deployed file that this adaptation no longer fits fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeCertificate, nginxMainConfig, runNginx, type Proxy } from './nginx.ts';

export const DEPLOYED_SITE = path.resolve('docs/deploy/nginx-summit.conf');

function replaceExactly(text: string, [from, to]: [string, string]): string {
  if (!text.includes(from))
    throw new Error(`docs/deploy/nginx-summit.conf no longer has "${from}": adapt tests/e2e/support/deployed-nginx.ts`);
  return text.split(from).join(to);
}

export async function startDeployedNginx({
  port,
  httpPort,
  appPorts,
}: {
  port: number;
  httpPort: number;
  appPorts: [number, number];
}): Promise<Proxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-deployed-nginx-'));
  const { cert, key } = makeCertificate(dir);
  const replacements: [string, string][] = [
    ['/var/cache/nginx/summit', path.join(dir, 'cache')],
    ['server 127.0.0.1:4321 ', `server 127.0.0.1:${appPorts[0]} `],
    ['server 127.0.0.1:4322 ', `server 127.0.0.1:${appPorts[1]} `],
    ['    listen 80;\n', `    listen 127.0.0.1:${httpPort};\n`],
    ['    listen [::]:80;\n', ''],
    ['    listen 443 ssl http2;\n', `    listen 127.0.0.1:${port} ssl http2;\n`],
    ['    listen [::]:443 ssl http2;\n', ''],
    ['/etc/letsencrypt/live/summit.example.com/fullchain.pem', cert],
    ['/etc/letsencrypt/live/summit.example.com/privkey.pem', key],
    ['server_name summit.example.com;', 'server_name localhost;'],
    ['https://summit.example.com$request_uri', `https://localhost:${port}$request_uri`],
  ];
  const site = replacements.reduce(replaceExactly, fs.readFileSync(DEPLOYED_SITE, 'utf8'));
  fs.writeFileSync(path.join(dir, 'summit.conf'), site);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir, `  include ${path.join(dir, 'summit.conf')};`));
  return runNginx(dir, port);
}
