/**
 * The edition settings form, described once: each section, its fields (a path in the settings
 * document, a label, a kind), its lists of rows and its optional blocks. The admin view draws the
 * form from this and the server reads the posted form with it (settings-values.ts), so a field
 * added here is drawn, read, validated and shown with its message in one change. Field paths are
 * typed against the settings schema (edition-settings/paths.ts): a path it does not have does not
 * compile.
 */
import {
  CLOSES_AT,
  block,
  f,
  field,
  list,
  type SettingsField,
  type SettingsGroup,
  type SettingsList,
  type SettingsBlock,
  type SettingsSection,
} from './field-builders.ts';

export {
  CLOSES_AT,
  type SettingsBlock,
  type SettingsField,
  type SettingsGroup,
  type SettingsItem,
  type SettingsList,
  type SettingsSection,
} from './field-builders.ts';
import { textSections } from './text-fields.ts';
import type { EditionSettings } from '../edition-settings/schema.ts';
import { PASS_LABELS, passKinds, passSlug, type PassKind, type PassNames } from '../passes.ts';

/** The items of every section with groups opened up: what is read and written. */
export function settingsItems(): (SettingsField | SettingsList | SettingsBlock)[] {
  return settingsSections().flatMap((section) => section.items.flatMap((item) => (item.kind === 'group' ? item.fields : [item])));
}

/** The form name of a settings path. */
export const settingsName = (path: string) => `settings.${path}`;
/** The form name of a row's field, e.g. settings.dashboard.bonusCards.0.title. */
export const rowName = (list: string, row: number, field: string) => `settings.${list}.${row}.${field}`;
/** The form name of the box that turns an optional block on. */
export const blockToggleName = (block: string) => `settings.${block}.offered`;

/** What a payment's metadata may say for this pass: its own slug, or its kind. */
const metadataHint = (id: PassKind, title: string) =>
  passSlug(title) && passSlug(title) !== id ? `pass=${passSlug(title)} (or pass=${id})` : `pass=${id}`;

const passFields = (id: PassKind, title: string): SettingsGroup => ({
  kind: 'group',
  legend: title,
  fields: [
    f('text', `upgrade.${id}.name`, { label: `${title}: name`, required: true }),
    f('money', `upgrade.${id}.price`, {
      label: `${title}: price`,
      required: true,
      help: 'In the checkout’s currency (below), e.g. 197 or 197.00; 0 only for a pass with no checkout link.',
    }),
    f('money', `upgrade.${id}.earlyPrice`, {
      label: `${title}: early price`,
      blankIsNone: true,
      help: 'Optional: charged and shown instead of the price until the time below. Leave empty for none.',
    }),
    f('instant', `upgrade.${id}.earlyPriceUntil`, {
      label: `${title}: early price until`,
      blankIsNone: true,
      help: 'The last moment of the early price, in the edition’s time zone; then the price above applies.',
    }),
    f('lines', `upgrade.${id}.benefits`, { label: `${title}: benefits`, help: 'One per line, as the offer and the dashboard list them.' }),
    f('url', `upgrade.${id}CheckoutUrl`, {
      label: `${title}: checkout link`,
      help: `A Stripe Payment Link whose metadata says ${metadataHint(id, title)} (see the README, “Payments”).`,
    }),
  ],
});

const PERIOD = 'A date in the edition’s calendar; it must come after the summit.';

const heightFields = (widget: keyof EditionSettings['embedHeight'], legend: string): SettingsGroup => ({
  kind: 'group',
  legend,
  fields: [
    f('integer', `embedHeight.${widget}.padding`, { label: 'Padding (px)', required: true }),
    f('numbers', `embedHeight.${widget}.delaysMs`, { label: 'Re-measure after (ms)', help: 'e.g. 100, 500, 1000' }),
    f('checkbox', `embedHeight.${widget}.sendsSourceAndTimestamp`, { label: 'Also send source and timestamp' }),
  ],
});

/** What the form says of the passes: the demo editions keep the product's two price readings as presets (PricePresets). */
const PRESETS_DESCRIPTION = 'There are two price readings and both stand: use either as a preset, or enter prices of your own.';

/**
 * The form's sections for an edition whose passes have these names (the generic PASS_LABELS
 * stand in for a name not given yet); `demo`: one of the demo editions, which offer the price
 * presets.
 */
export function settingsSections(names: PassNames = PASS_LABELS, { demo = false }: { demo?: boolean } = {}): SettingsSection[] {
  const named = (kind: PassKind) => names[kind].trim() || PASS_LABELS[kind];
  return [
    {
      id: 'passes',
      legend: 'Passes and prices',
      ...(demo ? { description: PRESETS_DESCRIPTION } : {}),
      items: passKinds.map((kind) => passFields(kind, named(kind))),
    },
    ...OTHER_SECTIONS,
    ...textSections(named('aap')),
  ];
}

