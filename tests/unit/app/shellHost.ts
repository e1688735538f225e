/**
 * The shell's tests run the engine code the shell embeds (work lists of the console, reminders) with the shell's
 * own engine host, as main.tsx installs it: their mocks of src/app modules (http, router) then answer for it too.
 */
import { provideHost } from '../../../engine/host';
import { shellHost } from '@app/services/engineHost';

provideHost(shellHost);
