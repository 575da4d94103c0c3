import { z } from 'zod';

/** Click's SHOP API error codes, as its documentation numbers them. */
export const CLICK_ERRORS = {
  success: 0,
  signCheckFailed: -1,
  incorrectAmount: -2,
  actionNotFound: -3,
  alreadyPaid: -4,
  userDoesNotExist: -5,
  transactionDoesNotExist: -6,
  errorInRequest: -8,
  transactionCancelled: -9,
} as const;
export type ClickErrorCode = (typeof CLICK_ERRORS)[keyof typeof CLICK_ERRORS];

/** Prepare is action 0, Complete action 1. */
export const CLICK_ACTIONS = { prepare: '0', complete: '1' } as const;

const digits = (max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`), 'must be a number');

/** The form fields of a Prepare (action 0); Complete (action 1) adds merchant_prepare_id. Strings as Click sends. */
export const clickPrepareFormSchema = z.object({
  click_trans_id: digits(15),
  service_id: digits(12),
  click_paydoc_id: digits(20).optional(),
  merchant_trans_id: z.string().min(1).max(64),
  amount: z.string().regex(/^\d{1,13}(\.\d{1,10})?$/, "must be an amount in so'm"),
  action: digits(2),
  error: z.string().regex(/^-?\d{1,6}$/, 'must be a number'),
  error_note: z.string().max(1000).optional(),
  sign_time: z.string().min(1).max(32),
  sign_string: z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be an MD5 in hex'),
});
export type ClickPrepareForm = z.infer<typeof clickPrepareFormSchema>;

export const clickCompleteFormSchema = clickPrepareFormSchema.extend({
  merchant_prepare_id: digits(15),
});
export type ClickCompleteForm = z.infer<typeof clickCompleteFormSchema>;

const clickAnswer = {
  click_trans_id: z.number().nullable(),
  merchant_trans_id: z.string().nullable(),
  error: z.number(),
  error_note: z.string(),
};
export const clickPrepareReplySchema = z.object({
  ...clickAnswer,
  merchant_prepare_id: z.number().nullable(),
});
export type ClickPrepareReply = z.infer<typeof clickPrepareReplySchema>;
export const clickCompleteReplySchema = z.object({
  ...clickAnswer,
  merchant_confirm_id: z.number().nullable(),
});
export type ClickCompleteReply = z.infer<typeof clickCompleteReplySchema>;