const OTHER_SECTIONS: SettingsSection[] = [
  {
    id: 'checkout',
    legend: 'Checkout',
    description:
      'With STRIPE_SECRET_KEY set, every buy button opens a Stripe Checkout made for the registrant at the prices above (docs/decisions/0063); without it, the checkout links above are used.',
    items: [
      f('text', 'checkout.currency', {
        label: 'Currency',
        required: true,
        help: 'Its three-letter code, such as EUR, GBP or CHF: every price of this edition is in it.',
      }),
      f('checkbox', 'checkout.allowPromotionCodes', { label: 'Allow promotion codes' }),
      f('checkbox', 'checkout.automaticTax', { label: 'Calculate tax automatically (Stripe Tax: EU buyers pay their own country’s VAT)' }),
      f('checkbox', 'checkout.collectTaxIds', { label: 'Let business buyers give their tax ID' }),
      f('checkbox', 'checkout.createInvoices', { label: 'Create an invoice for every purchase' }),
    ],
  },
  {
    id: 'dates',
    legend: 'Retreat, integration week, workshop and registration',
    description: 'These dates must agree with the summit dates above: saving refuses a retreat or a week before the summit ends.',
    items: [
      block('retreat', 'This summit has a retreat after it', [
        field('date', 'startDate', { label: 'Retreat starts', required: true, help: PERIOD }),
        field('date', 'endDate', {
          label: 'Retreat ends',
          required: true,
          help: 'The last day of the retreat, as the upgrade offer gives it.',
        }),
        field('date', 'cardEndDate', {
          label: 'Retreat ends, as the landing page’s schedule card says',
          required: true,
          help: 'The landing page’s schedule card may give a later last day than the offer (a closing day, say); give the same date to show one.',
        }),
      ]),
      block('integrationWeek', 'This summit has an integration week after it', [
        field('date', 'startDate', { label: 'Integration week starts', required: true, help: PERIOD }),
        field('date', 'endDate', { label: 'Integration week ends', required: true }),
      ]),
      block('dashboard.workshop', 'Offer a live workshop on the dashboard', [
        field('text', 'title', { label: 'Workshop title', required: true }),
        field('instant', 'startsAt', { label: 'Workshop starts', required: true, help: 'In the edition’s time zone.' }),
        field('money', 'price', { label: 'Workshop price', required: true }),
      ]),
      f('choice', 'registrationClosesAt', {
        label: 'Registration closes',
        options: [
          { value: 'default', label: 'When the summit ends (live days), never for evergreen editions' },
          { value: 'never', label: 'Never' },
          { value: 'at', label: 'At the time below' },
        ],
      }),
      f('instant', CLOSES_AT, {
        label: 'Registration closes at',
        help: 'Used when “At the time below” is chosen; in the edition’s time zone.',
      }),
    ],
  },
  {
    id: 'offer',
    legend: 'Offer texts',
    description: 'What the thank-you page’s upgrade offer says, and the private feed’s “summit has ended” item.',
    items: [
      f('integer', 'offer.minutes', {
        label: 'The offer’s time limit (minutes)',
        required: true,
        help: '“this price is available for 15 minutes only”',
      }),
      f('integer', 'offer.retreatOpensInDays', { label: 'Retreat doors open in (days)', required: true }),
      f('lines', 'offer.retreatDays', { label: 'The retreat’s days', help: 'One per line, e.g. “Day 1: Opening ceremony and grounding”.' }),
      block('feedEnded', 'Use your own words for the feed’s “summit has ended” item', [
        field('text', 'title', { label: 'The item’s title', required: true, help: 'e.g. “The summit has ended: how to keep listening”' }),
        field('textarea', 'text', {
          label: 'The item’s text',
          required: true,
          help: 'Markdown. A link to the listener’s own page, where the passes are offered, follows it.',
        }),
      ]),
      block('dashboard.templateUpsell', 'Offer the summit-site template on the dashboard', [
        field('money', 'price', { label: 'Template price', required: true }),
        field('money', 'fullPrice', { label: 'Template full price', required: true }),
        field('text', 'discountCode', { label: 'Discount code' }),
      ]),
    ],
  },
  {
    id: 'dashboard',
    legend: 'Dashboard',
    items: [
      f('email', 'dashboard.supportEmail', { label: 'Support e-mail', help: 'Shown on the dashboard and in the e-mails.' }),
      f('integer', 'accessDays', { label: 'Extended access (days)', required: true }),
      f('integer', 'schoolTrialDays', {
        label: 'School trial (days)',
        required: true,
        help: 'Said only where a pass lists a “free trial of the online school” among its benefits.',
      }),
      f('choice', 'dashboard.integrationSchedule', {
        label: 'Integration schedule',
        options: [
          { value: 'static', label: 'The fixed schedule below' },
          { value: 'sessions', label: 'The implementation sessions of the days below' },
        ],
      }),
      f('numbers', 'dashboard.integrationDays', { label: 'Implementation-session days shown', help: 'e.g. 1, 2, 3, 4' }),
      list('dashboard.staticSchedule', {
        legend: 'Fixed integration schedule',
        itemName: 'Schedule entry',
        spare: 1,
        max: 20,
        fields: [
          field('text', 'label', { label: 'Label' }),
          field('text', 'date', { label: 'Date', help: 'Empty: the integration week’s day at this place (entry 1 is its first day).' }),
          field('text', 'title', { label: 'Title' }),
          field('textarea', 'description', { label: 'Description' }),
        ],
      }),
      list('dashboard.bonusCards', {
        legend: 'Bonus cards',
        itemName: 'Bonus card',
        spare: 1,
        max: 12,
        fields: [
          field('text', 'title', { label: 'Title' }),
          field('url', 'url', { label: 'Link' }),
          field('text', 'buttonLabel', { label: 'Button label' }),
          field('textarea', 'description', { label: 'Description' }),
        ],
      }),
      f('checkbox', 'dashboard.showBonusBundle', { label: 'Show the bonus bundle' }),
    ],
  },
  {
    id: 'links',
    legend: 'Links',
    items: [
      f('url', 'links.courseUrl', { label: 'Course page' }),
      f('url', 'links.mainSiteUrl', { label: 'Main site' }),
      f('url', 'links.communityUrl', { label: 'Community' }),
      f('url', 'links.visibilityPagesUrl', { label: 'Visibility pages' }),
      f('url', 'links.podcastUrl', { label: 'Podcast subscription' }),
      f('url', 'links.workshopUrl', { label: 'Workshop registration' }),
      f('url', 'links.paymentUrl', { label: 'Payment link (template)' }),
      f('url', 'links.documentUrl', { label: 'Document' }),
      f('url', 'links.templateUrl', { label: 'Summit-site template' }),
      f('url', 'links.schoolUrl', { label: 'Online school' }),
      f('email', 'sponsorshipEmail', { label: 'Sponsorship enquiries e-mail', required: true }),
    ],
  },
  {
    id: 'widgets',
    legend: 'Content and widgets',
    items: [
      f('checkbox', 'features.implementationSessions', { label: 'Implementation sessions' }),
      f('checkbox', 'features.bonusBundle', { label: 'Bonus bundle' }),
      f('checkbox', 'embeds.speakers', { label: 'Speakers widget' }),
      f('checkbox', 'embeds.implementation', { label: 'Implementation sessions widget' }),
      f('checkbox', 'embeds.bonusBundle', { label: 'Bonus bundle widget' }),
      f('text', 'speakersErrorMessage', { label: 'Speakers error message', required: true }),
      heightFields('speakers', 'Speakers widget height'),
      heightFields('implementation', 'Implementation widget height'),
      heightFields('bonusBundle', 'Bonus bundle widget height'),
    ],
  },
  {
    id: 'retention',
    legend: 'Retention of registrants',
    description:
      'A daily job removes this edition’s registrants the chosen number of months after the summit’s last day. Purchases, amounts and invoices are kept for accounting; the buyer’s name and e-mail stay on them for the legal period below, counted from each purchase, then go too.',
    items: [
      f('choice', 'retention.mode', {
        label: 'After the summit',
        options: [
          { value: 'off', label: 'Keep registrants until you remove them' },
          { value: 'anonymise', label: 'Anonymise them: name and e-mail replaced, links ended, listening kept as counts' },
          { value: 'erase', label: 'Erase them (a buyer is anonymised instead, so their purchases stay)' },
        ],
      }),
      f('integer', 'retention.monthsAfterEnd', {
        label: 'Months after the summit ends',
        required: true,
        help: 'From 1 to 120. Counted from the end of the summit’s last day, in the edition’s time zone.',
      }),
      f('integer', 'retention.accountingMonths', {
        label: 'Legal period for purchases (months)',
        required: true,
        help: 'How long the law asks you to keep a buyer’s name and e-mail with their purchase, e.g. 120 for ten years.',
      }),
    ],
  },
];
