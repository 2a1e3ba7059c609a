import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutUrlFor, parseRegistrantReference, registrantReference } from '../../src/domain/access/checkout.ts';
import { safeNextPath } from '../../src/domain/access/next-path.ts';
import { redactKeys } from '../../src/domain/access/redact.ts';
import { readPaymentEvent, tierFromPasses } from '../../src/domain/payments/provider-event.ts';

describe('redactKeys', () => {
  it('hides keys in personal links and feed URLs, and leaves other paths alone', () => {
    expect(redactKeys('/access/12-abcdefABCDEF0123456789_-abcdefgh')).toBe('/access/[key]');
    expect(redactKeys('/feed/12-abc.xml')).toBe('/feed/[key].xml');
    expect(redactKeys('/access/sign-out')).toBe('/access/sign-out');
    expect(redactKeys('/access')).toBe('/access');
    expect(redactKeys('/july/day-1')).toBe('/july/day-1');
  });

  it('hides keys and unsubscribe tokens under every spelling the router accepts', () => {
    const key = '12-abcdefABCDEF0123456789_-abcdefgh';
    for (const spelling of [
      `/access//${key}`,
      `/%61ccess/${key}`,
      `//access/${key}`,
      `//july/access/${key}`,
      `/\\july/access/${key}`,
      `/x/../access/${key}`,
      `/access/./${key}`,
    ]) {
      expect(redactKeys(spelling), spelling).not.toContain('abcdefABCDEF');
    }
    for (const spelling of [`/feed//${key}.xml`, `/%66eed/${key}.xml`, `/feed/${key}/7.mp3`]) {
      expect(redactKeys(spelling), spelling).not.toContain('abcdefABCDEF');
    }
    expect(redactKeys(`/unsubscribe/${key}`)).toBe('/unsubscribe/[token]');
    expect(redactKeys(`/unsubscribe/%ZZ${key}`)).not.toContain('abcdefABCDEF');
  });

  it('never lets a key through, whatever path is asked (plain paths skip the decoding)', () => {
    const key = '12-abcdefABCDEF0123456789_-abcdefgh';
    const segment = fc.constantFrom(
      'access',
      'ACCESS',
      'feed',
      'unsubscribe',
      's',
      'S',
      'july',
      'day-1',
      '',
      '.',
      '..',
      '%61ccess',
      'a\\b',
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (before, trailing) => {
        const path = `/${[...before, key].join('/')}${trailing ? '/' : ''}`;
        const shown = redactKeys(path);
        // Whatever the router would read as a personal link's, feed's or token's key is replaced.
        const routed = new URL(path.replaceAll('\\', '/'), 'http://x').pathname.replace(/\/{2,}/g, '/');
        const [, prefix = '', routedKey] = routed.split('/');
        if (routedKey && ['access', 'feed', 'unsubscribe', 's'].includes(decodeURIComponent(prefix)))
          expect(shown, path).toMatch(/^\/[a-z]+\/\[(key|token)\]/);
      }),
    );
  });
});

describe('checkout links', () => {
  it('carry the reference and e-mail for a signed-in buyer only', () => {
    const url = checkoutUrlFor('https://buy.stripe.com/test_123?x=1', { reference: registrantReference(7), email: 'a+b@example.com' });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('client_reference_id')).toBe('registrant-7');
    expect(parsed.searchParams.get('prefilled_email')).toBe('a+b@example.com');
    expect(parsed.searchParams.get('x')).toBe('1');
    expect(checkoutUrlFor('https://buy.stripe.com/test_123', null)).toBe('https://buy.stripe.com/test_123');
    expect(checkoutUrlFor('not a url', { reference: registrantReference(7), email: 'a@example.com' })).toBe('not a url');
  });
  it('read back only references of ours', () => {
    expect(parseRegistrantReference(registrantReference(42))).toBe(42);
    for (const bad of ['42', 'registrant-', 'registrant-0', 'registrant-99999999999', null, 42])
      expect(parseRegistrantReference(bad)).toBeNull();
  });
});

describe('safeNextPath', () => {
  it('allows only timed pages of this site', () => {
    expect(safeNextPath('/august/day-2')).toBe('/august/day-2');
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    for (const bad of ['//evil.example/day-1', 'https://evil.example/', '/august/day-4', '/admin', null])
      expect(safeNextPath(bad)).toBeNull();
  });
});

describe('readPaymentEvent', () => {
  const session = { id: 'cs_1', payment_intent: 'pi_1', amount_total: 7700, currency: 'usd', payment_status: 'paid' };
  it('grants the pass named in metadata to the reference or the e-mail', () => {
    expect(
      readPaymentEvent('checkout.session.completed', { ...session, client_reference_id: 'registrant-3', metadata: { pass: 'replay' } }),
    ).toMatchObject({
      kind: 'grant',
      pass: 'replay',
      registrantId: 3,
      paymentRef: 'pi_1',
      amount: 7700,
      currency: 'usd',
    });
    expect(
      readPaymentEvent('checkout.session.completed', {
        ...session,
        customer_details: { email: ' Ivy@Example.com ' },
        metadata: { pass: 'aap' },
      }),
    ).toMatchObject({ kind: 'grant', email: 'ivy@example.com', registrantId: null });
  });
  it('ignores checkouts without a pass, unpaid ones, buyers nobody can match, and other event types', () => {
    expect(
      readPaymentEvent('checkout.session.completed', { ...session, metadata: { pass: 'gold' }, client_reference_id: 'registrant-3' }).kind,
    ).toBe('ignore');
    expect(
      readPaymentEvent('checkout.session.completed', {
        ...session,
        payment_status: 'unpaid',
        metadata: { pass: 'aap' },
        client_reference_id: 'registrant-3',
      }).kind,
    ).toBe('ignore');
    expect(readPaymentEvent('checkout.session.completed', { ...session, metadata: { pass: 'aap' } }).kind).toBe('ignore');
    expect(readPaymentEvent('checkout.session.completed', 'garbage').kind).toBe('ignore');
    expect(readPaymentEvent('invoice.paid', {}).kind).toBe('ignore');
  });
  it('takes back by payment intent (and charge) on refunds and disputes', () => {
    expect(readPaymentEvent('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1' })).toEqual({
      kind: 'refund',
      refunded: null,
      whole: true,
      paymentRefs: ['pi_1', 'ch_1'],
    });
    expect(readPaymentEvent('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount: 1000, amount_refunded: 300 })).toEqual({
      kind: 'refund',
      refunded: 300,
      whole: false,
      paymentRefs: ['pi_1', 'ch_1'],
    });
    expect(readPaymentEvent('charge.dispute.created', { id: 'dp_1', charge: 'ch_1', payment_intent: { id: 'pi_1' } })).toEqual({
      kind: 'dispute',
      stage: 'created',
      paymentRefs: ['pi_1', 'ch_1'],
    });
    expect(readPaymentEvent('charge.dispute.closed', { id: 'dp_1', charge: 'ch_1', status: 'lost' })).toMatchObject({ stage: 'lost' });
    expect(readPaymentEvent('charge.dispute.closed', { id: 'dp_1', charge: 'ch_1', status: 'won' })).toMatchObject({ stage: 'won' });
  });
  it('the tier is the best active pass', () => {
    expect(tierFromPasses([])).toBe('free');
    expect(tierFromPasses(['replay'])).toBe('replay');
    expect(tierFromPasses(['aap', 'replay'])).toBe('aap');
  });
});
