import { z } from 'zod';

/** Every error reply of the API has this shape (DESIGN.md "API"). */
export const errorReplySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
