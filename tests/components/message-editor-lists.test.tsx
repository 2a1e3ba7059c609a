/**
 * The message editor as the host meets it, drawn from the one list of send rules and the one enum
 * of the editor's actions (docs/decisions/0083): the "Sent on" select offers every rule with its
 * label, in the list's order, and every button posts an action the screen's POST accepts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messageEditorActions } from '../../src/domain/admin-actions.ts';
import { mergeFieldHelp } from '../../src/domain/mail/merge-fields.ts';
import { messageFormValues, NEW_MESSAGE } from '../../src/domain/mail/message-form.ts';
import { summariseMessage } from '../../src/domain/mail/message-summary.ts';
import { SEND_RULES, sendRuleKinds } from '../../src/domain/mail/send-rules.ts';
import { deliverabilityOf, type Deliverability } from '../../src/domain/mail/deliverability.ts';
import { MessageEditorView } from '../../src/views/admin/messages/MessageEditorView.tsx';
import { attribute, elementsByTag, parseHtml, textOf } from '../support/html.ts';

const own = { id: 7, kind: 'custom' as const, key: 'custom-0a1b2c3d4e5f', name: 'A second welcome', ...NEW_MESSAGE };
const confirmation = {
  ...own,
  id: 1,
  kind: 'default' as const,
  key: 'registration-confirmation',
  category: 'transactional' as const,
  rule: { kind: 'registration' as const },
};

function editor(message: typeof own | typeof confirmation, deliverability: Deliverability | null = null) {
  const html = renderToStaticMarkup(
    <MessageEditorView
      slug="july"
      message={summariseMessage(message)}
      values={messageFormValues(message)}
      errors={{}}
      failures={[]}
      previewChoices={[]}
      fieldHelp={mergeFieldHelp({ passNames: { replay: 'Studio Pass', aap: 'Workshop Bundle' }, currency: 'eur' })}
      deliverability={deliverability}
    />,
  );
  return parseHtml(html);
}

describe('the message editor, drawn from the lists', () => {
  it('names the edition’s passes and currency in the merge fields’ help, never the demo’s or a dollar', () => {
    const text = textOf(editor(own));
    expect(text).toContain('{{replay_pass_name}} : The edition’s name for its first pass, now “Studio Pass”');
    expect(text).toContain('{{offered_pass_name}} : The pass offered to them: the top pass, “Workshop Bundle”');
    expect(text).toContain('e.g. “€197.00 EUR”');
    expect(text).not.toMatch(/Replay Pass|All Access|\$/);
  });

  it('shows how the message is received once copies went out: the counts, the rates and a warning above a limit', () => {
    expect(textOf(editor(own))).not.toContain('Bounce rate');
    const received = deliverabilityOf(
      { accepted: 190, hardBounced: 14, softBounced: 3, complained: 1, suppressed: 6 },
      /* refused at the SMTP conversation */ 10,
    );
    const text = textOf(editor(own, received));
    expect(text).toContain('Accepted 190');
    expect(text).toContain('Bounced for good 14');
    expect(text).toContain('Not sent: suppressed 6');
    expect(text).toContain('Bounce rate 7.0% (limit 5.0%)');
    expect(text).toContain('Complaint rate 0.53% (limit 0.30%)');
    expect(text).toContain('Bounce rate 7.0%, above 5.0%: Amazon SES reviews a sender at a 5% bounce rate.');
  });

  it('offers every send rule with its label, in the list’s order', () => {
    const page = editor(own);
    const select = elementsByTag(page, 'select').find((one) => attribute(one, 'name') === 'ruleKind')!;
    const options = elementsByTag(select, 'option').map((option) => ({ value: attribute(option, 'value'), label: textOf(option) }));
    expect(options).toEqual(sendRuleKinds.map((kind) => ({ value: kind, label: SEND_RULES[kind].label })));
    // Each rule says what it is in words of its own.
    expect(new Set(options.map((option) => option.label)).size).toBe(sendRuleKinds.length);
  });

  it('lets a required message keep its rule: no select, the rule in words', () => {
    const page = editor(confirmation);
    expect(elementsByTag(page, 'select').map((one) => attribute(one, 'name'))).not.toContain('ruleKind');
    expect(textOf(page)).toContain(SEND_RULES.registration.describe());
  });

  it('posts only the actions the editor’s POST accepts, each of them', () => {
    const page = editor(own);
    const posted = [...elementsByTag(page, 'input'), ...elementsByTag(page, 'button')]
      .filter((control) => attribute(control, 'name') === 'action')
      .map((control) => attribute(control, 'value'));
    expect([...new Set(posted)].sort()).toEqual([...messageEditorActions.options].sort());
  });
});
