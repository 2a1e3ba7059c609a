import { describe, expect, it } from 'vitest';
import { parseAudioEmbed } from '../../src/domain/audio-embed.ts';

const HOST = 'player.example-audio.com';

describe('parseAudioEmbed', () => {
  it('keeps an iframe from the configured audio host', () => {
    const snippet = `<iframe src="https://${HOST}/e/abc?theme=light" width="100%" height="90" frameborder="0"></iframe>`;
    expect(parseAudioEmbed(snippet, HOST)).toEqual({ kind: 'iframe', src: `https://${HOST}/e/abc?theme=light` });
  });
  it.each([
    ['another host', '<iframe src="https://evil.example.com/e/abc"></iframe>'],
    ['a look-alike host', `<iframe src="https://${HOST}.evil.example.com/x"></iframe>`],
    ['plain http', `<iframe src="http://${HOST}/e/abc"></iframe>`],
    ['a javascript: src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an iframe without src', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['other markup', '<script>alert(1)</script>'],
  ])('drops %s', (_, snippet) => {
    expect(parseAudioEmbed(snippet, HOST)).toEqual({ kind: 'none' });
  });
  it('treats a plain value as an embed id, and empty as none', () => {
    expect(parseAudioEmbed(' hello-luna-01 ', HOST)).toEqual({ kind: 'id', id: 'hello-luna-01' });
    expect(parseAudioEmbed('', HOST)).toEqual({ kind: 'none' });
    expect(parseAudioEmbed(null, HOST)).toEqual({ kind: 'none' });
  });
});
