/**
 * Menu icons (engine/schema/menuIcons.ts): an area naming an icon the shell does not ship is a lint error naming the
 * icon and the allowed ones (it would silently show a file icon); the shell's own sections use shipped icons.
 */
import { describe, expect, it } from 'vitest';
import { lintArea } from '../../../engine/schema/lintArea';
import { MENU_ICONS } from '../../../engine/schema/menuIcons';
import type { Ctx } from '../../../engine/schema/lintContext';
import type { AreaDef } from '../../../engine/schema/types';
import { SHELL_SECTIONS, TOP_ROUTES } from '../../../src/shared/routes';

function lintIcon(icon: string) {
  const issues: { path: string; message: string }[] = [];
  const ctx = {
    file: 'area.json',
    add: (_f: string, path: string, message: string) => issues.push({ path, message }),
    opts: {},
    permissions: new Set(),
    routes: null,
  } as unknown as Ctx;
  const def = {
    kind: 'area',
    id: 'fleet',
    title: { t: 'fleet.title', d: '车队' },
    section: { path: '/fleet', icon, order: 500 },
    routes: [],
    permissions: [],
  } as unknown as AreaDef;
  lintArea(ctx, def);
  return issues;
}

describe('menu icons of an area', () => {
  it('refuses an icon the shell does not ship, naming it and the allowed ones', () => {
    const [issue, ...more] = lintIcon('RocketOutlined');
    expect(more).toEqual([]);
    expect(issue.path).toBe('/section/icon');
    expect(issue.message).toMatch(/^unknown menu icon "RocketOutlined" \(one of: .*CarOutlined.*\)$/);
  });

  it('accepts the icons the planned areas need', () => {
    for (const icon of [
      'CarOutlined',
      'CalendarOutlined',
      'TeamOutlined',
      'MailOutlined',
      'NotificationOutlined',
      'BankOutlined',
      'SafetyOutlined',
      'AuditOutlined',
      'ScheduleOutlined',
      'FileSearchOutlined',
      'FolderOutlined',
      'AccountBookOutlined',
      'SolutionOutlined',
      'IdcardOutlined',
      'PrinterOutlined',
    ]) {
      expect(lintIcon(icon), icon).toEqual([]);
    }
  });

  it('the shell’s own sections use shipped icons', () => {
    for (const r of [...SHELL_SECTIONS, ...TOP_ROUTES]) if (r.icon) expect(MENU_ICONS, r.path).toContain(r.icon);
  });
});
