/** Names are one line wherever they are stored (the third attack: a first name of `a\n=1+1`). */
import { describe, expect, it } from 'vitest';
import { buyerFirstName, oneLineName } from '../../src/domain/one-line-name.ts';

describe('one-line names', () => {
  it('makes line breaks, tabs, separators and other controls one space, and trims', () => {
    expect(oneLineName('a\n=1+1')).toBe('a =1+1');
    expect(oneLineName(' Ivy\r\n\r\nBcc: x\u2028\u2029y\u0085z\tw\u000b\u0000 ')).toBe('Ivy Bcc: x y z w');
    expect(oneLineName('\n\r\t')).toBe('');
  });

  it('keeps what a name needs: accents, scripts and emoji with their joiners', () => {
    for (const name of ['Zoë', 'José María', 'محمد', 'میرزا\u200cعلی', '👩\u200d👩\u200d👧', '李小龍'])
      expect(oneLineName(name)).toBe(name);
  });

  it('takes a buyer’s first name from the name the payment provider sends, on one line', () => {
    expect(buyerFirstName('Ada\nLovelace')).toBe('Ada');
    expect(buyerFirstName('\u2028Ada Lovelace')).toBe('Ada');
    expect(buyerFirstName(null)).toBe('Friend');
    expect(buyerFirstName(' \n ')).toBe('Friend');
    expect(buyerFirstName('x'.repeat(300))).toHaveLength(100);
  });
});
