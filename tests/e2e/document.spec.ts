/**
 * An official document (公文) in the browser, every step by its person on their own page: 张伟 drafts a
 * 发文 on /document/new (标题, 主送 two units, 正文) and submits it; 李娜 opens it from her 待办公文 and approves the
 * 部门核稿; 周明远 (办公室核稿) picks the 会签部门 市财政局 and 市教育局, 签发人 陈静 and the 发文字号 type 京政办发 in
 * the form; the leaders of the two departments 会签 in parallel (周杰 from his 待办公文, the 教育局's leader on the
 * page), the flow waiting for both; 陈静 签发s it from her 待办公文, the 发文稿纸 showing the 核稿 and 会签 opinions in their boxes and her input in the 签发 box; 王芳 编号s it and sees the 发文字号
 * (京政办发〔year〕N号) on the page, then 用印 and 分发 on the same page. 孙丽 (收发员, 市财政局) finds it on 公文签收
 * with its number, 密级 and 紧急程度, signs for it and gets the new 收文's approval page in a new browser tab; the
 * 发文 page's address of that 收文 (a reminder's target) moves to the 收文 page. 吴昊 (市教育局) returns it, the
 * reason required. The 收文 then runs in the browser: 孙丽 登记s it, 赵俊 拟办s it (拟办意见, 批示领导 周杰, 主办 孙丽,
 * 传阅 周杰 with the pickers), 周杰 批示s it from his 待办公文, 孙丽 承办s and 办结s it, and it ends archived. The
 * official PDF is rendered to a picture (pdftoppm) that must show the red header, and its text the number.
 * Only reads go through the API (the instance id, who holds the 会签, the final record and the 签收 results).
 * Screenshots, the PDF and its picture are kept in tests/e2e/artifacts.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { apiAs, ApprovalPageObject, ARTIFACTS, LoginPage, ReceptionForm, SignForPage, keepScreenshot, openFromTodo } from './pages.js';

/** Ten people's pages on one machine: a page's first answer may take longer than the default 10 s under load. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Downloads document/exportPdf of instance `id` in `page`'s session, renders page 1 with pdftoppm into
 * artifacts/document-pdf-1.png and checks what a reader sees: the red 发文机关标志 and separator in the top third,
 * dark body text below, and the 发文字号 in the PDF's text.
 */
async function officialPdfShows(page: Page, id: number, docNumber: string): Promise<void> {
  const r = await page.request.post('api/document/exportPdf', { data: { id } });
  expect(r.headers()['content-type']).toContain('application/pdf');
  mkdirSync(ARTIFACTS, { recursive: true });
  const pdf = join(ARTIFACTS, 'document.pdf');
  writeFileSync(pdf, await r.body());
  expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toContain(docNumber);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, join(ARTIFACTS, 'document-pdf-1')]);
  const png = PNG.sync.read(readFileSync(join(ARTIFACTS, 'document-pdf-1.png')));
  let red = 0;
  let dark = 0;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const [R, G, B] = [png.data[i], png.data[i + 1], png.data[i + 2]];
      if (y < png.height / 3 && R > 180 && G < 90 && B < 90) red++;
      if (y > png.height / 3 && R < 80 && G < 80 && B < 80) dark++;
    }
  }
  expect(red, 'red 发文机关标志 and separator in the top third').toBeGreaterThan(500);
  expect(dark, 'body text below').toBeGreaterThan(500);
}

const TITLE = `关于做好元旦春节期间安全生产工作的通知${Date.now() % 100000}`;

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).goto();
  await new LoginPage(page).login(username);
  return page;
}

