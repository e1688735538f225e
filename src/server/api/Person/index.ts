/**
 * API group `Person` (SPEC §7): the signed-in user's own info and settings. All need a session.
 *
 * - userInfo {} → UserInfo (allowed during -98)
 * - saveUserInfo {realname?, mobile?, email?, avatar?, gender? 0|1|2} → null, msg 保存成功
 * - changePassword {oldPassword, newPassword (SM2), isStrongPassword?} → null, msg 密码修改成功 (allowed during -98)
 * - saveLayout {layout: JSON string} → null, msg 布局已保存
 * - saveListSetting {key, setting: JSON string or JSON value ('' / null removes)} → null, msg 保存成功
 * - saveTabs {tabs: JSON string of OpenedTab[] (≤ 50)} → {tabs}, msg 保存成功
 * - smsSetting {} → {settings: {enabled, types}, setting: {kind: 0|1}};
 *   saveSmsSetting {setting: JSON string or object, {enabled, types} or {kind: 0|1}} → the same answer
 * - saveSignature {fileId} → {signature: fileId}, msg 手写签名已保存 (an image the caller uploaded, see
 *   services/signature.ts); deleteSignature {} → {signature: null}, msg 手写签名已删除
 */
import type { FastifyInstance } from 'fastify';
import { call, Ok } from '../../lib/route.js';
import { ApiError } from '../../lib/errors.js';
import { serviceCtx } from '../../services/context.js';
import {
  changePassword,
  MAX_SETTING_JSON,
  saveLayout,
  saveListSetting,
  saveProfile,
  saveSmsSetting,
  saveTabs,
  smsSetting,
  type ProfileInput,
} from '../../services/profile.js';
import { userInfoWithJson } from '../../services/userInfo.js';
import { deleteSignature, saveSignature } from '../../services/signature.js';
import { Code } from '../../../shared/codes.js';
import { cipher, flagProp, mailProp, mobileProp, need, text } from '../Login/common.js';

/** Encoded userInfo answers per cached UserInfo object and msg (one per locale). */
const answers = new WeakMap<object, Map<string, Buffer>>();

/** A setting: a JSON string (form or JSON body) or a JSON object / array (JSON body). */
const settingProp = { title: 'field.setting', type: ['string', 'object', 'array', 'null'], maxLength: MAX_SETTING_JSON };

const jsonText = (title: string) => ({ type: 'string', title, maxLength: MAX_SETTING_JSON });

/** Registers the Person calls on `app` (mounted under BASE_PATH). */
export function register(app: FastifyInstance): void {
  call(app, 'Person/userInfo', { duringPasswordChange: true }, async (req, reply) => {
    const cached = await userInfoWithJson(req.server.ctx.db, req.server.ctx.config, req.user.userId, req.user.deptId);
    if (!cached) throw new ApiError(req.t('error.sessionExpired'), Code.SESSION_EXPIRED);
    // The (large) user info is serialised once per cache entry and its answer kept as bytes per msg.
    reply.type('application/json; charset=utf-8');
    reply.serializer((payload: { code: number; msg: string; data: unknown }) => {
      if (payload?.data !== cached.info || payload.code !== 0) return JSON.stringify(payload);
      let bodies = answers.get(cached.info);
      if (!bodies) answers.set(cached.info, (bodies = new Map()));
      let body = bodies.get(payload.msg);
      if (!body) bodies.set(payload.msg, (body = Buffer.from(`{"code":0,"msg":${JSON.stringify(payload.msg)},"data":${cached.json}}`)));
      // Fastify writes a Buffer returned by a serializer as is (its typings only say string).
      return body as unknown as string;
    });
    return cached.info;
  });

  call<ProfileInput>(
    app,
    'Person/saveUserInfo',
    {
      body: {
        type: 'object',
        properties: {
          realname: text('field.realname', 50),
          mobile: mobileProp,
          email: mailProp('field.email'),
          avatar: text('field.avatar', 255),
          gender: { type: 'integer', title: 'field.gender', enum: [0, 1, 2] },
        },
      },
    },
    async (req) => {
      if (req.body.realname !== undefined) need(req, req.body, ['realname']);
      await saveProfile(serviceCtx(req), req.user.userId, req.body);
      return new Ok(null, req.t('person.saved'));
    },
  );

  call<{ oldPassword: string; newPassword: string }>(
    app,
    'Person/changePassword',
    {
      duringPasswordChange: true,
      body: {
        type: 'object',
        required: ['oldPassword', 'newPassword'],
        properties: {
          oldPassword: cipher('field.oldPassword'),
          newPassword: cipher('field.newPassword'),
          isStrongPassword: flagProp('field.isStrongPassword'),
        },
      },
    },
    async (req) => {
      need(req, req.body, ['oldPassword', 'newPassword']);
      const who = { userId: req.user.userId, username: req.user.username, sessionId: req.user.sessionId };
      await changePassword(serviceCtx(req), who, req.body.oldPassword, req.body.newPassword);
      return new Ok(null, req.t('password.changed'));
    },
  );

  call<{ layout: string }>(
    app,
    'Person/saveLayout',
    { body: { type: 'object', required: ['layout'], properties: { layout: jsonText('field.layout') } } },
    async (req) => {
      need(req, req.body, ['layout']);
      await saveLayout(serviceCtx(req), req.user.userId, req.body.layout);
      return new Ok(null, req.t('person.layoutSaved'));
    },
  );

  call<{ key: string; setting: unknown }>(
    app,
    'Person/saveListSetting',
    {
      body: {
        type: 'object',
        required: ['key', 'setting'],
        properties: { key: text('field.key', 100), setting: settingProp },
      },
    },
    async (req) => {
      need(req, req.body, ['key']);
      await saveListSetting(serviceCtx(req), req.user.userId, req.body.key.trim(), req.body.setting);
      return new Ok(null, req.t('person.saved'));
    },
  );

  call<{ tabs: string }>(
    app,
    'Person/saveTabs',
    { body: { type: 'object', required: ['tabs'], properties: { tabs: jsonText('field.tabs') } } },
    async (req) => {
      need(req, req.body, ['tabs']);
      const tabs = await saveTabs(serviceCtx(req), req.user.userId, req.body.tabs);
      return new Ok({ tabs }, req.t('person.saved'));
    },
  );

  call(app, 'Person/smsSetting', {}, async (req) => smsSetting(serviceCtx(req), req.user.userId));

  call<{ setting: unknown }>(
    app,
    'Person/saveSmsSetting',
    { body: { type: 'object', required: ['setting'], properties: { setting: settingProp } } },
    async (req) => {
      need(req, req.body, ['setting']);
      const answer = await saveSmsSetting(serviceCtx(req), req.user.userId, req.body.setting);
      return new Ok(answer, req.t('person.saved'));
    },
  );

  // fileId: an uploaded image (File/upload), checked by saveSignature
  call<{ fileId?: unknown }>(app, 'Person/saveSignature', { body: { type: 'object', properties: { fileId: { title: 'field.fileId' } } } }, async (req) => {
    const signature = await saveSignature(req.server.ctx.db, req.t.bind(req), req.user.userId, req.body.fileId);
    return new Ok({ signature }, req.t('person.signatureSaved'));
  });

  call(app, 'Person/deleteSignature', {}, async (req) => {
    await deleteSignature(req.server.ctx.db, req.user.userId);
    return new Ok({ signature: null }, req.t('person.signatureDeleted'));
  });
}
