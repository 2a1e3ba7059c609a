/** What one rehearsal carries from registrant to registrant (decision 0077): its inputs, the summit's moments, what it found. */
import type { SummitMoments } from '../../domain/rehearsal/moments.ts';
import type { Finding } from '../../domain/rehearsal/report.ts';
import type { MessageTemplate } from '../mail/render-message.ts';
import type { RehearsalInputs } from './inputs.ts';

export interface RunContext {
  inputs: RehearsalInputs;
  moments: SummitMoments;
  /** Each message rendered once per rehearsal, as the worker renders it once per batch. */
  templates: Map<string, Promise<MessageTemplate>>;
  findings: Finding[];
  /** Links outside the site seen in e-mails: opened at the end only when the host asks. */
  external: Set<string>;
  /** A throwaway secret for the registrants' links: like the real ones, opening nothing. */
  secret: string;
}

/** How a note names its source: the product description, never a contradiction of it. */
export const PRODUCT = 'Imposed by the product description (docs/PRODUCT.md)';
