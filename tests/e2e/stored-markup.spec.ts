/**
 * Stored markup is shown as text, never run: plain-text fields are stored as given, so a reception's 接待事由, an
 * affair's 事务标题, a 公文 标题 and a person's name holding `<img src=x onerror=…>` and `<script>…</script>` (made
 * through the API) must show literally on every page that shows them — the reception list and its detail, the
 * approval pages, the reminder bell, the tabs and the browser title, the header search's results, the person
 * selector — and come out literally in the Excel export and the 公文 PDF and DOCX; `window.__xss` stays undefined and no
 * dialog opens. Screenshots are kept in tests/e2e/artifacts.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { extractText } from 'unpdf';
import { apiAs, ApprovalPageObject, EngineListPage, LoginPage, ReceptionForm, Shell, keepScreenshot } from './pages.js';

const RUN = Date.now() % 100000;
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
/** A text field's value: both payloads around a unique, searchable word. */
const payload = (word: string) => `${word}${RUN} ${IMG} ${SCRIPT}`;

const RECEPTION = payload('接待标记');
const AFFAIR = payload('事务标记');
const DOCUMENT = payload('公文标记');
const PERSON = `${IMG}人名${RUN}`;

/** Dialogs any page of the test opened (alert, confirm, prompt): there must be none. */
const dialogs: string[] = [];

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));
  const page = await context.newPage();
  await new LoginPage(page).goto();
  await new LoginPage(page).login(username);
  return page;
}

