/**
 * Handles the envelope of a login call (SPEC §4, §8): 0 → session stored and redirect; -98 → session
 * stored, personal settings (password tab) with the msg; -1 → the msg, and whether a captcha is needed.
 */
import type { Envelope } from '@shared/codes';
import { Code } from '@shared/codes';
import type { LoginResult } from '@shared/types';
import { completeLogin } from '../../services/auth';
import { toast } from '../../services/feedback';

/** Result for the form: signed in, or failed (with the captcha flag of the answer). */
export type LoginOutcome = { ok: true } | { ok: false; needCaptcha: boolean };

/** Applies a login answer. */
export function handleLoginAnswer(env: Envelope<Partial<LoginResult> & { needCaptcha?: boolean }>, redirect: string | null): LoginOutcome {
  const data = env.data;
  if ((env.code === Code.OK || env.code === Code.PASSWORD_CHANGE_REQUIRED) && data?.token && data.info) {
    void completeLogin(data as LoginResult, { code: env.code, msg: env.msg, redirect });
    return { ok: true };
  }
  if (env.msg) toast.error(env.msg);
  return { ok: false, needCaptcha: !!data?.needCaptcha };
}
