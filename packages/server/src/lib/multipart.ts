import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Messages, fieldRequired } from '@lead/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './http-error.js';
import { badValue } from './input.js';

export interface SpooledFile {
  /** The client's name for it: shown, never used as a path. */
  name: string;
  /** Where its bytes are, on our disk, until `discard`. */
  path: string;
  size: number;
  /** The first bytes (up to 64 KiB), to tell what it really is. */
  head: Buffer;
}

export interface Spooled {
  fields: Record<string, string>;
  file: SpooledFile;
  /** Removes the spooled file; call it when done, whatever happened. */
  discard(): Promise<void>;
}

const HEAD_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where uploads are spooled while their request runs: the server's own folder
     * (DATA_DIR/spool), so that nothing else's temporary files mix with them and a spooled
     * file moves into DATA_DIR/uploads on the same disk.
     */
    spoolDir: string;
  }
}

/**
 * Reads a multipart request: its text fields (checked like any other input)
 * and one file under `fileField`, streamed to a temporary file so that no
 * upload is ever held in memory whole. A file over `maxBytes` is a 413 with
 * `tooLarge`; no file part, or a broken body, is a 4xx naming what was wrong.
 */
export async function spool(
  request: FastifyRequest,
  opts: { fileField: string; maxBytes: number; tooLarge: string[]; maxFields?: number },
): Promise<Spooled> {
  if (!request.isMultipart()) throw HttpError.validation({ [opts.fileField]: [fieldRequired(opts.fileField)] });
  const fields: Record<string, string> = {};
  let file: SpooledFile | null = null;
  const discard = async () => {
    if (file) await rm(file.path, { force: true });
  };
  try {
    for await (const part of request.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: opts.maxFields ?? 10, fieldSize: 10_000 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== opts.fileField || file) {
        part.file.resume();
        continue;
      }
      const path = join(request.server.spoolDir, `lead-upload-${randomBytes(12).toString('hex')}`);
      file = { name: part.filename ?? '', path, size: 0, head: Buffer.alloc(0) };
      const current = file;
      const heads: Buffer[] = [];
      let headSize = 0;
      part.file.on('data', (chunk: Buffer) => {
        current.size += chunk.length;
        if (headSize < HEAD_BYTES) {
          heads.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
      });
      await pipeline(part.file, createWriteStream(path));
      current.head = Buffer.concat(heads);
      if (part.file.truncated) throw new HttpError(413, opts.tooLarge[0]!, { [opts.fileField]: opts.tooLarge });
    }
  } catch (error) {
    await discard();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, opts.tooLarge[0]!, { [opts.fileField]: opts.tooLarge });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('The request has too many parts.');
    // A body that is not well-formed multipart (no boundary, cut short): the caller's mistake.
    throw badRequest(Messages.malformed);
  }
  const bad = badValue({ ...fields, ...(file ? { [opts.fileField]: file.name } : {}) });
  if (bad) {
    await discard();
    throw HttpError.validation({ [bad.field]: [bad.message] }, bad.message);
  }
  if (!file) throw HttpError.validation({ [opts.fileField]: [fieldRequired(opts.fileField)] });
  return { fields, file, discard };
}

/** The chunks of a spooled file, read from disk. */
export async function* chunksOf(path: string, size = 64 * 1024): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(size);
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, size, null);
      if (bytesRead === 0) return;
      yield Buffer.from(buf.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}
