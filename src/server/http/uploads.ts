import type { FastifyRequest } from 'fastify';
import { IMAGE_LIMITS } from '../../domain/project.ts';
import { AppError } from '../errors.ts';

/** The largest file any upload takes (SPEC §5): 5 MB, the avatar's as the projects' images'. */
export const MAX_UPLOAD_BYTES = IMAGE_LIMITS.maxBytes;

/** One file of a multipart upload, read whole. */
export interface UploadedFile {
  /** Its name as the client gave it. */
  name: string;
  /** Its bytes; empty when it was too large. */
  body: Buffer;
  /** Larger than MAX_UPLOAD_BYTES: the parser stopped reading it there, and nothing of it is kept. */
  tooLarge: boolean;
}

/**
 * The files of a multipart upload as they arrive: the one way every upload is read (issue 21 item 2).
 * The parser stops a file at MAX_UPLOAD_BYTES and marks it truncated. Whether it did is known once the
 * file's end has been read, and only then: @fastify/multipart's own check (`toBuffer()` with
 * `throwFileSizeLimit`, the default `request.file()` relies on) looks at the mark while chunks arrive,
 * and misses it when the last chunk was read before the parser set it, which handed the avatar the
 * first 5 MB of a larger file as if they were the whole of it. Here the file is read to its end without
 * that check and judged afterwards; a file too large comes with `tooLarge` and no bytes.
 *
 * `field` is the multipart field the route documents: details of a refusal are keyed by it.
 */
export async function* uploadedFiles(request: FastifyRequest, options: { field: string; maxFiles: number }): AsyncGenerator<UploadedFile> {
  if (!request.isMultipart())
    throw new AppError('VALIDATION_FAILED', `Send the files as multipart/form-data, in the field "${options.field}"`, { [options.field]: 'fileMissing' });
  const parts = request.files({ limits: { fileSize: MAX_UPLOAD_BYTES, files: options.maxFiles }, throwFileSizeLimit: false });
  for await (const part of parts) {
    // A file's name is shown and stored as text, which PostgreSQL refuses with a NUL in it.
    if (part.filename.includes('\u0000')) throw new AppError('VALIDATION_FAILED', 'A file name may not contain NUL characters', { [options.field]: 'invalid' });
    const body = await part.toBuffer();
    const tooLarge = part.file.truncated || body.length > MAX_UPLOAD_BYTES;
    yield { name: part.filename, body: tooLarge ? Buffer.alloc(0) : body, tooLarge };
  }
}

/**
 * The one file of a single-file upload (the avatar), by the same rule: 413 PAYLOAD_TOO_LARGE when it is
 * larger than MAX_UPLOAD_BYTES, 400 with `details[field]: 'fileMissing'` when there is none.
 */
export async function uploadedFile(request: FastifyRequest, field: string): Promise<UploadedFile> {
  for await (const file of uploadedFiles(request, { field, maxFiles: 1 })) {
    if (file.tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1_048_576} MB`);
    return file;
  }
  throw new AppError('VALIDATION_FAILED', `Send the file as the multipart field "${field}"`, { [field]: 'fileMissing' });
}
