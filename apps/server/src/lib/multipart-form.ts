import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge, unsupportedType } from './errors.js';

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