test('a 发文 is drafted, signed off, numbered, sent, signed for and returned', async ({ browser }) => {
  test.setTimeout(300_000);

  // 张伟 drafts the 发文 in the browser and submits it.
  const zhang = await signIn(browser, 'zhangwei');
  await zhang.goto('document/new');
  const form = new ReceptionForm(zhang, zhang.getByTestId('form-page-document.send.form'));
  await form.fill('标题', TITLE);
  await form.pick('主送机关', '市财政局');
  await form.pick('主送机关', '市教育局');
  const body = zhang.locator('.oa-richtext .ProseMirror').first();
  await body.click();
  await zhang.keyboard.type('各有关单位：现将元旦春节期间安全生产工作有关事项通知如下。');
  await keepScreenshot(zhang, 'document-new');
  await zhang.getByTestId('form-submit-flow').click();
  await expect(zhang).toHaveURL(/document\/yfgw/);
  await expect(zhang.locator('.ant-table-row', { hasText: TITLE }).getByTestId('worklist-status')).toHaveText('办理中');
  const sent = await apiAs<{ list: { instanceId: number; title: string }[] }>(zhang, 'flow/sent', { keyword: TITLE });
  const id = sent.list.find((r) => r.title === TITLE)!.instanceId;
  expect(id).toBeGreaterThan(0);

  // 部门核稿: 李娜 opens it from her 待办公文 and approves it on the approval page.
  const lina = await openFromTodo(await signIn(browser, 'lina'), TITLE);
  await expect(lina).toHaveURL(new RegExp(`document/show-audit/${id}$`));
  const deptReview = new ApprovalPageObject(lina);
  await expect(deptReview.current).toContainText('部门核稿');
  await deptReview.act('approve', '核稿无误');

  // 办公室核稿: 周明远 sends it to 市财政局 and 市教育局 for 会签 and names 陈静 签发人 and the 发文字号 type 京政办发.
  const demo = await signIn(browser, 'demo');
  await demo.goto(`document/show-audit/${id}`);
  const officeReview = new ApprovalPageObject(demo);
  await expect(officeReview.current).toContainText('周明远');
  await officeReview.form.pick('会签部门', '市财政局');
  await officeReview.form.pick('会签部门', '市教育局');
  await officeReview.form.pick('签发人', '陈静', { exact: true });
  await officeReview.form.pick('发文字号类型', '京政办发');
  await keepScreenshot(demo, 'document-office-review');
  await officeReview.act('approve', '请财政局、教育局会签，陈静秘书长签发');

  // 会签: the leaders of the two departments, in parallel, each on their approval page; 周杰 from his 待办公文.
  await expect(officeReview.current).toContainText('会签');
  await expect(officeReview.current).toContainText('周杰');
  const pending = await apiAs<{ state: { tasks: { nodeId: string; status: string; assignee: number }[] } }>(zhang, 'flow/info', { id });
  const signerIds = pending.state.tasks.filter((x) => x.nodeId === 'countersign' && x.status === 'pending').map((x) => x.assignee);
  expect(signerIds).toHaveLength(2);
  // Who signs for 市教育局 (a generated person of the demo seed): their name, then their account in the selector.
  const signers = await Promise.all(
    signerIds.map(async (uid) => {
      const name = (await apiAs<{ users: Record<string, string> }>(zhang, 'selector/getlist', { users: [uid] })).users[String(uid)];
      return (await apiAs<{ users: { id: number; username: string }[] }>(zhang, 'selector/search', { keyword: name })).users.find((u) => u.id === uid)!
        .username;
    }),
  );
  expect(signers).toContain('zhoujie');
  const zhou = await signIn(browser, 'zhoujie');
  const zhouSign = await openFromTodo(zhou, TITLE);
  const zhouApproval = new ApprovalPageObject(zhouSign);
  await expect(zhouApproval.current).toContainText('会签');
  await keepScreenshot(zhouSign, 'document-countersign');
  await zhouApproval.act('approve', '会签同意');
  // One of two has signed: the 会签 waits for the other department.
  await expect(zhouApproval.current).toContainText('会签');
  await expect(zhouApproval.current).not.toContainText('周杰');
  const other = await signIn(
    browser,
    signers.find((u) => u !== 'zhoujie')!,
  );
  await other.goto(`document/show-audit/${id}`);
  const otherApproval = new ApprovalPageObject(other);
  await otherApproval.act('approve', '会签同意，无修改意见');
  await expect(otherApproval.current).toContainText('陈静');
  await expect(otherApproval.log).toContainText('会签同意，无修改意见');

  // 陈静 签发 from her 待办公文, on the approval page (a new browser tab).
  const chen = await signIn(browser, 'chenjing');
  const audit = await openFromTodo(chen, TITLE);
  await expect(audit).toHaveURL(new RegExp(`document/show-audit/${id}$`));
  const approval = new ApprovalPageObject(audit);
  await expect(approval.status).toHaveText('办理中');
  await expect(approval.current).toContainText('陈静');
  // The 发文稿纸: the 核稿 and 会签 opinions in their boxes with the names, her own input in the 签发 box.
  const paper = audit.getByTestId('paper');
  await expect(paper).toContainText('发文稿纸');
  const review = audit.getByTestId('paper-opinion-review');
  await expect(review).toContainText('核稿无误');
  await expect(review).toContainText('李娜');
  await expect(review).toContainText('请财政局、教育局会签，陈静秘书长签发');
  await expect(review).toContainText('周明远');
  const countersigned = audit.getByTestId('paper-opinion-countersign');
  await expect(countersigned).toContainText('会签同意');
  await expect(countersigned).toContainText('周杰');
  await expect(countersigned.getByTestId('paper-opinion-entry')).toHaveCount(2);
  await expect(audit.getByTestId('paper-opinion-issue').getByTestId('approval-opinion')).toBeVisible();
  await keepScreenshot(audit, 'document-issue');
  await approval.act('approve', '同意印发');

  // 编号 by 王芳 on the approval page: the page then shows the 发文字号 it was given; 用印 and 分发 on the same page.
  const wang = await signIn(browser, 'wangfang');
  await wang.goto(`document/show-audit/${id}`);
  const clerk = new ApprovalPageObject(wang);
  await expect(clerk.current).toContainText('编号');
  // the 签发 box now holds 陈静's opinion; 编号 has no box: her opinion input stays under the 稿纸
  await expect(wang.getByTestId('paper-opinion-issue')).toContainText('同意印发');
  await expect(wang.getByTestId('paper-opinion-issue')).toContainText('陈静');
  await expect(clerk.action('approve')).toHaveText(/^编\s?号$/);
  await clerk.take('approve', '已编号');
  await expect(clerk.current).toContainText('用印');
  const year = new Date().getFullYear();
  await expect(clerk.field('发文字号')).toHaveValue(new RegExp(`^京政办发〔${year}〕\\d+号$`));
  const docNumber = await clerk.field('发文字号').inputValue();
  await keepScreenshot(wang, 'document-number');
  await expect(clerk.action('approve')).toHaveText(/^用\s?印$/);
  await clerk.take('approve', '已用印');
  await expect(clerk.current).toContainText('分发');
  await expect(clerk.action('approve')).toHaveText(/^分\s?发$/);
  await keepScreenshot(wang, 'document-distribute');
  await clerk.act('approve', '已分发');
  await expect(clerk.status).toHaveText('已办结');
  const done = await apiAs<{ status: string; state: { data: { docNumber: string; sealed: boolean } } }>(zhang, 'flow/info', { id });
  expect(done.state.data).toMatchObject({ docNumber, sealed: true });

  // The official PDF (GB/T 9704): rendered to a picture that shows the red header, and its text holds the number.
  await officialPdfShows(zhang, id, docNumber);

  // 孙丽 (市财政局) signs for it on 公文签收 and gets the 收文's approval page in a new tab.
  const sun = await signIn(browser, 'sunli');
  await sun.goto('document/gwqs');
  const signFor = new SignForPage(sun);
  await signFor.search(TITLE);
  const item = signFor.row(TITLE);
  await expect(item).toContainText(docNumber);
  await expect(item).toContainText('非密');
  await expect(item).toContainText('主送');
  await expect(signFor.count('pending')).toHaveText('1');
  await keepScreenshot(sun, 'document-gwqs');
  const received = await signFor.sign(TITLE);
  await expect(received).toHaveURL(/document\/show\/\d+$/);
  const receiveId = Number(/show\/(\d+)$/.exec(received.url())![1]);
  const receiveApproval = new ApprovalPageObject(received);
  await expect(receiveApproval.status).toHaveText('办理中');
  await expect(received.getByText(TITLE).first()).toBeVisible();
  await expect(received.getByTestId('approval-action-approve')).toBeVisible();
  await keepScreenshot(received, 'document-receive');
  // The list: no longer pending, under 已签收 with the way to the 收文.
  await expect(signFor.row(TITLE)).toHaveCount(0);
  await expect(signFor.count('signed')).toHaveText('1');
  await signFor.tab('signed');
  await expect(signFor.row(TITLE).getByTestId('signfor-open-receive')).toBeVisible();

  // A reminder's target names the 发文 page for every flow instance: the 收文 moves to its own page.
  await received.goto(`document/show-audit/${receiveId}`);
  await expect(received).toHaveURL(new RegExp(`document/show/${receiveId}$`));
  await expect(new ApprovalPageObject(received).status).toHaveText('办理中');

  // 吴昊 (市教育局) returns it: the reason is required.
  const wu = await signIn(browser, 'wuhao');
  await wu.goto('document/gwqs');
  const theirs = new SignForPage(wu);
  await theirs.search(TITLE);
  await theirs.row(TITLE).getByTestId('signfor-return').click();
  await wu.getByTestId('signfor-return-ok').click();
  await expect(wu.getByText('请填写退回原因')).toBeVisible();
  await keepScreenshot(wu, 'document-gwqs-return');
  await wu.getByTestId('signfor-return-reason').fill('非我局主办事项，请核对主送机关');
  await wu.getByTestId('signfor-return-ok').click();
  await expect(theirs.row(TITLE)).toHaveCount(0);
  await theirs.tab('returned');
  await expect(theirs.row(TITLE)).toContainText('非我局主办事项，请核对主送机关');
  const info = await apiAs<{ status: string; reason: string | null }[]>(zhang, 'document/signinfo', { id });
  expect(info.map((r) => r.status).sort()).toEqual(['returned', 'signed']);

  // 收文 of 市财政局: 孙丽 登记s it on its approval page with the 收文编号.
  const receivePage = new ApprovalPageObject(received);
  await expect(received.getByTestId('approval-current')).toContainText('孙丽');
  await new ReceptionForm(received, received.locator('body')).fill('收文编号', '财收〔2026〕1号');
  await receivePage.act('approve', '已登记');
  // 拟办 by 赵俊 (办公室主任 of 市财政局 in the demo seed) on the 收文's page: the 拟办意见, 周杰 to 批示, 孙丽 主办,
  // 传阅 to 周杰, chosen with the pickers.
  await expect(receivePage.current).toContainText('赵俊');
  const zhao = await signIn(browser, 'zhaojun');
  await zhao.goto(`document/show/${receiveId}`);
  const propose = new ApprovalPageObject(zhao);
  await expect(propose.current).toContainText('赵俊');
  await propose.form.fill('拟办意见', '拟请周杰局长阅示，由办公室牵头落实。');
  await propose.form.pick('批示领导', '周杰', { exact: true });
  await propose.form.pick('主办人', '孙丽', { exact: true });
  await propose.form.pick('传阅人', '周杰', { exact: true });
  await zhao.keyboard.press('Escape');
  await keepScreenshot(zhao, 'document-receive-propose');
  await propose.act('approve', '拟请周杰局长阅示');
  await expect(propose.current).toContainText('周杰');
  // 周杰 批示 from his 待办公文.
  const instruct = await openFromTodo(zhou, TITLE);
  await expect(instruct).toHaveURL(new RegExp(`document/show/${receiveId}$`));
  await expect(instruct.getByTestId('approval-current')).toContainText('周杰');
  await expect(new ApprovalPageObject(instruct).field('拟办意见')).toHaveValue('拟请周杰局长阅示，由办公室牵头落实。');
  await new ReceptionForm(instruct, instruct.locator('body')).fill('领导批示', '请办公室牵头落实，月底前报结果。');
  await keepScreenshot(instruct, 'document-receive-instruct');
  await new ApprovalPageObject(instruct).act('approve', '请办公室牵头落实');
  // 孙丽 承办s it with the result, then 办结: the 收文 is finished and archived.
  await received.reload();
  await expect(received.getByTestId('approval-current')).toContainText('孙丽');
  await new ReceptionForm(received, received.locator('body')).fill('办理结果', '已转发各科室并部署安全检查。');
  // 办结 is hers too: the action bar stays, the flow log shows the step taken.
  await received.getByTestId('approval-opinion').fill('已落实');
  await received.getByTestId('approval-action-approve').click();
  await expect(receivePage.log).toContainText('已落实');
  await received.reload();
  await receivePage.act('approve', '办结');
  await received.reload();
  await expect(receivePage.status).toHaveText('已办结');
  await expect(receivePage.log).toContainText('请办公室牵头落实');
  const archived = await apiAs<{ status: string; state: { data: { archived?: boolean; receiveNumber?: string } } }>(sun, 'flow/info', { id: receiveId });
  expect(archived.state.data).toMatchObject({ archived: true, receiveNumber: '财收〔2026〕1号' });
});
