/**
 * 文号类型 of the demo organisation ("发文字号"; services/docMarks.ts): the 发文字号 sequences of 市人民政府
 * and the 市政府办公室, e.g. 京政发〔2026〕1号 (GB/T 9704-2012 7.2.4). `doc_kinds` are 公文种类 codes of the
 * document_type dictionary (7 意见, 8 通知, 9 通报, 12 批复, 14 函 …). Each carries the 套红 of its organ (migration
 * 0022): 发文机关标志 (7.2.4; 函 and 纪要 use their own 版头 forms, 7.2.4 and 10.3), 署名 (7.3.5) and 印发机关 (7.4.3).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { deptKey } from '../../../../server/db/seed/people.js';

/** A demo mark: name, 机关代字, the department key of its issuing organ (see deptKey) and its 公文种类. */
export interface DemoMark {
  name: string;
  org_code: string;
  unit: string;
  doc_kinds: string[] | null;
  /** 发文机关标志, 发文机关署名 and 印发机关 of the red header. */
  organ_mark: string;
  issuer_org: string;
  print_org: string;
}

/** The demo marks, in display order. */
export const DEMO_MARKS: DemoMark[] = [
  {
    name: '市政府文件',
    org_code: '京政发',
    unit: deptKey(null),
    doc_kinds: ['1', '2', '3', '5', '6', '7', '8', '9', '12'],
    organ_mark: '市人民政府文件',
    issuer_org: '市人民政府',
    print_org: '市人民政府办公室',
  },
  {
    name: '市政府办公室文件',
    org_code: '京政办发',
    unit: deptKey('gov_office'),
    doc_kinds: ['7', '8', '9'],
    organ_mark: '市人民政府办公室文件',
    issuer_org: '市人民政府办公室',
    print_org: '市人民政府办公室',
  },
  {
    name: '市政府函',
    org_code: '京政函',
    unit: deptKey(null),
    doc_kinds: ['14'],
    organ_mark: '市人民政府',
    issuer_org: '市人民政府',
    print_org: '市人民政府办公室',
  },
  {
    name: '市政府办公室函',
    org_code: '京政办函',
    unit: deptKey('gov_office'),
    doc_kinds: ['14'],
    organ_mark: '市人民政府办公室',
    issuer_org: '市人民政府办公室',
    print_org: '市人民政府办公室',
  },
  {
    name: '市政府会议纪要',
    org_code: '京政纪要',
    unit: deptKey(null),
    doc_kinds: ['15'],
    organ_mark: '市人民政府常务会议纪要',
    issuer_org: '市人民政府',
    print_org: '市人民政府办公室',
  },
];

/** Inserts DEMO_MARKS; `deptIds` maps department keys to ids (seed/index.ts insertDepartments). */
export async function seedDocMarks(trx: Transaction<DB>, deptIds: Map<string, number>, t: number): Promise<void> {
  await trx
    .insertInto('doc_marks')
    .values(
      DEMO_MARKS.map((m, i) => ({
        name: m.name,
        org_code: m.org_code,
        unit_id: deptIds.get(m.unit) ?? null,
        doc_kinds: m.doc_kinds ? JSON.stringify(m.doc_kinds) : null,
        start_seq: 1,
        sort: (i + 1) * 10,
        status: 1,
        organ_mark: m.organ_mark,
        issuer_org: m.issuer_org,
        print_org: m.print_org,
        created_at: t,
        updated_at: t,
      })),
    )
    .execute();
}
