import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface UploadRow {
  user_id: number;
  kind: string;
  name: string;
  /** Under DATA_DIR/uploads, e.g. `image/abc.png`. */
  path: string;
  mime: string;
  size: number;
}

/** The record of every uploaded file (who, what, where). */
export interface UploadsRepository {
  insert(row: UploadRow): Promise<void>;
  remove(path: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsRepository;
  }
}

export default fp(
  async function uploadsRepository(app: FastifyInstance) {
    app.decorate('uploads', {
      async insert(row) {
        await app.db.insertInto('uploads').values(row).execute();
      },
      async remove(path) {
        await app.db.deleteFrom('uploads').where('path', '=', path).execute();
      },
    } satisfies UploadsRepository);
  },
  { name: 'uploads-repository' },
);
