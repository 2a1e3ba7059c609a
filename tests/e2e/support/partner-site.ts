/**
 * A partner's site on another origin (its own port on loopback) that frames our widgets, either
 * with the one-line loader or with a plain iframe and a hand-written listener.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface PartnerSite {
  url: string;
  close(): Promise<void>;
}

export async function startPartnerSite(pages: Record<string, string>): Promise<PartnerSite> {
  const server = http.createServer((request, response) => {
    const body = pages[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? 'not found');
  });
  server.listen(0, 'localhost');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A page that sizes a plain iframe from our messages, and records every message it accepts. */
export function plainIframePage(widgetUrl: string, siteOrigin: string): string {
  return `<!doctype html><html><body style="margin:0">
<h1>Partner page</h1>
<iframe id="widget" src="${widgetUrl}" title="Summit widget" scrolling="no" style="display:block;width:100%;border:0;height:150px"></iframe>
<script>
  window.accepted = [];
  window.addEventListener('message', function (event) {
    var frame = document.getElementById('widget');
    if (event.origin !== '${siteOrigin}' || event.source !== frame.contentWindow) return;
    if (!event.data || event.data.type !== 'iframe-resize') return;
    window.accepted.push(event.data);
    frame.style.height = event.data.height + 'px';
  });
</script>
</body></html>`;
}
