/**
 * The submit of a work-list dialog (./dialogs.tsx UrgeDialog, the row dialogs areas register): `busy` while the
 * action runs; when it succeeds (and does not answer false, e.g. a form that is not valid yet) the dialog closes and
 * `onDone` reloads the list; a refusal (shown by the HTTP layer) keeps the dialog open with what was typed.
 */
import { useCallback, useState } from 'react';

/** `run(action)` as above, with `busy` for the OK button. */
export function useDialogSubmit(onClose: () => void, onDone: () => void): { busy: boolean; run: (action: () => Promise<boolean | void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<boolean | void>) => {
      setBusy(true);
      try {
        if ((await action()) === false) return;
        onClose();
        onDone();
      } catch {
        /* the HTTP layer has shown the refusal */
      } finally {
        setBusy(false);
      }
    },
    [onClose, onDone],
  );
  return { busy, run };
}
