/**
 * The admin's catalogue screens (API tokens, webhooks, e-mail lists) as a screen reader meets
 * them: every control named by its label, a refused field marked invalid and described by its
 * message, and no two controls sharing an id when the screen shows several forms.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiTokensView } from '../../src/views/admin/ApiTokensView.tsx';
import { IntegrationsView } from '../../src/views/admin/IntegrationsView.tsx';
import { WebhooksView } from '../../src/views/admin/WebhooksView.tsx';
import type { ListConnectionView } from '../../src/domain/list-sync/connection-view.ts';
import { allWithAttribute, attribute, elementById, elementsByTag, parseHtml, textOf } from '../support/html.ts';

const editions = [{ slug: 'august', name: 'August' }];

/** Every input and select but the hidden ones, each with the text of the label that names it. */
function labelledControls(html: string) {
  // One parse, so a control found inside a label is the same node as in the list of controls.
  const page = parseHtml(html);
  const labels = elementsByTag(page, 'label');
  const controls = [...elementsByTag(page, 'input'), ...elementsByTag(page, 'select')].filter(
    (control) => attribute(control, 'type') !== 'hidden',
  );
  return controls.map((control) => {
    const id = attribute(control, 'id');
    const label = labels.find(
      (one) => (id !== undefined && attribute(one, 'for') === id) || elementsByTag(one, control.tagName).includes(control),
    );
    return { name: attribute(control, 'name'), id, label: label ? textOf(label).trim() : undefined };
  });
}

/** The text of what a control's aria-describedby names. */
const description = (html: string, id: string) => {
  const control = elementById(html, id)!;
  return (attribute(control, 'aria-describedby') ?? '')
    .split(' ')
    .map((ref) => textOf(elementById(html, ref)!))
    .join(' ');
};

describe('the webhooks screen', () => {
  const html = renderToStaticMarkup(
    <WebhooksView
      endpoints={[]}
      editions={editions}
      eventTypes={['registration.created', 'pass.granted']}
      form={{
        values: { url: 'ftp://x', events: [], edition: 'august' },
        errors: {
          url: 'The address must start with https://.',
          events: 'Choose at least one event to send.',
          editionId: 'Choose an edition from the list.',
        },
      }}
      problem="The endpoint was not added: see the fields below."
    />,
  );

  it('names every control and ties each refused field to its message', () => {
    expect(labelledControls(html).every((control) => control.label)).toBe(true);
    expect(attribute(elementById(html, 'field-url')!, 'aria-invalid')).toBe('true');
    expect(description(html, 'field-url')).toBe('The address must start with https://.');
    expect(description(html, 'field-edition')).toBe('Choose an edition from the list.');
    const [events] = elementsByTag(html, 'fieldset');
    expect(textOf(elementById(html, attribute(events!, 'aria-describedby')!)!)).toBe('Choose at least one event to send.');
    expect(html).toContain('No endpoints yet.');
    expect(allWithAttribute(html, 'role', 'alert').map((alert) => textOf(alert))).toEqual([
      'The endpoint was not added: see the fields below.',
    ]);
  });
});

describe('the e-mail lists screen', () => {
  const connection: ListConnectionView = {
    id: 7,
    provider: 'kit',
    accountUrl: '',
    edition: null,
    status: 'paused',
    disabledReason: null,
    keyEnding: '5678',
    rules: [],
    errors: [],
    log: [],
  };
  const html = renderToStaticMarkup(
    <IntegrationsView
      connections={[connection]}
      editions={editions}
      form={{
        id: 7,
        values: { provider: 'kit', accountUrl: '', edition: '', rules: { 'rule.registered.tag': 'x' } },
        errors: { 'rule.registered.tag': 'Tag ID: a number.' },
      }}
    />,
  );

  it('gives the connect form and each connection’s form their own ids, each label naming its own control', () => {
    const controls = labelledControls(html);
    const ids = controls.map((control) => control.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(controls.every((control) => control.label)).toBe(true);
    expect(controls.filter((control) => control.name === 'apiKey').map((control) => control.label)).toEqual([
      'API key',
      'API key (leave empty to keep the one saved)',
    ]);
  });

  it('marks the refused rule of the connection being changed, not the same rule of the connect form', () => {
    const tags = controlsNamed(html, 'rule.registered.tag');
    expect(tags.map((tag) => attribute(tag, 'aria-invalid'))).toEqual([undefined, 'true']);
    expect(description(html, attribute(tags[1]!, 'id')!)).toBe('Tag ID: a number.');
    expect(textOf(allWithAttribute(html, 'data-connection', '7')[0]!)).toContain('Paused');
  });
});

const controlsNamed = (html: string, name: string) => elementsByTag(html, 'input').filter((input) => attribute(input, 'name') === name);

describe('the API tokens screen', () => {
  const token = { name: 'Old', scope: 'read' as const, edition: null, hint: 'sat_ab', createdAt: '2026-11-01 10:00', lastUsedAt: null };
  const html = renderToStaticMarkup(
    <ApiTokensView
      tokens={[
        { ...token, id: 1, revokedAt: '2026-11-02 10:00' },
        { ...token, id: 2, name: 'Live', revokedAt: null },
      ]}
      editions={editions}
      form={{ values: { name: '', scope: 'read', edition: '' }, errors: { name: 'Give the token a name.' } }}
    />,
  );

  it('names its fields, says why the name was refused, and offers Revoke only for a live token', () => {
    expect(labelledControls(html).map((control) => control.label)).toEqual(['Name', 'Scope', 'Edition']);
    expect(description(html, 'field-name')).toBe('Give the token a name.');
    const revokeOf = (id: string) => elementsByTag(allWithAttribute(html, 'data-token', id)[0]!, 'button').map((button) => textOf(button));
    expect(revokeOf('1')).toEqual([]);
    expect(revokeOf('2')).toEqual(['Revoke']);
    expect(textOf(allWithAttribute(html, 'data-token', '1')[0]!)).toContain(
      'Read only · every edition · made 2026-11-01 10:00 UTC · never used · revoked 2026-11-02 10:00 UTC',
    );
  });
});
