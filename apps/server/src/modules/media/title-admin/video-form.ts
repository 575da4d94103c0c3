import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, tooLarge, unsupportedType } from '../../../lib/errors.js';
import { openFileSink } from '../../../lib/file-sink.js';
import {
  badFileName,
  isAcceptableFileName,
  isDeclaredText,
  unknownFields,
} from '../../../lib/multipart-form.js';
import { randomToken } from '../../../lib/tokens.js';
import { parseOrThrow } from '../../../lib/validation.js';

export interface VideoForm<F> {
  fields: F;
  file: { path: string; size: number; filename: string | undefined } | undefined;
}

/** The fields a video form may have: its text fields' schema and the names its one file may come under. */
export interface VideoFormFields<S extends z.ZodObject> {
  fields: S;
  files: readonly string[];
}

function sizeLabel(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Reads a multipart form with one large file: the file streams to a temporary path under `tmpDir` (never
 * held in memory) and is cut off past `maxBytes` (413). Fields may come before or after the file; undeclared
 * ones are refused (400 naming them) and the text fields are parsed with the form's schema.
 * The caller owns the temporary file (moves it into place or deletes it); on a refusal here it is deleted.
 */
export async function readVideoForm<S extends z.ZodObject>(
  request: FastifyRequest,
  form: VideoFormFields<S>,
  tmpDir: string,
  maxBytes: number,
): Promise<VideoForm<z.output<S>>> {
  if (!request.isMultipart()) throw unsupportedType('Send the form as multipart/form-data');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const textNames = new Set(Object.keys(form.fields.shape));
  const fileNames = new Set(form.files);
  const fields: Record<string, string> = {};
  const unknown = new Set<string>();
  let file: VideoForm<unknown>['file'];
  let parsed: z.output<S>;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 20, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (!isDeclaredText(textNames, fileNames, part.fieldname, part.value)) unknown.add(part.fieldname);
        else if (textNames.has(part.fieldname) && typeof part.value === 'string')
          fields[part.fieldname] = part.value;
        continue;
      }
      if (!fileNames.has(part.fieldname)) {
        part.file.resume();
        unknown.add(part.fieldname);
        throw unknownFields(unknown);
      }
      if (file) {
        part.file.resume();
        throw badRequest('Send one file', { [part.fieldname]: 'Only one file per upload' });
      }
      if (!isAcceptableFileName(part.filename)) {
        part.file.resume();
        throw badFileName(part.fieldname);
      }
      const target = path.join(tmpDir, `upload-${randomToken(12)}.part`);
      file = { path: target, size: 0, filename: part.filename || undefined };
      const current = file;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          current.size += chunk.length;
          if (current.size > maxBytes)
            done(tooLarge('The file is too large', { file: `At most ${sizeLabel(maxBytes)}` }));
          else done(null, chunk);
        },
      });
      const sink = await openFileSink(target, 1024 * 1024);
      await pipeline(part.file, counter, sink);
    }
    if (unknown.size > 0) throw unknownFields(unknown);
    parsed = parseOrThrow(form.fields, fields);
  } catch (error) {
    if (file) await fs.promises.rm(file.path, { force: true });
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge('The file is too large', { file: `At most ${sizeLabel(maxBytes)}` });
    throw error;
  }
  if (file && file.size === 0) {
    await fs.promises.rm(file.path, { force: true });
    file = undefined;
  }
  return { fields: parsed, file };
}

/** What the forms with one large file need to know: where its temporary file goes and how large it may be. */
export interface LargeFormSettings {
  tmpDir: string;
  maxVideoBytes: number;
}

/**
 * Reads a form with one large file (readVideoForm) and hands it to `use`, which must find a file there (else
 * `missing`). The temporary file is removed after, whatever happened; a refused request's connection is closed,
 * as the client may still be sending a large body.
 */
export async function withLargeForm<S extends z.ZodObject, T>(
  request: FastifyRequest,
  reply: FastifyReply,
  form: VideoFormFields<S>,
  settings: LargeFormSettings,
  missing: () => AppError,
  use: (fields: z.output<S>, file: NonNullable<VideoForm<z.output<S>>['file']>) => Promise<T>,
): Promise<T> {
  let temp: string | undefined;
  try {
    const read = await readVideoForm(request, form, settings.tmpDir, settings.maxVideoBytes);
    temp = read.file?.path;
    if (!read.file) throw missing();
    return await use(read.fields, read.file);
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  } finally {
    if (temp) await fs.promises.rm(temp, { force: true });
  }
}
