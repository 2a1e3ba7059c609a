/** A saved form never looks like a refused one: success and failure each have their own look and role. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OutcomeNotice } from '../../src/components/form/OutcomeNotice.tsx';
import { Notice } from '../../src/views/admin/editions/notices.tsx';

describe('the outcome of an admin action', () => {
  it('a success is a green status with a tick, in no brand colour', () => {
    const html = renderToStaticMarkup(<OutcomeNotice outcome={{ ok: true, text: 'Saved the edition.' }} />);
    expect(html).toMatch(/^<p role="status" data-outcome="success" class="[^"]*bg-green-50[^"]*text-green-900/);
    expect(html).toContain('before:content-[');
    expect(html).toMatch(/>Saved the edition\.<\/p>$/);
    expect(html).not.toContain('brand-');
    expect(renderToStaticMarkup(<Notice message="Created the edition." />)).toContain('data-outcome="success"');
  });

  it('a failure is a red alert, without the tick', () => {
    const html = renderToStaticMarkup(<OutcomeNotice outcome={{ ok: false, text: 'The pass could not be granted.' }} />);
    expect(html).toMatch(/^<p role="alert" data-outcome="failure" class="[^"]*bg-red-50[^"]*text-red-800/);
    expect(html).not.toContain('✓');
  });

  it('nothing to say shows nothing', () => {
    expect(renderToStaticMarkup(<OutcomeNotice outcome={null} />)).toBe('');
    expect(renderToStaticMarkup(<Notice />)).toBe('');
  });
});
