import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app-types.js';
import { badRequest, tooLarge, unsupportedType } from './errors.js';

/**
 * Adds the routes that read multipart forms (uploads, flags, avatars, covers) in a scope of their own with
 * `@fastify/multipart`. The plugin puts two async hooks on every route of the scope it is registered in (one adds a
 * listener to each response): registered for the whole app, they ran on every call, though only these routes read
 * forms (bench/README.md, fourteenth round). A form sent to any other route is refused with 415.
 */
export function formRoutes(app: AppInstance, addRoutes: (forms: AppInstance) => void): void {
  app.register(async (scope) => {
    // Each reader passes its own limits to `parts()`; these hold for anything else.
    await scope.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
    addRoutes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

/**
 * A file name as a client sent it is kept only as a label (stored files get random keys), but a name with
 * control characters (NUL, line breaks), double quotes, slashes or angle brackets is never a real file's
 * name from a browser: such an upload is refused outright.
 */
export function isAcceptableFileName(name: string | undefined): boolean {
  if (name === undefined || name === '') return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return name.length <= 255 && !/[\u0000-\u001f\u007f"\\/<>]/.test(name);
}

export const badFileName = (field: string) =>
  badRequest('The file name is not allowed', {
    [field]: 'Rename the file: no quotes, slashes, angle brackets or control characters',
  });

export interface SmallForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/**
 * Reads a multipart form whose files are small enough to hold in memory (images, flags).
 * Each allowed file field has its own byte limit; a file over it is refused with 413 naming the field.
 */
export async function readSmallForm(
  request: FastifyRequest,
  fileLimits: Record<string, number>,
): Promise<SmallForm> {
  if (!request.isMultipart()) throw unsupportedType('Send the form as multipart/form-data');
  const maxFile = Math.max(1, ...Object.values(fileLimits));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const parts = request.parts({
    limits: { fileSize: maxFile, files: Object.keys(fileLimits).length, fields: 300, fieldSize: 16_384 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const limit = fileLimits[part.fieldname];
      if (limit === undefined) {
        part.file.resume();
        throw badRequest('Unexpected file', { [part.fieldname]: 'Unknown field' });
      }
      if (!isAcceptableFileName(part.filename)) {
        part.file.resume();
        throw badFileName(part.fieldname);
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch {
        throw tooLarge('The file is too large', {
          [part.fieldname]: `At most ${Math.round(limit / 1024)} KB`,
        });
      }
      if (buffer.length > limit)
        throw tooLarge('The file is too large', {
          [part.fieldname]: `At most ${Math.round(limit / 1024)} KB`,
        });
      if (buffer.length > 0) files[part.fieldname] = buffer;
    } else if (typeof part.value === 'string') {
      // A file input left empty arrives as an empty text field under the file's name.
      if (part.fieldname in fileLimits && part.value === '') continue;
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
