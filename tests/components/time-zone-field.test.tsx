import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TimeZoneField } from '../../src/views/admin/editions/TimeZoneField.tsx';
import { attribute, elementsByTag, textOf } from '../support/html.ts';

const ZONES = ['America/Bogota', 'Australia/Sydney', 'UTC'];
const render = (value: string) => renderToStaticMarkup(<TimeZoneField name="timezone" label="Time zone" value={value} timeZones={ZONES} />);
const selected = (html: string) => elementsByTag(html, 'option').filter((option) => attribute(option, 'selected') !== undefined);

describe('TimeZoneField', () => {
  it('is a required choice of the known zones with the edition’s own selected', () => {
    const html = render('Australia/Sydney');
    const [select] = elementsByTag(html, 'select');
    expect(attribute(select!, 'name')).toBe('timezone');
    expect(attribute(select!, 'required')).toBeDefined();
    expect(elementsByTag(html, 'option').map((option) => textOf(option))).toEqual(ZONES);
    expect(selected(html).map((option) => attribute(option, 'value'))).toEqual(['Australia/Sydney']);
  });

  it('keeps a stored zone the list lacks, selected, so saving never changes it unasked', () => {
    const html = render('Asia/Calcutta');
    expect(elementsByTag(html, 'option').map((option) => textOf(option))).toEqual(['Asia/Calcutta', ...ZONES]);
    expect(selected(html).map((option) => attribute(option, 'value'))).toEqual(['Asia/Calcutta']);
  });
});
