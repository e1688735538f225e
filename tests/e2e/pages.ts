/**
 * Page objects of the shell: the login page and the signed-in shell — header, user menu,
 * tabs, layouts. Tests speak in these terms, never in selectors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo@2026';

/** Where screenshots that a person looks at are kept (a test artifact, not committed). */
export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Saves a full-page screenshot as tests/e2e/artifacts/<name>.png. */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`login${query}`);
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }

  /** Signs in with the account form and waits for the console (or the redirect target). */
  async login(username: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.getByTestId('login-username').fill(username);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
    await expect(this.page.getByTestId('shell')).toBeVisible();
  }
}

export class Shell {
  constructor(private readonly page: Page) {}

  get tabs(): Locator {
    return this.page.getByTestId('tab-item');
  }

  /** Labels of the open tabs, in order. */
  async tabLabels(): Promise<string[]> {
    return (await this.tabs.allInnerTexts()).map((s) => s.trim());
  }

  /** Opens the user menu and clicks one of its items by test id. */
  async userMenu(item: string): Promise<void> {
    await this.page.getByTestId('user-menu-trigger').click();
    await this.page.getByTestId(item).click();
  }

  /** Opens a submenu of the user menu (layout, switch department) and waits for it to show. */
  private async userSubmenu(title: string, firstItem: Locator): Promise<void> {
    await this.page.getByTestId('user-menu-trigger').click();
    // The dropdown zooms in: a hover during the animation can land on a neighbour, so hover until open.
    await expect(async () => {
      await this.page.getByTestId(title).hover();
      await expect(firstItem).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }

  /** Chooses a menu layout (mix, mix2, top, left) from the user menu. */
  async chooseLayoutFromUserMenu(mode: 'mix' | 'mix2' | 'top' | 'left'): Promise<void> {
    const item = this.page.getByTestId(`user-menu-layout-${mode}`);
    await this.userSubmenu('user-menu-layout', item);
    await item.click();
  }

  /** Chooses a menu layout in the layout drawer (the gear of the header), then closes the drawer. */
  async chooseLayout(mode: 'mix' | 'mix2' | 'top' | 'left'): Promise<void> {
    await this.page.getByTestId('layout-drawer-trigger').click();
    await this.page.getByTestId(`layout-option-${mode}`).click();
    // The option's tooltip can cover the close button while the pointer rests on the option: move away first.
    await this.page.mouse.move(0, 0);
    await this.page.locator('.ant-drawer-close').click();
    await expect(this.page.getByTestId('layout-drawer')).toBeHidden();
  }

  /** Opens a page through the address bar inside the app (client-side, as a menu click does). */
  async open(pathname: string): Promise<void> {
    await this.page.evaluate((p) => {
      const base = (window as unknown as { __BASE_PATH__?: string }).__BASE_PATH__ ?? '/';
      window.history.pushState({}, '', base.replace(/\/$/, '') + p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, pathname);
  }

  /** Opens a page of the shell and waits until its tab is the active one. */
  async openTab(pathname: string): Promise<void> {
    await this.open(pathname);
    await expect(this.page.locator('[data-testid="tab-item"][data-active="true"]')).toHaveAttribute('data-path', pathname);
  }

  /** Runs an action of the tab strip's action menu (closeOthers, closeAll, closeLeft, closeRight, refresh). */
  async tabAction(action: string): Promise<void> {
    await this.page.getByTestId('tab-actions-trigger').click();
    await this.page.getByTestId(`tab-action-${action}`).click();
  }

  async switchLanguage(locale: 'zh-CN' | 'en-US'): Promise<void> {
    await this.page.getByTestId('lang-switch').click();
    await this.page.getByTestId(`lang-${locale}`).click();
  }

  /** Switches to another department of the user (by its title) and waits for the reload. */
  async switchDepartment(title: string): Promise<void> {
    const item = this.page.locator('[data-testid^="dept-switch-"]', { hasText: title }).first();
    // antd's hover submenus can close under a synthetic pointer; retry until the server's answer shows.
    await expect(async () => {
      await this.page.keyboard.press('Escape');
      await this.userSubmenu('user-menu-switch-dept', item);
      await item.click({ timeout: 2000 });
      await expect(this.page.locator('.ant-message-notice').filter({ hasText: `已切换到${title}` })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
  }

  async logout(): Promise<void> {
    await this.userMenu('user-menu-logout');
    await this.page.getByTestId('logout-confirm-ok').click();
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }
}

/**
 * A list page rendered by the page engine (engine/renderers/ListPage.tsx): filters, toolbar,
 * rows and their actions, the record drawer and the confirmations.
 */
export class EngineListPage {
  constructor(private readonly page: Page) {}

  /** The list card shown now (its title is the page definition's title); kept-alive tabs hold hidden ones. */
  get root(): Locator {
    return this.page.getByTestId('list-page').filter({ visible: true });
  }

  get title(): Locator {
    return this.root.getByTestId('list-title');
  }

  /** Data rows of the table (not the placeholder row of an empty table). */
  get rows(): Locator {
    return this.root.locator('[data-testid="list-table"] tbody tr.ant-table-row');
  }

  /** The row showing `text`. */
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** Column headers as shown. */
  async headers(): Promise<string[]> {
    return (await this.root.locator('[data-testid="list-table"] thead th').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
  }

  /** Searches by keyword (the `$keyword` filter) and waits for the table to settle. */
  async search(keyword: string): Promise<void> {
    const box = this.root.getByTestId('list-keyword').locator('input').or(this.root.locator('input#flt_keyword')).first();
    await box.fill(keyword);
    await this.root.getByTestId('list-search').click();
    await expect(this.root.locator('[data-testid="list-table"] .ant-spin-spinning')).toHaveCount(0);
  }

  /** Clicks a toolbar button by its action id (act_add, act_export, act_import…). */
  async toolbar(actionId: string): Promise<void> {
    await this.root.getByTestId(`list-toolbar-${actionId}`).click();
  }

  /** Clicks a row action (by action id) of the row showing `text`. */
  async rowAction(text: string, actionId: string): Promise<void> {
    const inline = this.row(text).getByTestId(`row-action-${actionId}`);
    if (await inline.count()) return inline.click();
    await this.row(text).getByTestId('row-actions-more').hover();
    await this.page.locator('.ant-dropdown:visible').getByTestId(`row-action-${actionId}`).click();
  }

  /** Accepts the open confirmation bubble. */
  async confirm(): Promise<void> {
    await this.page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  }

  /** The open add / edit / view drawer. */
  get drawer(): Locator {
    return this.page.locator('.oa-record-drawer .ant-drawer-section, .oa-record-drawer .ant-drawer-content').first();
  }

  /** Waits until the drawer has closed. */
  async drawerClosed(): Promise<void> {
    await expect(this.page.locator('.oa-record-drawer .ant-drawer-content:visible, .oa-record-drawer .ant-drawer-section:visible')).toHaveCount(0);
  }
}

/**
 * The reception form (schemas/receptions/pages/reception.form.page.json) as rendered by the form page kind
 * in a drawer: fields found by their labels.
 */
export class ReceptionForm {
  constructor(
    private readonly page: Page,
    private readonly scope: Locator,
  ) {}

  /** A text, number or text-area field by its label. */
  async fill(label: string, value: string): Promise<void> {
    const field = this.scope.getByLabel(label, { exact: true });
    await field.fill(value);
  }

  /** A date field by its label ('YYYY-MM-DD'). */
  async date(label: string, value: string): Promise<void> {
    const field = this.scope.getByLabel(label, { exact: true });
    await field.click();
    await field.fill(value);
    await field.press('Enter');
  }

  /**
   * A searchable select (department, person, role…) by its label: types `name`, picks the first option showing it;
   * with `exact`, the first option that is `name` itself, or `name` with its department in brackets (孙丽, not 孙丽华).
   */
  async pick(label: string, name: string, { exact = false }: { exact?: boolean } = {}): Promise<void> {
    const box = this.scope.getByLabel(label, { exact: true });
    const select = box.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
    await box.click();
    await box.fill(name);
    // The option of THIS select's dropdown (its listbox is `aria-controls`): another select's dropdown may
    // still be fading out after Escape and show the same name.
    const list = await box.getAttribute('aria-controls');
    const dropdown = list ? this.page.locator(`.ant-select-dropdown:has([id="${list}"])`) : this.page.locator('.ant-select-dropdown:visible');
    const shows = exact ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*[(（].*)?$`) : name;
    const option = dropdown.locator('.ant-select-item-option', { hasText: shows }).first();
    await expect(option).toBeVisible();
    // Another select's dropdown still sliding away (antd's leave motion) may lie over this option and take the
    // click: wait until no dropdown is leaving, and until this one has finished opening.
    await expect(
      this.page.locator('.ant-select-dropdown[class*="-leave"], .ant-select-dropdown[class*="-appear"], .ant-select-dropdown[class*="-enter"]'),
    ).toHaveCount(0);
    await option.click();
    await expect(select).toContainText(name);
  }

  /** Saves the form (the primary button of the form). */
  async submit(): Promise<void> {
    await this.scope.getByTestId('form-submit').or(this.scope.locator('button[type="submit"]')).first().click();
  }
}

/** The approval page of a flow instance (engine/renderers/ApprovalPage.tsx). */
export class ApprovalPageObject {
  constructor(private readonly page: Page) {}

  get status(): Locator {
    return this.page.getByTestId('approval-status');
  }

  get log(): Locator {
    return this.page.getByTestId('approval-log');
  }

  /** The steps where the flow stands now, with the people holding them ("会签：周杰、…"). */
  get current(): Locator {
    return this.page.getByTestId('approval-current');
  }

  /** The business form (fields by their labels, pickers as on the reception form). */
  get form(): ReceptionForm {
    return new ReceptionForm(this.page, this.page.getByTestId('approval-form'));
  }

  /** A field of the business form by its label (read it with toHaveValue / toBeDisabled). */
  field(label: string): Locator {
    return this.page.getByTestId('approval-form').getByLabel(label, { exact: true });
  }

  /** The button of action `type` in the action bar. */
  action(type: string): Locator {
    return this.page.getByTestId(`approval-action-${type}`);
  }

  /**
   * Types an opinion and takes action `type` when the caller's next step is theirs too (编号 then 用印): waits for
   * the log to show the opinion (one not in the log yet) instead of the button to go.
   */
  async take(type: string, opinion: string): Promise<void> {
    await this.page.getByTestId('approval-opinion').fill(opinion);
    await this.action(type).click();
    await expect(this.log).toContainText(opinion);
  }

  /** Types an opinion and takes action `type` (approve, reject…); waits until the action bar no longer offers it. */
  async act(type: string, opinion?: string): Promise<void> {
    if (opinion !== undefined) await this.page.getByTestId('approval-opinion').fill(opinion);
    const button = this.page.getByTestId(`approval-action-${type}`);
    await button.click();
    await expect(button).toHaveCount(0);
  }
}

/**
 * API calls in a signed-in page's session (its cookies): for steps a test takes through the API to stay short.
 * Answers `data`; a refusal fails the test with the server's message.
 */
export async function apiAs<T = any>(page: Page, path: string, body: Record<string, unknown> = {}): Promise<T> {
  const r = await page.request.post(`api/${path}`, { data: body });
  const answer = (await r.json()) as { code: number; msg: string; data: T };
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
}

/** 公文签收 (/document/gwqs, src/areas/document/client/pages/SignForList.tsx): tabs with counts, rows, 签收 and 退回. */
export class SignForPage {
  constructor(private readonly page: Page) {}

  get list(): Locator {
    return this.page.getByTestId('signfor-list').filter({ visible: true });
  }

  /** The count shown on a tab (pending, signed, returned). */
  count(status: 'pending' | 'signed' | 'returned'): Locator {
    return this.list.getByTestId(`signfor-count-${status}`);
  }

  /** Shows a tab. */
  async tab(status: 'pending' | 'signed' | 'returned'): Promise<void> {
    await this.list.getByTestId(`signfor-tab-${status}`).click();
  }

  /** The row showing `text`. */
  row(text: string): Locator {
    return this.list.locator('tbody tr.ant-table-row', { hasText: text });
  }

  /** Searches by keyword. */
  async search(keyword: string): Promise<void> {
    const box = this.list.getByTestId('signfor-search').locator('input');
    await box.fill(keyword);
    await box.press('Enter');
  }

  /** 签收 the row showing `text`, confirms, and answers the browser tab the 收文's approval page opens in. */
  async sign(text: string): Promise<Page> {
    await this.row(text).getByTestId('signfor-sign').click();
    const [tab] = await Promise.all([this.page.context().waitForEvent('page', { timeout: 30_000 }), this.page.getByTestId('signfor-sign-ok').click()]);
    await tab.waitForLoadState();
    return tab;
  }
}

/**
 * 待办公文 (/document/dbgw): opens the row showing `title` and answers the browser tab its approval page opens
 * in, loaded.
 */
export async function openFromTodo(page: Page, title: string): Promise<Page> {
  await page.goto('document/dbgw');
  const row = page.locator('.ant-table-row', { hasText: title });
  // The list is the first page of a fresh sign-in: give it the time a busy machine needs.
  await expect(row).toBeVisible({ timeout: 30_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page', { timeout: 30_000 }), row.getByTestId('worklist-open').click()]);
  await tab.waitForLoadState();
  return tab;
}
