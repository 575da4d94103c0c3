import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../app-types.js';
import { badRequest, tooLarge, unsupportedType } from './errors.js';
import { parseOrThrow } from './validation.js';

/**
 * Adds the routes that read multipart forms (uploads, flags, avatars, covers) in a scope of their own with
 * `@fastify/multipart`. The plugin puts two async hooks on every route of the scope it is registered in (one adds a
 * listener to each response): registered for the whole app, they would run on every call, though only these routes
 * read forms. A form sent to any other route is refused with 415.
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

/**
 * What a form route accepts: its text fields (the schema they are parsed with; its keys are the names) and its
 * file fields. Any other field is refused with 400 naming it, as unknown fields of a JSON body are.
 */
export interface FormFields<S extends z.ZodObject> {
  fields: S;
  /** Each file field with its byte limit. */
  files: Record<string, number>;
}

/** The text fields of a form that has none besides its files. */
export const NO_TEXT_FIELDS = z.strictObject({});

export const unknownFields = (names: Iterable<string>) =>
  badRequest(
    'Some fields are not valid',
    Object.fromEntries([...names].map((name) => [name, 'Unknown field'])),
  );

/** Whether a text part is one the form declares (a file input left empty arrives as text under its name). */
export function isDeclaredText(
  names: ReadonlySet<string>,
  fileNames: ReadonlySet<string>,
  name: string,
  value: unknown,
): boolean {
  return names.has(name) || (fileNames.has(name) && value === '');
}

export interface SmallForm<F> {
  fields: F;
  files: Record<string, Buffer>;
}

/**
 * Reads a multipart form whose files are small enough to hold in memory (images, flags) and parses its text
 * fields. Each declared file field has its own byte limit; a file over it is refused with 413 naming the field.
 * Nothing is kept of a refused form.
 */
export async function readSmallForm<S extends z.ZodObject>(
  request: FastifyRequest,
  form: FormFields<S>,
): Promise<SmallForm<z.output<S>>> {
  if (!request.isMultipart()) throw unsupportedType('Send the form as multipart/form-data');
  const fileLimits = form.files;
  const textNames = new Set(Object.keys(form.fields.shape));
  const fileNames = new Set(Object.keys(fileLimits));
  const maxFile = Math.max(1, ...Object.values(fileLimits));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const unknown = new Set<string>();
  // As many text parts as the form declares (the language form has one per translation key), and one more, so
  // that an extra one is read and named as unknown.
  const parts = request.parts({
    limits: {
      fileSize: maxFile,
      files: fileNames.size,
      fields: textNames.size + fileNames.size + 1,
      fieldSize: 16_384,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const limit = fileLimits[part.fieldname];
      if (limit === undefined) {
        part.file.resume();
        unknown.add(part.fieldname);
        throw unknownFields(unknown);
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
      if (!isDeclaredText(textNames, fileNames, part.fieldname, part.value)) unknown.add(part.fieldname);
      else if (textNames.has(part.fieldname)) fields[part.fieldname] = part.value;
    }
  }
  if (unknown.size > 0) throw unknownFields(unknown);
  return { fields: parseOrThrow(form.fields, fields), files };
}
