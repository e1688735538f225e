/**
 * The handwritten signature (手写签名) of a person ("opinion box … handwritten-signature image
 * optional"): an image the person uploaded through File/upload, kept as `users.signature_file_id`
 * (migration 0011). UserInfo carries it as `signature`; an approval action sent with `signature: true`
 * stores it on the action's events (flow_events.detail.signature) so the flow log shows it under the
 * opinion. Refusals are -1 naming the field (`fileId` when saving, `signature` when acting).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { badInput } from '../lib/errors.js';
import type { Translate } from './context.js';
import { formatSize } from './files.js';
import { invalidateUserInfo } from './userInfo.js';

/** Largest signature image, bytes (512 KB). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

/** Image types a signature may have (the type File/upload determined). */
export const SIGNATURE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/** An attachment id as File/upload makes them (16 random bytes, base64url). */
const FILE_ID = /^[A-Za-z0-9_-]{16,32}$/;

/**
 * Makes attachment `fileId` the signature of `userId`. -1 naming `fileId` unless it is an attachment
 * that person uploaded, a PNG or JPEG of at most SIGNATURE_MAX_BYTES. Answers the id.
 */
export async function saveSignature(db: Kysely<DB>, t: Translate, userId: number, fileId: unknown): Promise<string> {
  const field = 'fileId';
  if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) throw badInput(t('error.badParam', { field }));
  await db.transaction().execute(async (trx) => {
    const file = await trx.selectFrom('attachments').select(['id', 'type', 'size', 'uploader_id']).where('id', '=', fileId).executeTakeFirst();
    if (!file || file.uploader_id !== userId) throw badInput(t('person.signatureNotYours', { field }));
    if (!SIGNATURE_TYPES.includes(file.type)) throw badInput(t('person.signatureType', { field }));
    if (Number(file.size) > SIGNATURE_MAX_BYTES) throw badInput(t('person.signatureTooLarge', { field, limit: formatSize(SIGNATURE_MAX_BYTES) }));
    await trx.updateTable('users').set({ signature_file_id: fileId }).where('id', '=', userId).execute();
  });
  invalidateUserInfo(db, userId);
  return fileId;
}

/** Removes the signature of `userId` (the uploaded file stays: past flow events still show it). */
export async function deleteSignature(db: Kysely<DB>, userId: number): Promise<void> {
  await db.transaction().execute((trx) => trx.updateTable('users').set({ signature_file_id: null }).where('id', '=', userId).execute());
  invalidateUserInfo(db, userId);
}

/** The signature file id of `userId` for an approval action; -1 naming `signature` when none is set. */
export async function signatureForAction(db: Kysely<DB>, t: Translate, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('signature_file_id').where('id', '=', userId).executeTakeFirst();
  if (!row?.signature_file_id) throw badInput(t('person.signatureMissing', { field: 'signature' }));
  return row.signature_file_id;
}
