import { z } from 'zod';

/** Payme Merchant API error codes, as its documentation numbers them. */
export const PAYME_ERRORS = {
  wrongAmount: -31001,
  transactionNotFound: -31003,
  cannotCancel: -31007,
  cannotPerform: -31008,
  /** -31050..-31099 are the account's: ours, the order. */
  orderNotFound: -31050,
  orderPaid: -31051,
  orderAwaitsAnotherTransaction: -31099,
  insufficientPrivileges: -32504,
  systemError: -32400,
  notPost: -32300,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
} as const;
export type PaymeErrorCode = (typeof PAYME_ERRORS)[keyof typeof PAYME_ERRORS];

/** Payme's transaction states: created, performed, cancelled before perform, cancelled after it (a refund). */
export const PAYME_STATES = { created: 1, performed: 2, cancelled: -1, refunded: -2 } as const;
/** A created transaction not performed within 12 hours is cancelled with reason 4. */
export const PAYME_TIMEOUT_MS = 43_200_000;
export const PAYME_REASON_TIMEOUT = 4;

export const PAYME_METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
  'SetFiscalData',
] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];

/** A JSON-RPC 2.0 request as Payme sends it; `params` checked per method. */
export const paymeRequestSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: z
    .union([z.number(), z.string().max(64)])
    .nullable()
    .optional(),
  method: z.string().max(64),
  params: z.record(z.string(), z.unknown()).optional().default({}),
});

const paymeId = z.string().min(1).max(32);
const millis = z.number().int().nonnegative();
const tiyin = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const account = z.object({ order_id: z.string().min(1).max(64) }).loose();

export const paymeParamsSchemas = {
  CheckPerformTransaction: z.object({ amount: tiyin, account }).loose(),
  CreateTransaction: z.object({ id: paymeId, time: millis, amount: tiyin, account }).loose(),
  PerformTransaction: z.object({ id: paymeId }).loose(),
  CancelTransaction: z.object({ id: paymeId, reason: z.number().int() }).loose(),
  CheckTransaction: z.object({ id: paymeId }).loose(),
  GetStatement: z.object({ from: millis, to: millis }).loose(),
  SetFiscalData: z
    .object({
      id: paymeId,
      type: z.enum(['PERFORM', 'CANCEL']),
      fiscal_data: z.record(z.string(), z.unknown()),
    })
    .loose(),
} satisfies Record<PaymeMethod, z.ZodType>;

/** Messages in the three languages Payme shows them in. */
export const paymeMessageSchema = z.object({ ru: z.string(), uz: z.string(), en: z.string() });

/** Our answer: always HTTP 200, a result or an error. */
export const paymeReplySchema = z.union([
  z.object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string()]).nullable(),
    result: z.record(z.string(), z.unknown()),
  }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string()]).nullable(),
    error: z.object({
      code: z.number(),
      message: paymeMessageSchema,
      data: z.string().optional(),
    }),
  }),
]);
export type PaymeReply = z.infer<typeof paymeReplySchema>;
