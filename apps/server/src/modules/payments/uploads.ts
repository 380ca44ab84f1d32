import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@portal/shared/wallet';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export interface UploadedImage {
  contentType: (typeof UPLOAD_TYPES)[number];
  data: Buffer;
}

/**
 * Checks a member's image by its content, not by the name or type the browser claimed: only real png and jpg files
 * of at most 5 MB pass.
 */
export async function checkImage(data: Buffer, truncated: boolean): Promise<UploadedImage> {
  if (truncated || data.length === 0 || data.length > UPLOAD_MAX_BYTES) throw new AppError(400, 'UPLOAD_INVALID');
  const detected = await fileTypeFromBuffer(data);
  const contentType = UPLOAD_TYPES.find((type) => type === detected?.mime);
  if (!contentType) throw new AppError(400, 'UPLOAD_INVALID');
  return { contentType, data };
}

export async function storeImage(
  trx: Transaction<Database>,
  memberId: string,
  purpose: 'deposit_receipt' | 'withdrawal_proof',
  image: UploadedImage,
): Promise<string> {
  const row = await trx
    .insertInto('uploads')
    .values({
      member_id: memberId,
      purpose,
      content_type: image.contentType,
      size_bytes: image.data.length,
      sha256: createHash('sha256').update(image.data).digest('hex'),
      data: image.data,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The images members uploaded (deposit receipts, withdrawal proofs), as the operator opens them. */
export class Uploads {
  constructor(private readonly db: Kysely<Database>) {}

  async get(id: string): Promise<{ contentType: string; data: Buffer } | null> {
    const upload = await this.db
      .selectFrom('uploads')
      .select(['content_type', 'data'])
      .where('id', '=', id)
      .executeTakeFirst();
    return upload ? { contentType: upload.content_type, data: Buffer.from(upload.data) } : null;
  }
}
