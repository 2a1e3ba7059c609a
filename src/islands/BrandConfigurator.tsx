/**
 * The brand configuration screen (docs/PRODUCT.md "Brand configuration"): four tabs of
 * fields validated by brandConfigSchema as they change, a logo upload, four live AI prompts with
 * copy buttons, and download / import of the versioned configuration document. Given an
 * applyUrl (only the admin's /admin/brand does), it is this site's brand: three tabs of what the
 * site shows, no timer and no prompts (a downloadable copy's, left to /brand-config), and "Apply
 * to this site".
 *
 * The form keeps every field as the text typed (numbers included), so invalid input is never
 * cleared; the schema turns that text into a BrandConfig. Its parts live in src/islands/brand/:
 * form-model.ts (fields and validation), hooks.ts (state and fetches), panels.tsx (the four
 * tabs) and sections.tsx (prompts and actions).
 */
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { BrandConfig, BrandConfigInput } from '../domain/brand.ts';
import { brandPrompts } from '../domain/brand-prompts.ts';
import { AppliedBrandStatus, type AppliedBrandSummary } from '../components/AppliedBrandStatus.tsx';
import { editsBeforeHydration } from './brand/edits-before-hydration.ts';
import { ADMIN_TABS, IMPORT_INPUT_ID, TABS, type TabId } from './brand/form-model.ts';
import { useBrandDocument, useBrandForm, useConfigurationImport, useLogoUpload } from './brand/hooks.ts';
import { ContactPanel } from './brand/contact-panels.tsx';
import { BrandingPanel, ContentPanel, LinksPanel, SettingsPanel } from './brand/panels.tsx';
import { ActionsSection, PromptsSection } from './brand/sections.tsx';
import { Tabs } from './brand/Tabs.tsx';
import { copyText, ToastRegion, useToasts } from './toast.tsx';

export interface BrandConfiguratorProps {
  /** Names the storage provider in the upload failure toast (docs/PRODUCT.md "Brand configuration"). */
  storageName: string;
  initialConfig?: BrandConfigInput;
  /**
   * Where "Apply to this site" posts `{ brand }` (the admin API). Without it the button is not
   * shown: anonymous visitors on /brand-config cannot change the site.
   */
  applyUrl?: string;
  /** With applyUrl: the configuration the site uses now, shown above the form and updated on apply. */
  applied?: AppliedBrandSummary | null;
}

export function BrandConfigurator({ storageName, initialConfig, applyUrl, applied = null }: BrandConfiguratorProps) {
  const [tab, setTab] = useState<TabId>('branding');
  const [active, setActive] = useState<AppliedBrandSummary | null>(applied);
  const onApplied = (id: number, config: BrandConfig) =>
    setActive({ id, createdAt: new Date().toISOString(), name: config.summitName || 'default name', valid: true });
  const { toasts, show } = useToasts();
  const form = useBrandForm(initialConfig);
  const logo = useLogoUpload(storageName, form.setField, show);
  const replaceAll = (config: BrandConfig) => {
    form.replaceAll(config);
    logo.setUploadError(null);
  };
  const configDocument = useBrandDocument({ validation: form.validation, applyUrl, show, setTab, onApplied });
  const configImport = useConfigurationImport(show, replaceAll);
  const prompts = useMemo(() => brandPrompts(form.validation.lenient), [form.validation.lenient]);

  // As hydration commits: take in what the visitor typed, chose or picked in the page before.
  const root = useRef<HTMLDivElement>(null);
  const adoptedEarlyEdits = useRef(false);
  useLayoutEffect(() => {
    if (adoptedEarlyEdits.current || !root.current) return;
    adoptedEarlyEdits.current = true;
    const edits = editsBeforeHydration(root.current);
    for (const { path, value } of edits.fields) form.setField(path, value);
    for (const { path, value } of edits.colours) form.setColourText(path, value);
    for (const { path, value } of edits.pickers) form.setColourPicker(path, value);
    for (const input of edits.files) {
      if (input.id === IMPORT_INPUT_ID) void configImport.importConfiguration({ target: input });
      else void logo.uploadLogo({ target: input });
    }
  });

  const copy = async (text: string) => {
    if (await copyText(text)) show('Copied to clipboard', 'The AI prompt has been copied to your clipboard.');
    else show('Copy failed', 'Your browser did not allow copying. Select the prompt text and copy it yourself.', 'destructive');
  };

  // The admin's screen is this site's brand (form-model.ts ADMIN_TABS): no timer and no AI prompts,
  // which only a downloadable copy uses (they stay on /brand-config).
  const inAdmin = Boolean(applyUrl);
  const panels: Record<TabId, ReactNode> = {
    branding: <BrandingPanel {...form} logo={logo} inAdmin={inAdmin} />,
    content: <ContentPanel field={form.field} />,
    links: inAdmin ? <ContactPanel field={form.field} /> : <LinksPanel field={form.field} />,
    settings: <SettingsPanel field={form.field} />,
  };

  return (
    <div ref={root} className="grid gap-10">
      {applyUrl ? <AppliedBrandStatus applied={active} /> : null}
      <section aria-labelledby="brand-form-heading" className="rounded-3xl bg-white p-6 shadow-xl shadow-brand-primary/10 sm:p-8">
        <h2 id="brand-form-heading" className="font-serif text-2xl font-bold text-ink">
          Your brand
        </h2>
        <p className="mt-1 text-muted">
          {inAdmin
            ? 'Every field is optional: an empty one shows the site’s default.'
            : 'Every field is optional. The prompts below update as you type.'}
        </p>
        <div className="mt-6">
          <Tabs
            idPrefix="brand"
            label="Brand configuration"
            tabs={(inAdmin ? ADMIN_TABS : TABS).map((t) => ({ ...t, content: panels[t.id] }))}
            selected={tab}
            onSelect={setTab}
          />
        </div>
      </section>
      {inAdmin ? null : <PromptsSection prompts={prompts} copy={copy} />}
      <ActionsSection applyUrl={applyUrl} {...configDocument} {...configImport} />
      <ToastRegion toasts={toasts} />
    </div>
  );
}
