/**
 * Toasts usable outside React (http layer, auth). The app registers antd's context-aware message API
 * from `App.useApp()`; before that the static API is used. Errors show for 3 s (SPEC §9).
 */
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { ERROR_TOAST_SECONDS } from '@shared/constants';

let api: MessageInstance | null = null;

/** Registers the context-aware message instance (called once by the app root). */
export function setMessageApi(instance: MessageInstance | null): void {
  api = instance;
}

const m = (): Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info'> => api ?? staticMessage;

/** Toasts, with the SPEC §9 duration for errors. */
export const toast = {
  error: (text: string) => void m().error(text, ERROR_TOAST_SECONDS),
  warning: (text: string) => void m().warning(text, ERROR_TOAST_SECONDS),
  success: (text: string) => void m().success(text, 2),
  info: (text: string) => void m().info(text, 2),
};
