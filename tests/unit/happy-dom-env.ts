/**
 * The DOM of the component tests: vitest's happy-dom environment, except that the window stays in place when a
 * test file ends. React hands its last work (passive effects of a final commit, antd motion and toast timers) to
 * `setImmediate` and timers; when that work ran after vitest had removed `window`, it failed with "window is not
 * defined" in a file whose tests had all passed (seen in CI). The `forks` pool runs every test file in its own
 * child process (vitest `isolate`, the default), so a window left until that process ends touches no other file.
 * The `unit-dom` project of vite.config.ts uses it for every component test.
 */
import { builtinEnvironments, type Environment } from 'vitest/environments';

const happyDom = builtinEnvironments['happy-dom'];

export default {
  ...happyDom,
  name: 'happy-dom-lasting',
  async setup(global, options) {
    await happyDom.setup(global, options);
    return {
      async teardown() {
        // Kept on purpose (see the module comment): the child process of this file ends soon after.
      },
    };
  },
} satisfies Environment;
