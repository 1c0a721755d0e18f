import { randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Messages,
  UPLOAD_KINDS,
  UPLOAD_LIMITS,
  fieldRequired,
  tooLargeMessages,
  type UploadKind,
} from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, uploadsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { spool } from '../../lib/multipart.js';
import { sniff } from '../../lib/sniff.js';
import { wirePath, wireSchema } from '../../lib/wire.js';

const LARGEST = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

/**
 * POST /uploads: multipart `file` and `kind`. The file's kind decides its
 * byte limit (413) and what its content must be (415); names are never
 * trusted. The file is spooled to a temporary file, its row committed, and
 * only then moved under DATA_DIR/uploads (served at /uploads/), so that a
 * failed write leaves no row and a failed insert leaves no file.
 */
const routes: FastifyPluginAsyncTypebox<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  app.post(
    wirePath(uploadsApi.create, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(uploadsApi.create), config: { wire: true } },
    async (request) => {
      const upload = await spool(request, {
        fileField: 'file',
        maxBytes: LARGEST + 1,
        tooLarge: [Messages.fileTooLarge],
      });
      try {
        const kind = upload.fields.kind;
        if (!kind) throw HttpError.validation({ kind: [fieldRequired('kind')] });
        if (!UPLOAD_KINDS.includes(kind as UploadKind))
          throw HttpError.validation({ kind: [`The kind must be one of ${UPLOAD_KINDS.join(', ')}.`] });
        const limit = UPLOAD_LIMITS[kind as UploadKind];
        const file = upload.file;
        if (file.size > limit.maxBytes) {
          const messages = tooLargeMessages(kind as UploadKind);
          throw new HttpError(413, messages[0]!, { file: messages });
        }
        const type = sniff(file.head);
        if (!type || !(limit.accepts as readonly string[]).includes(type.family)) {
          throw new HttpError(415, Messages.fileTypeNotAllowed, { file: [Messages.fileTypeNotAllowed] });
        }
        const relative = `${kind}/${randomBytes(12).toString('base64url')}.${type.ext}`;
        const name = file.name.replace(/[\\/\0]/g, '_').slice(0, 255) || `file.${type.ext}`;
        await app.uploads.insert({
          user_id: request.user.id,
          kind,
          name,
          path: relative,
          mime: type.mime,
          size: file.size,
        });
        try {
          await mkdir(join(uploadsDir, kind), { recursive: true });
          await copyFile(file.path, join(uploadsDir, relative));
        } catch (error) {
          await app.uploads.remove(relative);
          throw error;
        }
        return ok({ url: `/uploads/${relative}`, name, size: file.size });
      } finally {
        await upload.discard();
      }
    },
  );
};

export default routes;
