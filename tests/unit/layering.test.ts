/**
 * The layering rules of tests/lint/eslint.config.js, run through ESLint's Node API on small in-memory files placed
 * where they would live: the engine may not import the shell (it has engine/host.ts), the pure engine folders may not
 * import React or Node, the server may not import browser code, and an area's client may not import its server side.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { ROOT } from './schema/helpers';

const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: 'tests/lint/eslint.config.js' });

/** The layering problems ESLint reports for `code` saved as repository file `file`: the refused import sources. */
async function refused(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => /'([^']+)' import/.exec(m.message)?.[1] ?? m.message);
}

describe('layering rules', () => {
  // loading the config (typescript-eslint included) takes seconds on a busy machine; once per file
  beforeAll(() => eslint.calculateConfigForFile(join(ROOT, 'engine/host.ts')), 60_000);

  it('refuses an engine renderer importing the shell, by path or alias, and lets it use the host', async () => {
    const code = [
      "import { post } from '../../src/app/services/http';",
      "import { userAtom } from '@app/stores/user';",
      "import { host } from '../host';",
      'export const x = [post, userAtom, host];',
    ].join('\n');
    expect(await refused('engine/renderers/Sample.tsx', code)).toEqual(['../../src/app/services/http', '@app/stores/user']);
  });

  it('refuses the shell to designer and widgets too, at any depth', async () => {
    expect(await refused('designer/form/pages/Sample.ts', "import { toast } from '../../../src/app/services/feedback';\nexport const x = toast;")).toEqual([
      '../../../src/app/services/feedback',
    ]);
    expect(await refused('widgets/Sample.tsx', "import type { UserInfo } from '../src/app/stores/user';\nexport type X = UserInfo;")).toEqual([
      '../src/app/stores/user',
    ]);
  });

  it('keeps engine/flow free of React, antd and Node built-ins', async () => {
    const code = [
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import React from 'react';",
      "import { Button } from 'antd';",
      'export const x = [fs, path, React, Button];',
    ];
    expect(await refused('engine/flow/Sample.ts', code.join('\n'))).toEqual(['node:fs', 'path', 'react', 'antd']);
  });

  it('refuses browser code to the server but not its own app.ts or the shared locale files', async () => {
    const code = [
      "import { buildApp } from '../app';",
      "import zh from '../../app/locales/zh-CN/route.json';",
      "import { userAtom } from '../../app/stores/user';",
      "import { OrgPicker } from '../../../widgets/OrgPicker';",
      'export const x = [buildApp, zh, userAtom, OrgPicker];',
    ];
    expect(await refused('src/server/api/Sample.ts', code.join('\n'))).toEqual(['../../app/stores/user', '../../../widgets/OrgPicker']);
  });

  it("refuses an area's client its own and another area's server side", async () => {
    const code = [
      "import { a } from '../server/service';",
      "import { b } from '../../other/server/service';",
      "import { c } from '../shared/types';",
      'export const x = [a, b, c];',
    ];
    expect(await refused('src/areas/sample/client/Page.tsx', code.join('\n'))).toEqual(['../server/service', '../../other/server/service']);
  });
});
