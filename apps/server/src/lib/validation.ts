import type { z } from 'zod';
import { badRequest } from './errors.js';

interface IssueLike {
  path?: PropertyKey[];
  instancePath?: string;
  message: string;
  keyword?: string;
  code?: string;
  keys?: string[];
  params?: { keys?: string[] };
}

/** Per-field messages from zod issues (or the route validator's copy of them). */
export function issuesToFields(issues: readonly IssueLike[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const unknownKeys = issue.keys ?? issue.params?.keys;
    if ((issue.code ?? issue.keyword) === 'unrecognized_keys' && unknownKeys) {
      for (const key of unknownKeys) fields[key] ??= 'Unknown field';
      continue;
    }
    const name = issue.path
      ? issue.path.map(String).join('.')
      : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    fields[name || '_'] ??= issue.message;
  }
  return fields;
}

/** Parses input against a schema, throwing the API's 400 with per-field messages. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw badRequest('Some fields are not valid', issuesToFields(result.error.issues as IssueLike[]));
  }
  return result.data;
}
