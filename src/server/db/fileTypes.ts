/**
 * Kysely table types of migration 0003: uploaded files, the selector's recent picks, and groups of people; ./types.ts
 * adds them to `DB`. Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** An uploaded file (migration 0003): content stored once per sha256 under DATA_DIR/files. */
export interface AttachmentTable {
  /** Random 128-bit URL-safe id (File/download {id}). */
  id: string;
  /** Hex SHA-256 of the content; names the stored file. */
  sha256: string;
  /** Sanitised original file name (at most 200 characters). */
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type determined by the server (magic bytes + extension allow-list). */
  type: string;
  uploader_id: number | null;
  created_at: number;
}

/** People a user picked lately in the selector (migration 0003); the service keeps the newest 20. */
export interface SelectorRecentTable {
  user_id: number;
  picked_id: number;
  used_at: number;
}

/** A named group of people (migration 0003; SPEC §7 groups/*, selector/groups). */
export interface UserGroupTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  /** 1 public (everyone sees it), 0 personal (the owner only). */
  is_public: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A member of a group, in `sort` order. */
export interface UserGroupMemberTable {
  group_id: number;
  user_id: number;
  sort: number;
}
