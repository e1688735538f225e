/**
 * The test-document generator (/debug/index): debug/generate creates realistic 发文 / 收文 across the demo
 * organisation with their flows in every state, written as the runtime writes them — a generated running
 * document is in its handler's 待办, opens on the approval page (flow/info) and is approved through flow/act.
 * Only holders of debug:generate may generate. SQLite and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const { post } = actors(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('debug/generate', () => {
  let report: any;

  it('is refused to people without debug:generate, and checks its input', async () => {
    const r = await post('debug/generate', { count: 5 }, 'zhangwei');
    expect(r.code).toBe(-1);
    expect(r.msg).toBe('您没有该操作的权限');
    expect((await post('debug/status', {}, 'liqiang')).code).toBe(-1);
    const big = await post('debug/generate', { count: 1_000_001 }, 'admin');
    expect(big.code).toBe(-1);
    expect(big.msg).toContain('生成数量');
    expect((await t.post('debug/generate', { count: 5 })).code).toBe(-99);
    const db = t.database.db;
    expect(
      Number(
        (
          await db
            .selectFrom('flow_instances')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('creates 200 documents across the organisation, in every state the flows allow', async () => {
    const r = await post('debug/generate', { count: 200, seed: 7 }, 'admin');
    expect(r.code, r.msg).toBe(0);
    report = r.data;
    expect(report.created).toBe(200);
    expect(report.send + report.receive).toBe(200);
    expect(report.receive).toBeGreaterThan(0);
    expect(report.send).toBeGreaterThan(report.receive);
    // Mostly finished (two years of documents), some under way, drafts, withdrawn; no 驳回 in these flows.
    expect(report.byStatus.finished).toBeGreaterThan(120);
    expect(report.byStatus.running).toBeGreaterThan(0);
    expect(report.byStatus.withdrawn).toBeGreaterThan(0);
    expect(report.byStatus.draft).toBeGreaterThan(0);
    const status = (await post('debug/status', {}, 'admin')).data;
    expect(status).toMatchObject({ send: report.send, receive: report.receive, byStatus: report.byStatus });
    expect(status.openTasks).toBeGreaterThan(0);

    const db = t.database.db;
    const docs = (await db
      .selectFrom('biz_doc_send' as any)
      .select(['id', 'title', 'docType', 'secretLevel', 'created_by', 'flowId', 'flowStatus', 'docNumber'] as any)
      .execute()) as any[];
    expect(docs).toHaveLength(report.send);
    expect(docs.every((d) => /^(关于.+的(通知|请示|报告|函|实施意见|通报)|市政府第\d+次常务会议纪要)$/.test(d.title))).toBe(true);
    expect(new Set(docs.map((d) => d.created_by)).size).toBeGreaterThan(30);
    expect(docs.filter((d) => d.secretLevel === '0').length).toBeGreaterThan(report.send * 0.8);
    // The record follows its flow; a finished 发文 carries its 发文字号, numbers of a mark and year never repeat.
    const instances = new Map(
      (await db.selectFrom('flow_instances').select(['id', 'status', 'record_id', 'created_at', 'state']).execute()).map((i) => [i.id, i]),
    );
    for (const d of docs) expect(instances.get(d.flowId)?.status).toBe(d.flowStatus);
    const finished = docs.filter((d) => d.flowStatus === 'finished');
    expect(finished.every((d) => /^京政(办)?(发|函|纪要)〔\d{4}〕\d+号$/.test(d.docNumber))).toBe(true);
    expect(new Set(finished.map((d) => d.docNumber)).size).toBe(finished.length);
    // Spread over two years.
    const created = [...instances.values()].map((i) => Number(i.created_at));
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(600 * 86_400_000);
    // flow_tasks mirror every instance's tasks exactly (ids, status, assignee).
    const tasks = await db.selectFrom('flow_tasks').select(['id', 'instance_id', 'status', 'assignee_id']).execute();
    const stored = tasks.map((x) => `${x.instance_id}:${x.id}:${x.status}:${x.assignee_id}`).sort();
    const fromState = [...instances.values()].flatMap((i) => JSON.parse(i.state).tasks.map((x: any) => `${i.id}:${x.id}:${x.status}:${x.assignee}`)).sort();
    expect(stored).toEqual(fromState);
    expect(report.tasks).toBe(tasks.length);
  });

  it('a large run goes on in the background and debug/status reports it', async () => {
    const before = (await post('debug/status', {}, 'admin')).data;
    expect(before.job).toBeNull();
    const r = await post('debug/generate', { count: 30, seed: 8, background: true }, 'admin');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ started: true, job: { running: true, count: 30 } });
    let status = before;
    for (let i = 0; i < 100; i++) {
      status = (await post('debug/status', {}, 'admin')).data;
      if (!status.job.running) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status.job).toMatchObject({ running: false, count: 30, done: 30, error: null, report: { created: 30 } });
    expect(status.send + status.receive).toBe(before.send + before.receive + 30);
  });

  it('a generated running 发文 is in its handler’s 待办, opens on the approval page and is approved through flow/act', async () => {
    const db = t.database.db;
    const open = await db
      .selectFrom('flow_tasks as t')
      .innerJoin('flow_instances as i', 'i.id', 't.instance_id')
      .innerJoin('biz_doc_send as s' as any, 's.id' as any, 'i.record_id')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.instance_id', 't.id as task', 't.node_id', 'u.username'])
      .where('t.status', '=', 'pending')
      .where('t.kind', 'in', ['approve', 'handle'])
      .where('i.def_id', '=', 'document.send')
      .where('s.secretLevel' as any, '=', '0')
      .orderBy('t.instance_id')
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const { instance_id: id, username, task } = open[0];
    const todo = (await post('flow/todo', { pageSize: 100 }, username)).data.list;
    expect(todo.map((x: any) => x.instanceId)).toContain(id);
    const info = await post('flow/info', { id }, username);
    expect(info.code, info.msg).toBe(0);
    expect(info.data.actions).toContain('approve');
    expect(info.data.state.tasks.find((x: any) => x.id === task).status).toBe('pending');
    const acted = await post('flow/act', { id, type: 'approve', opinion: '同意', version: info.data.version }, username);
    expect(acted.code, acted.msg).toBe(0);
    expect(acted.data.state.tasks.find((x: any) => x.id === task)).toMatchObject({ status: 'done', result: 'approve', opinion: '同意' });
    expect(acted.data.version).toBe(info.data.version + 1);
    const log = (await post('flow/log', { id }, username)).data;
    expect(log[0].type).toBe('start');
    expect(log.at(-1).type === 'approve' || log.some((e: any) => e.type === 'approve' && e.taskId === task)).toBe(true);
  });
});
