/**
 * What the approval runtime (./runtime.ts) tells people: the machine's refusals as -1 in the caller's language and
 * the reminders (messages) of the machine's notify effects.
 */
import { FlowError, type Effects } from '../../../../engine/flow/index.js';
import type { Locale } from '../../../shared/constants.js';
import { translate } from '../../i18n/index.js';
import { ApiError, badInput } from '../../lib/errors.js';
import { MESSAGE_TYPES, type NewMessages } from '../../services/messages.js';

/** The machine's message of `e` in `locale` (server catalogue `flow.*`, else the machine's zh-CN text). */
export function refusal(e: FlowError, locale: Locale): ApiError {
  const text = translate(locale, e.key, e.params);
  return badInput(text && text !== e.key ? text : e.message);
}

/** Message kind of each notify effect of the machine (services/messages.ts MESSAGE_TYPES). */
const NOTICE_TYPE = {
  task: MESSAGE_TYPES.TASK,
  return: MESSAGE_TYPES.RETURN,
  urge: MESSAGE_TYPES.URGE,
  cc: MESSAGE_TYPES.CC,
  cancelled: MESSAGE_TYPES.RETURN,
} as const;

/**
 * The reminders of `effects.notify` (SPEC §4 "Reminders": each task, return, urge, cc, finished flow and task cancelled by another's return) as
 * messages of instance `row`: the title says what happened (zh-CN, the server's language of record), the
 * target is the affair or the document approval page (SPEC §4 "Reminder target by kind").
 */
export function reminders(row: { id: number; title: string; entity: string | null }, effects: Effects, actor: number | null): NewMessages[] {
  const target = row.entity?.startsWith('affair.') ? { affairId: row.id } : { flowId: row.id };
  return effects.notify
    .filter((n) => n.to.length)
    .map((n) => {
      const type = n.kind === 'finished' ? (n.result === 'rejected' ? MESSAGE_TYPES.REJECTED : MESSAGE_TYPES.FINISHED) : NOTICE_TYPE[n.kind];
      const what = n.kind === 'finished' ? (n.result ?? 'finished') : n.kind;
      return {
        userIds: n.to.filter((u) => u !== actor),
        type,
        title: translate('zh-CN', `flow.notice.${what}`, { title: row.title }),
        fromUserId: actor,
        ...target,
      };
    })
    .filter((m) => m.userIds.length);
}
