/** The admin's e-mail previews may be framed by the admin's own pages only; every other page by nobody. */
import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from '../../../src/server/http/security-headers.ts';

const framing = (pathname: string) => {
  const headers = new Headers({ 'content-security-policy': "default-src 'none'; sandbox" });
  applySecurityHeaders(headers, { pathname, https: false, audioEmbedHost: 'player.example.com' });
  return {
    ancestors: /frame-ancestors [^;]+/.exec(headers.get('content-security-policy') ?? '')?.[0],
    xfo: headers.get('x-frame-options'),
  };
};

describe('framing of the e-mail previews', () => {
  it('lets the editor frame the preview of a saved message and of a new one', () => {
    for (const path of ['/admin/editions/july/messages/12/preview', '/admin/editions/july/messages/new/preview'])
      expect(framing(path), path).toEqual({ ancestors: "frame-ancestors 'self'", xfo: 'SAMEORIGIN' });
  });

  it('lets nobody frame the editor pages themselves', () => {
    for (const path of [
      '/admin/editions/july/messages/new',
      '/admin/editions/july/messages/12',
      '/admin/editions/july/messages/other/preview',
    ])
      expect(framing(path), path).toEqual({ ancestors: "frame-ancestors 'none'", xfo: 'DENY' });
  });
});
