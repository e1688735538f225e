/** The bundle-size check's arithmetic (tests/tools/bundleBudget.ts): which files a route loads, and their sum. */
import { describe, expect, it } from 'vitest';
import { BUDGETS, routeFiles, totalBytes, type Manifest } from '../tools/bundleBudget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['pages/Login.tsx', 'pages/Console.tsx'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-2.js' },
  '_antd.js': { file: 'assets/antd-3.js', imports: ['_react.js'] },
  '_echarts.js': { file: 'assets/echarts-4.js' },
  'pages/Login.tsx': { file: 'assets/Login-5.js', imports: ['_antd.js'], css: ['assets/Login-5.css'] },
  'pages/Console.tsx': { file: 'assets/Console-6.js', imports: ['_antd.js'], dynamicImports: ['_echarts.js'] },
};
const sizes: Record<string, number> = {
  'assets/index-1.js': 100,
  'assets/index-1.css': 10,
  'assets/react-2.js': 50,
  'assets/antd-3.js': 70,
  'assets/echarts-4.js': 900,
  'assets/Login-5.js': 5,
  'assets/Login-5.css': 1,
  'assets/Console-6.js': 20,
};

describe('bundle budget', () => {
  it('counts the entry, the route modules and their static imports once each, with their CSS, not dynamic imports', () => {
    const login = routeFiles(manifest, ['pages/Login.tsx']);
    expect(login).toEqual(['assets/Login-5.css', 'assets/Login-5.js', 'assets/antd-3.js', 'assets/index-1.css', 'assets/index-1.js', 'assets/react-2.js']);
    expect(totalBytes(login, (f) => sizes[f])).toBe(236);
    // echarts is imported dynamically by the console: not part of its first load
    const consoleFiles = routeFiles(manifest, ['pages/Console.tsx']);
    expect(consoleFiles).not.toContain('assets/echarts-4.js');
    expect(totalBytes(consoleFiles, (f) => sizes[f])).toBe(250);
  });

  it('fails loudly on a module the manifest does not know (renamed or moved)', () => {
    expect(() => routeFiles(manifest, ['pages/Gone.tsx'])).toThrow(/pages\/Gone.tsx is not in the build manifest/);
    expect(() => routeFiles({ a: { file: 'a.js' } }, [])).toThrow(/no entry chunk/);
  });

  it('keeps each enforced budget at or above its target, and the targets of the issue', () => {
    const byRoute = Object.fromEntries(BUDGETS.map((b) => [b.route, b]));
    expect(byRoute['/login'].targetBytes).toBe(150 * 1024);
    expect(byRoute['/dashboard/console'].targetBytes).toBe(250 * 1024);
    for (const b of BUDGETS) expect(b.maxBytes).toBeGreaterThanOrEqual(b.targetBytes);
  });
});
