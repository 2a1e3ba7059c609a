/**
 * An edition message as the admin's list and editor show it: its rule in words, and what the
 * host may do with it (switch it, move it, choose its category, delete it), each decided by the
 * message's kind and key (message-kinds.ts, default-sequence.ts).
 */
import { isRequiredMessage } from './default-sequence.ts';
import { categoryTag, choosesCategory, isDeletable, messageKindTag, type MessageCategory, type MessageKind } from './message-kinds.ts';
import { describeRule, type SendRule } from './send-rules.ts';

export interface MessageCounts {
  scheduled: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Copies refused for good, at the SMTP conversation or reported later (docs/decisions/0089). */
  bounced: number;
  /** Copies a reader marked as spam. */
  complained: number;
}

export interface MessageSummary {
  id: number;
  name: string;
  category: MessageCategory;
  /** Beside its name in the list: "transactional", "your own". */
  tags: string[];
  enabled: boolean;
  /** The send rule in words: "12 hours after day 2 opens". */
  rule: string;
  /** The confirmation and "find my access": always on, sent on their event. */
  required: boolean;
  deletable: boolean;
  choosesCategory: boolean;
  counts: MessageCounts;
}

export const NO_COUNTS: MessageCounts = { scheduled: 0, sent: 0, failed: 0, skipped: 0, bounced: 0, complained: 0 };

export function summariseMessage(
  message: { id: number; kind: MessageKind; key: string; name: string; category: MessageCategory; enabled: boolean; rule: SendRule },
  counts: MessageCounts = NO_COUNTS,
): MessageSummary {
  return {
    id: message.id,
    name: message.name,
    category: message.category,
    tags: [categoryTag(message.category), messageKindTag(message.kind)].filter((tag) => tag !== null),
    enabled: message.enabled,
    rule: describeRule(message.rule),
    required: isRequiredMessage(message),
    deletable: isDeletable(message.kind),
    choosesCategory: choosesCategory(message.kind),
    counts,
  };
}
