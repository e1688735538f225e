/**
 * API group `Users` (SPEC §7 "Users and groups"): the organisation's people as the entity
 * `organization.user` (storage custom, services/orgUsers.ts) with the generic resource contract, plus:
 * - Users/add: body `password` = the initial password SM2-encrypted like Login (services/transport.ts),
 *   strong (≥ 8, upper, lower, digit); without it a strong one is generated and answered once as
 *   `_initialPassword` (never stored in clear, never audited)
 * - Users/save {id?, …} = edit when `id`, else add
 * - Users/disabled {id, status: 0|1} → the record (a disabled user's sessions end at once)
 * - Users/move {ids, deptId} → {moved}: makes `deptId` the primary department of each user
 * - Users/getPositions, getRoles, getRanks, getPersonCategory → [{id, name, …}]
 * - Users/getDepartmentSelect {openOnly?} → the department tree (DeptNode[] with value/title)
 * - Users/export (list params, template?) → .xlsx; Users/import (multipart `file`) → {imported, errors, passwords}
 * - getUsers, getOffices, banUserList, moveUser, importList, getUnionid and the directory-sync calls: ./lookups.ts
 * Access: ./access.ts (administrators write; security and unit administrators read).
 */
import type { FastifyInstance } from 'fastify';
import { call, Ok } from '../../../../../server/lib/route.js';
import { badInput } from '../../../../../server/lib/errors.js';
import { newUuid, now } from '../../../../../server/lib/clock.js';
import { serviceCtx } from '../../../../../server/services/context.js';
import { decryptPassword } from '../../../../../server/services/transport.js';
import { hashPassword, passwordIsStrong } from '../../../../../server/services/password.js';
import { deptTree } from '../../services/orgDepartments.js';
import { userResource } from '../../services/orgUsers.js';
import type { OrgService } from '../../../../../server/services/orgCrud.js';
import { disableUser, generatePassword, moveUsers } from '../../services/orgUserOps.js';
import { exportUsers, importUsers, USER_IMPORT_MAX_BYTES } from '../../services/orgTransfer.js';
import { ApiError } from '../../../../../server/lib/errors.js';
import { attachmentDisposition, XLSX_TYPE } from '../../../../../server/engine/transfer.js';
import { body, flag, id, idList, LIST_BODY, optId, recordBody, str } from '../../../../../server/lib/bodies.js';
import { bodyOf, orgCaller, orgWriter, registerResource } from './access.js';
import { registerUserLookups } from './lookups.js';
import { registerClearance } from './clearance.js';

/** Registers the Users calls. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const addUser = (svc: OrgService) => async (req: any) => {
    const c = await orgCaller(req);
    svc.mustWrite(c);
    const body = bodyOf(req);
    let plain: string;
    let generated = false;
    if (body.password !== undefined && body.password !== null && body.password !== '') {
      plain = await decryptPassword(serviceCtx(req), String(body.password));
      if (!passwordIsStrong(plain)) throw badInput(req.t('org.weakPassword'));
    } else {
      plain = generatePassword();
      generated = true;
    }
    svc.fields(c, body); // refuse unknown fields before hashing
    const t = now();
    const rec = await svc.add(c, body, {
      uuid: newUuid(),
      password_hash: await hashPassword(plain),
      password_changed_at: t,
      password_initial: 1,
      current_dept_id: body.dept ?? null,
    });
    if (!generated) return rec;
    const notice = req.t('org.initialPassword', { password: plain });
    return new Ok({ ...rec, _initialPassword: plain, _notice: { text: notice, copy: plain } }, notice);
  };
  const password = { password: str('field.password', 4096) };
  const svc = registerResource(app, 'Users', userResource, addUser, password);
  const guard = orgCaller;
  call<Record<string, unknown>>(app, 'Users/save', { guard, body: recordBody(password) }, async (req) => {
    const b = bodyOf(req);
    return b.id === undefined || b.id === null || b.id === '' ? addUser(svc)(req) : svc.edit(await orgCaller(req), b);
  });
  call<{ id: number; status: number | string }>(
    app,
    'Users/disabled',
    { guard: orgWriter(svc), body: body({ id: id(), status: { enum: [0, 1, '0', '1'], title: 'field.status' } }, ['id', 'status']) },
    async (req) => disableUser(db, app.ctx.dialect, svc, await orgCaller(req), req.body),
  );
  call<{ id?: number; ids?: number[] | string; deptId: number }>(
    app,
    'Users/move',
    { guard: orgWriter(svc), body: body({ id: optId(), ids: idList(), deptId: id('field.departmentId') }, ['deptId']) },
    async (req) => moveUsers(db, app.ctx.dialect, svc, await orgCaller(req), req.body),
  );
  const lookup = (name: string, fn: () => Promise<unknown>) => call(app, `Users/${name}`, { guard }, async () => fn());
  lookup('getPositions', () => db.selectFrom('positions').select(['id', 'name', 'level', 'sort']).orderBy('sort').orderBy('id').execute());
  lookup('getRoles', () =>
    db.selectFrom('roles').select(['id', 'code', 'name', 'builtin', 'exclusive_group', 'status']).orderBy('sort').orderBy('id').execute(),
  );
  lookup('getRanks', () => db.selectFrom('ranks').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute());
  lookup('getPersonCategory', () => db.selectFrom('person_categories').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute());
  call<{ openOnly?: unknown }>(app, 'Users/getDepartmentSelect', { guard, body: body({ openOnly: flag('field.openOnly') }) }, async (req) => {
    const b = req.body;
    return deptTree(db, b.openOnly === true || b.openOnly === 1 || b.openOnly === '1');
  });
  // The answer is the .xlsx itself (errors still come in the envelope).
  const exportBody = { ...LIST_BODY, properties: { ...LIST_BODY.properties, template: flag('field.template') } };
  call<Record<string, unknown>>(app, 'Users/export', { guard, body: exportBody }, async (req, reply) => {
    const file = await exportUsers(db, svc, await orgCaller(req), req.body);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'private, no-store')
      .send(file.buffer);
  });
  registerUserLookups(app, svc);
  registerClearance(app);
  call(app, 'Users/import', { guard, multipart: true, body: body({ file: { title: 'field.file' } }) }, async (req) => {
    const c = await orgCaller(req);
    svc.mustAdmin(c);
    if (!req.isMultipart()) throw new ApiError(req.t('entity.importNoFile'));
    let file: Buffer | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') file = await part.toBuffer();
      }
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ApiError(req.t('entity.importTooLarge', { limit: USER_IMPORT_MAX_BYTES / 1024 / 1024 }));
      throw new ApiError(req.t('entity.importNoFile'));
    }
    if (!file) throw new ApiError(req.t('entity.importNoFile'));
    return importUsers(db, svc, c, file);
  });
}
