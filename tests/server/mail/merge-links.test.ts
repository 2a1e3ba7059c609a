/** Issue 27, item 9: a merge value inside a link target passes the link policy. */
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
  preferences_link: 'https://summit.example.com/unsubscribe/x',
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
});
