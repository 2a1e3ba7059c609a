/**
 * A merge value inside a link target passes the link policy. The third attack:
 * a value inside a URL is percent-encoded (one parameter, whatever it holds), and a text value is
 * one line in the plain-text part.
 */
import { noPaymentValues } from '../../../src/domain/mail/payment-fields.ts';
import { describe, expect, it } from 'vitest';
import { personalise, renderMessageTemplate } from '../../../src/server/mail/render-message.ts';
import type { MergeValues } from '../../../src/domain/mail/merge-fields.ts';

const BRAND = {
  summitName: 'Summit',
  logoUrl: null,
  primaryColor: '#123456',
  secondaryColor: '#654321',
  accentColor: '#abcdef',
  supportEmail: null,
  replyTo: null,
  consentTopics: 'reminders and offers',
  lang: 'en',
  siteUrl: 'https://summit.example.com',
};
const values = (firstName: string): MergeValues => ({
  first_name: firstName,
  summit_name: 'Summit',
  day: '1',
  day_link: 'https://summit.example.com/access/1-abc?to=day-1',
  dashboard_link: 'https://summit.example.com/access/1-abc?to=dashboard',
  feed_link: 'https://summit.example.com/feed/1-abc.xml',
  time_left: '12 hours',
  deadline: 'tomorrow',
  pass_name: '',
  unsubscribe_link: 'https://summit.example.com/unsubscribe/x',
  summit_dates: 'July 15-17 2025',
  replay_pass_name: 'Replay Pass',
  all_access_pass_name: 'All Access Pass',
  offered_pass_name: 'All Access Pass',
  offered_pass_link: 'https://pay.example.com/aap',
  offered_pass_price: '$197.00',
  offered_pass_price_deadline: '',
  preferences_link: 'https://summit.example.com/unsubscribe/x',
  your_data_link: 'https://summit.example.com/access/1-abc?to=your-data',
  ...noPaymentValues,
});

describe('merge values in link targets', () => {
  it('never make a javascript: (or other refused) link', async () => {
    const template = await renderMessageTemplate(
      { subject: 'Hi', body: '[Click]({{first_name}}) and [there](x{{first_name}})', category: 'transactional' },
      BRAND,
    );
    for (const name of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
      const mail = personalise(template, values(name));
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((found) => found[1]!);
      for (const href of hrefs) expect(href.toLowerCase(), name).not.toMatch(/^\s*(javascript|data|vbscript):/);
    }
  });

  it('keeps URL fields and safe values in links working', async () => {
    const template = await renderMessageTemplate({ subject: 'Hi', body: '[Day 1]({{day_link}})', category: 'transactional' }, BRAND);
    expect(personalise(template, values('Ivy')).html).toContain('href="https://summit.example.com/access/1-abc?to=day-1"');
  });

  it('puts their "Your data" link in every e-mail’s footer, transactional and marketing', async () => {
    for (const category of ['transactional', 'marketing'] as const) {
      const mail = personalise(await renderMessageTemplate({ subject: 'Hi', body: 'Hello', category }, BRAND), values('Ivy'));
      expect(mail.html, category).toContain('href="https://summit.example.com/access/1-abc?to=your-data"');
      expect(mail.text, category).toContain('https://summit.example.com/access/1-abc?to=your-data');
    }
  });

  it('percent-encodes a value placed inside a URL: it stays one parameter, in both parts', async () => {
    const template = await renderMessageTemplate(
      {
        subject: 'Hi',
        body: '[y](https://ok.example/?n={{first_name}}) ![p](https://img.example/{{first_name}}.png) [next](https://ok.example/?to={{day_link}})',
        category: 'transactional',
      },
      BRAND,
    );
    const name = 'x&redirect=https://evil';
    const mail = personalise(template, values(name));
    const unescape = (value: string) => value.replaceAll('&amp;', '&');
    const hrefs = [...mail.html.matchAll(/(?:href|src)="([^"]*)"/g)].map((found) => new URL(unescape(found[1]!)));
    const link = hrefs.find((url) => url.host === 'ok.example' && url.searchParams.has('n'))!;
    expect([...link.searchParams.keys()]).toEqual(['n']);
    expect(link.searchParams.get('n')).toBe(name);
    const image = hrefs.find((url) => url.host === 'img.example')!;
    expect(decodeURIComponent(image.pathname)).toBe(`/${name}.png`);
    expect(image.pathname.split('/')).toHaveLength(2);
    // A URL field inside another URL is a component too; on its own (the test above) it is the link.
    const next = hrefs.find((url) => url.searchParams.has('to'))!;
    expect([...next.searchParams.keys()]).toEqual(['to']);
    expect(next.searchParams.get('to')).toBe('https://summit.example.com/access/1-abc?to=day-1');
    // The plain-text part shows the same encoded link.
    expect(mail.text).toContain(`https://ok.example/?n=${encodeURIComponent(name)}`);
    expect(mail.text).not.toContain('redirect=https://evil');
  });

  it('keeps a text value to one line in the plain-text part', async () => {
    const template = await renderMessageTemplate(
      { subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}, welcome.', category: 'transactional' },
      BRAND,
    );
    const mail = personalise(template, values('a\n=1+1\r\nBcc: x\u2028y'));
    expect(mail.text).toContain('Hello a =1+1 Bcc: x y, welcome.');
    expect(mail.text.split(/\r?\n/).some((line) => /^(=1\+1|Bcc:)/.test(line))).toBe(false);
    expect(mail.subject).toBe('Hi a =1+1 Bcc: x y');
  });

  it('fills each value once: a value that looks like another field stays as it is', async () => {
    const template = await renderMessageTemplate(
      { subject: 'Hi', body: '[y](https://ok.example/?n={{first_name}})', category: 'transactional' },
      BRAND,
    );
    const mail = personalise(template, values('xmergefieldacx'));
    expect(mail.html).toContain('href="https://ok.example/?n=xmergefieldacx"');
  });
});