/** Nothing ran: the marker is unset in `page` and no dialog opened anywhere. */
async function nothingRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('stored markup shows as text on every page, in the export and in the PDF, and never runs', async ({ browser }) => {
  test.setTimeout(240_000);

  // 系统管理员 adds a person whose name holds markup, in 秘书科 (so the selector and the header search show them).
  const admin = await signIn(browser, 'admin');
  const depts = await apiAs<{ list: { id: number; name: string }[] }>(admin, 'department/list', { keyword: '秘书科', pageSize: 20 });
  const secretariat = depts.list.find((d) => d.name === '秘书科')!;
  await apiAs(admin, 'Users/add', { realname: PERSON, username: `xss${RUN}`, departments: [secretariat.id], dept: secretariat.id, mobile: '13912345678' });
  await admin.context().close();

  // 张伟 registers a reception, submits an affair and drafts a 公文, all through the API.
  const zhang = await signIn(browser, 'zhangwei');
  const me = await apiAs<{ dept_id: number; id: number }>(zhang, 'Person/userInfo');
  await apiAs(zhang, 'receptions/add', {
    title: RECEPTION,
    guestUnit: IMG,
    people: 2,
    visitDate: '2026-12-01',
    dept: me.dept_id,
    contact: me.id,
    status: 'planned',
  });
  const affair = await apiAs<{ id: number }>(zhang, 'affair/add', { title: AFFAIR, affairType: 'request', urgency: '0', body: '<p>请审批</p>' });
  await apiAs(zhang, 'flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: affair.id });
  const doc = await apiAs<{ id: number }>(zhang, 'document/add', { title: DOCUMENT, docType: '8', secretLevel: '0', urgency: '0', body: '<p>正文</p>' });
  const docFlow = await apiAs<{ id: number }>(zhang, 'flow/start', { defId: 'document.send', entity: 'document.send', recordId: doc.id });

  // The probe is live: the same markup put into the page as HTML does run (then the marker is cleared).
  await zhang.evaluate((html) => document.body.insertAdjacentHTML('beforeend', `<div id="probe">${html}</div>`), IMG);
  await expect.poll(() => zhang.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBe(1);
  await zhang.evaluate(() => {
    document.getElementById('probe')?.remove();
    delete (window as unknown as { __xss?: unknown }).__xss;
  });

  // The reception list: the cells show the markup as text.
  const shell = new Shell(zhang);
  const list = new EngineListPage(zhang);
  await shell.openTab('/receptions/index');
  await list.search(`接待标记${RUN}`);
  await expect(list.rows).toHaveCount(1);
  await expect(list.row(`接待标记${RUN}`)).toContainText(RECEPTION);
  await expect(list.row(`接待标记${RUN}`)).toContainText(IMG);
  await keepScreenshot(zhang, 'stored-markup-list');
  await nothingRan(zhang);

  // Its detail.
  await list.rowAction(`接待标记${RUN}`, 'act_view');
  await expect(list.drawer).toContainText(RECEPTION);
  await expect(list.drawer.locator('img[src="x"]')).toHaveCount(0);
  await keepScreenshot(zhang, 'stored-markup-detail');
  await nothingRan(zhang);

  // The person selector of the form: the person with markup in their name is offered and picked by name, as text.
  await zhang.keyboard.press('Escape');
  await list.drawerClosed();
  await list.toolbar('act_add');
  await expect(list.drawer).toBeVisible();
  await new ReceptionForm(zhang, list.drawer).pick('联系人', `人名${RUN}`);
  await expect(list.drawer).toContainText(PERSON);
  await expect(zhang.locator('img[src="x"]')).toHaveCount(0);
  await keepScreenshot(zhang, 'stored-markup-selector');
  await nothingRan(zhang);

  // The 公文's approval page (in a tab of its own: the form above keeps its unsaved pick) and its PDF.
  const zhangDoc = await zhang.context().newPage();
  await zhangDoc.goto(`document/show-audit/${docFlow.id}`);
  await expect(zhangDoc.getByTestId('approval-status')).toBeVisible({ timeout: 30_000 });
  await expect(zhangDoc.locator('body')).toContainText(DOCUMENT);
  await expect(zhangDoc.locator('img[src="x"]')).toHaveCount(0);
  expect(await zhangDoc.title()).not.toContain('__xss=1"><');
  await keepScreenshot(zhangDoc, 'stored-markup-document');
  await nothingRan(zhangDoc);
  const pdf = await zhangDoc.request.post('api/document/exportPdf', { data: { id: docFlow.id } });
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
  expect(text.replace(/\s+/g, '')).toContain(DOCUMENT.replace(/\s+/g, ''));
  // …and the DOCX: the title is XML text (escaped), not markup of the document.
  const docx = await zhangDoc.request.post('api/document/getDoc', { data: { id: docFlow.id } });
  expect(docx.status()).toBe(200);
  const xml = await (await JSZip.loadAsync(await docx.body())).file('word/document.xml')!.async('string');
  const words = xml
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  expect(words.replace(/\s+/g, '')).toContain(DOCUMENT.replace(/\s+/g, ''));
  expect(xml).not.toContain('<script>');
  await zhang.context().close();

  // 李娜: the reminder bell, the affair's approval page, its tab and the browser title, the header search.
  const lina = await signIn(browser, 'lina');
  await lina.getByTestId('notice-bell').click();
  const reminder = lina.getByTestId('notice-item').filter({ hasText: `事务标记${RUN}` });
  await expect(reminder).toContainText(AFFAIR);
  await expect(lina.getByTestId('notice-panel').locator('img[src="x"]')).toHaveCount(0);
  await keepScreenshot(lina, 'stored-markup-bell');
  await nothingRan(lina);
  await reminder.click();
  await expect(lina).toHaveURL(/affair\/show-audit\/\d+/);
  await expect(new ApprovalPageObject(lina).status).toHaveText('办理中');
  await expect(lina.locator('body')).toContainText(AFFAIR);
  await expect(lina.locator('img[src="x"]')).toHaveCount(0);
  const tabs = await new Shell(lina).tabLabels();
  expect(tabs.join('|')).not.toMatch(/<img[^>]*>$/);
  await keepScreenshot(lina, 'stored-markup-approval');
  await nothingRan(lina);

  // the approval page stands alone (SPEC §2.2): back to the shell for its header
  await lina.goto('dashboard/console');
  await expect(lina.getByTestId('shell')).toBeVisible();
  // the type first (SPEC §2.4): people
  await lina.getByTestId('header-search-type').click();
  await lina.getByTestId('header-search-type-contact').click();
  const search = lina.locator('input[data-testid="header-search"], [data-testid="header-search"] input').first();
  await search.fill(`人名${RUN}`);
  await search.press('Enter');
  await expect(lina).toHaveURL(/dashboard\/search/);
  await expect(lina.locator('body')).toContainText(PERSON);
  await expect(lina.locator('img[src="x"]')).toHaveCount(0);
  await keepScreenshot(lina, 'stored-markup-search');
  await nothingRan(lina);
  // The Excel export (李娜 may export 接待) holds the literal text.
  const res = await lina.request.post('api/receptions/export', { data: { page: 'receptions.reception.list', keyword: `接待标记${RUN}` } });
  expect(res.status()).toBe(200);
  expect((await res.body()).subarray(0, 2).toString('latin1'), (await res.body()).toString('utf8').slice(0, 200)).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.worksheets[0].eachRow((row) => row.eachCell((c) => void cells.push(String(c.value))));
  expect(cells).toContain(RECEPTION);
  expect(cells).toContain(IMG);

  await lina.context().close();
});
