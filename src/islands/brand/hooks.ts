/**
 * The brand configurator's state as hooks: the form (values typed, colour pickers, validation),
 * the logo upload, and the configuration document (download, import, apply to the site).
 */
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { brandDocument, brandDocumentSchema, describeBrandProblems, type BrandConfig, type BrandConfigInput } from '../../domain/brand.ts';
import type { useToasts } from '../toast.tsx';
import {
  FIELD_PATHS,
  tabOf,
  HEX,
  IMPORT_MAX_BYTES,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  fieldId,
  initialValues,
  pickersFor,
  readPath,
  toValues,
  validate,
  type ColourPath,
  type FieldPath,
  type FormValues,
  type Pickers,
  type TabId,
  type Validation,
} from './form-model.ts';
import type { FieldBinder } from './panels.tsx';
import type { FileChoice } from './edits-before-hydration.ts';

type Show = ReturnType<typeof useToasts>['show'];

/** The text typed in every field, the colour pickers, and the schema's verdict on them. */
export function useBrandForm(initialConfig: BrandConfigInput | undefined) {
  const [values, setValues] = useState<FormValues>(() => initialValues(initialConfig));
  const [pickers, setPickers] = useState<Pickers>(() => pickersFor(values));
  const validation = useMemo(() => validate(values), [values]);
  const { errors } = validation;

  const setField = (path: FieldPath, value: string) => setValues((current) => ({ ...current, [path]: value }));

  const setColourText = (path: ColourPath, value: string) => {
    setField(path, value);
    const typed = value.trim();
    if (HEX.test(typed)) setPickers((current) => ({ ...current, [path]: typed }));
  };

  const setColourPicker = (path: ColourPath, value: string) => {
    setPickers((current) => ({ ...current, [path]: value }));
    setField(path, value.toUpperCase());
  };

  const replaceAll = (config: BrandConfig) => {
    const next = toValues(config);
    setValues(next);
    setPickers(pickersFor(next));
  };

  const field: FieldBinder = (path) => ({
    id: fieldId(path),
    value: values[path],
    error: errors[path],
    onChange: (value: string) => setField(path, value),
  });

  return { values, pickers, validation, errors, setField, setColourText, setColourPicker, replaceAll, field };
}

/** The logo upload: a type and size check here, then POST /api/uploads/logo. */
/** docs/PRODUCT.md "Brand configuration": the toast's text; the field says what was wrong. */
export const LOGO_UPLOAD_ERROR = { title: 'Upload error', message: 'There was an error uploading your logo. Please try again.' } as const;

export function useLogoUpload(storageName: string, setField: (path: FieldPath, value: string) => void, show: Show) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const uploadLogo = async (event: FileChoice) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const refuse = (reason: string) => {
      setUploadError(reason);
      show(LOGO_UPLOAD_ERROR.title, LOGO_UPLOAD_ERROR.message, 'destructive');
    };
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      refuse('The logo must be a JPG, PNG, SVG or WebP image.');
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      refuse('The logo must be at most 2 MB.');
      return;
    }
    setUploadError(null);
    setUploading(true);
    const storageFailure = () =>
      show('Upload failed', `Please ensure your storage is properly configured. (${storageName})`, 'destructive');
    try {
      const body = new FormData();
      body.append('logo', file);
      const response = await fetch('/api/uploads/logo', { method: 'POST', body, credentials: 'same-origin' });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const url = readPath(answer, 'url');
        if (typeof url !== 'string' || url === '') {
          storageFailure();
          return;
        }
        setField('logoFile', url);
        show('Logo uploaded successfully');
      } else if (response.status >= 400 && response.status < 500) {
        const error = readPath(answer, 'error');
        refuse(typeof error === 'string' && error !== '' ? error : LOGO_UPLOAD_ERROR.message);
      } else {
        storageFailure();
      }
    } catch {
      storageFailure();
    } finally {
      setUploading(false);
    }
  };

  return { uploading, uploadError, setUploadError, uploadLogo };
}

interface DocumentOptions {
  validation: Validation;
  applyUrl: string | undefined;
  show: Show;
  /** Shows the tab of the first invalid field. */
  setTab: (tab: TabId) => void;
  /** After the site took the configuration: its id, to show it as the active one. */
  onApplied?: (id: number, config: BrandConfig) => void;
}

/** The configuration as a document: download it or apply it to the site, once it is valid. */
export function useBrandDocument({ validation, applyUrl, show, setTab, onApplied }: DocumentOptions) {
  const [applying, setApplying] = useState(false);
  const { errors } = validation;

  /** The parsed configuration, or null after telling what to fix and focusing the first problem. */
  const validConfig = (failureTitle: string): BrandConfig | null => {
    if (validation.config) return validation.config;
    const count = validation.problemCount;
    show(failureTitle, `Fix the ${count} ${count === 1 ? 'problem' : 'problems'} in the form first.`, 'destructive');
    const inAdmin = Boolean(applyUrl);
    const first = FIELD_PATHS.find((path) => errors[path] && tabOf(path, inAdmin) !== null);
    const firstTab = first ? tabOf(first, inAdmin) : null;
    if (first && firstTab) {
      flushSync(() => setTab(firstTab));
      document.getElementById(fieldId(first))?.focus();
    }
    return null;
  };

  const download = () => {
    const config = validConfig('Configuration not downloaded');
    if (!config) return;
    const json = JSON.stringify(brandDocument(config, new Date()), null, 2);
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'brand-configuration.json';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    show('Configuration downloaded', 'Saved as brand-configuration.json.');
  };

  const apply = async () => {
    if (!applyUrl || applying) return;
    const config = validConfig('Brand not applied');
    if (!config) return;
    const failed = (message: string) => show('Could not apply the brand', message, 'destructive');
    setApplying(true);
    try {
      const response = await fetch(applyUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ brand: config }),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 200) {
        const id = readPath(answer, 'id');
        if (typeof id === 'number') onApplied?.(id, config);
        show('Brand applied', 'Your site now uses this brand. Open any page to see it.');
        return;
      }
      const error = readPath(answer, 'error');
      failed(typeof error === 'string' && error !== '' ? error : `The server answered ${response.status}. Please try again.`);
    } catch {
      failed('The server could not be reached. Check your connection and try again.');
    } finally {
      setApplying(false);
    }
  };

  return { download, apply, applying };
}

/** Import Configuration: a downloaded document loaded back into the form, or the problems that stop it. */
export function useConfigurationImport(show: Show, replaceAll: (config: BrandConfig) => void) {
  const [importProblems, setImportProblems] = useState<string[] | null>(null);

  const importConfiguration = async (event: FileChoice) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const fail = (problems: string[]) => {
      setImportProblems(problems);
      show(
        'Import failed',
        `${file.name}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} found. The form was not changed.`,
        'destructive',
      );
    };
    if (file.size > IMPORT_MAX_BYTES) {
      fail(['The file is too large to be a brand configuration (at most 1 MB).']);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      fail(['The file is not valid JSON.']);
      return;
    }
    const result = brandDocumentSchema.safeParse(json);
    if (!result.success) {
      fail(describeBrandProblems(result.error));
      return;
    }
    replaceAll(result.data.brand);
    setImportProblems(null);
    show('Configuration imported', `Loaded from ${file.name}.`);
  };

  return { importConfiguration, importProblems };
}
