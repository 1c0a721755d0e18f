import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Messages, UPLOAD_KINDS, UPLOAD_LIMITS, fieldRequired, tooLargeMessages, type UploadKind } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { sniff } from '../../lib/sniff.js';
import { responses } from '../../schemas/common.js';

const LARGEST = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

/**
 * POST /uploads: multipart `file` and `kind`. The file's kind decides its
 * byte limit (413) and what its content must be (415); names are never
 * trusted. Files are kept under DATA_DIR/uploads and served at /uploads/.
 */
const routes: FastifyPluginAsyncTypebox<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  app.post(
    '/uploads',
    { schema: { response: responses(Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer() })) } },
    async (request) => {
      if (!request.isMultipart()) throw HttpError.validation({ file: [fieldRequired('file')] });
      let kind: string | undefined;
      let file: { name: string; data: Buffer; truncated: boolean } | undefined;
      for await (const part of request.parts({ limits: { fileSize: LARGEST + 1, files: 1, fields: 5 } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer().catch((error: { code?: string }) => {
            if (error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
            throw error;
          });
          file = { name: part.filename, data: data ?? Buffer.alloc(0), truncated: data === null || part.file.truncated };
        } else if (part.fieldname === 'kind') {
          kind = String(part.value);
        }
      }
      const errors: Record<string, string[]> = {};
      if (!kind) errors.kind = [fieldRequired('kind')];
      else if (!UPLOAD_KINDS.includes(kind as UploadKind)) errors.kind = [`The kind must be one of ${UPLOAD_KINDS.join(', ')}.`];
      if (!file) errors.file = [fieldRequired('file')];
      if (Object.keys(errors).length) throw HttpError.validation(errors);
      const limit = UPLOAD_LIMITS[kind as UploadKind];
      const upload = file!;
      if (upload.truncated || upload.data.length > limit.maxBytes) {
        const messages = tooLargeMessages(kind as UploadKind);
        throw new HttpError(413, messages[0]!, { file: messages });
      }
      const type = sniff(upload.data);
      if (!type || !(limit.accepts as readonly string[]).includes(type.family)) {
        throw new HttpError(415, Messages.fileTypeNotAllowed, { file: [Messages.fileTypeNotAllowed] });
      }
      const relative = `${kind}/${randomBytes(12).toString('base64url')}.${type.ext}`;
      await mkdir(join(uploadsDir, kind!), { recursive: true });
      await writeFile(join(uploadsDir, relative), upload.data);
      const name = upload.name.replace(/[\\/\0]/g, '_').slice(0, 255) || `file.${type.ext}`;
      await app.db
        .insertInto('uploads')
        .values({ user_id: request.user.id, kind: kind!, name, path: relative, mime: type.mime, size: upload.data.length })
        .execute();
      return ok({ url: `/uploads/${relative}`, name, size: upload.data.length });
    },
  );
};

export default routes;
