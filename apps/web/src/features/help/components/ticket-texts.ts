import type { FeedbackTicket, TranslationKey } from '@salomtv/contract';

/** The translation key of each ticket tag (the spec's Feature, Bug, Query, Enhancement). */
export const tagKeys: Record<FeedbackTicket['tag'], TranslationKey> = {
  Feature: 'tag_feature',
  Bug: 'tag_bug',
  Query: 'tag_query',
  Enhancement: 'tag_enhancement',
};

export const statusKeys: Record<FeedbackTicket['status'], TranslationKey> = {
  open: 'ticket_open',
  answered: 'ticket_answered',
  closed: 'ticket_closed',
};

/** The viewer's own message for each field the form or the server may refuse. */
export const fieldMessageKeys = {
  tag: 'choose_topic',
  subject: 'enter_subject',
  message: 'write_message',
  email: 'enter_valid_email',
} as const satisfies Record<string, TranslationKey>;

export type HelpField = keyof typeof fieldMessageKeys;
