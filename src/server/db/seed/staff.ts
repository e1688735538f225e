/**
 * Generates the staff of the demo organisation (≈300 people): walks the structure of ./org, fills
 * each slot with a fixed account of ./people when one is designated for it, else with a generated
 * person (unique realname, pinyin user name made unique with a digit suffix, unique mobile).
 * Deterministic: the same seed gives the same people.
 */
import { GIVEN_NAMES, SURNAMES } from './names.js';
import { UNITS, type UnitSpec } from './org.js';
import { EMAIL_DOMAIN, FIXED_PEOPLE, deptKey, type FixedPerson, type Membership, type PersonPlan } from './people.js';
import { createRng, type Rng } from './random.js';

/** Seed of the staff generator; changing it changes every generated name. */
export const STAFF_SEED = 20260101;

const RESERVED_USERNAMES = new Set(['admin', 'secadmin', 'auditor', 'demo', 'root', 'system', 'test']);
const MOBILE_PREFIXES = ['135', '136', '137', '139', '150', '151', '152', '157', '158', '159', '182', '183', '187', '188', '189'];

class StaffBuilder {
  readonly people: PersonPlan[] = [];
  private readonly realnames = new Set<string>();
  private readonly usernames = new Set<string>(RESERVED_USERNAMES);
  private readonly mobiles = new Set<string>();

  constructor(private readonly rng: Rng) {
    for (const p of Object.values(FIXED_PEOPLE)) {
      this.realnames.add(p.realname);
      this.usernames.add(p.username);
      this.mobiles.add(p.mobile);
    }
  }

  /** Places the fixed account `username` (its own membership, plus its second one if any). */
  addFixed(username: string): PersonPlan {
    const f: FixedPerson = FIXED_PEOPLE[username];
    const { second, ...rest } = f;
    const person: PersonPlan = {
      ...rest,
      memberships: second ? [...f.memberships, second] : [...f.memberships],
      roles: [...f.roles],
      email: `${f.username}@${EMAIL_DOMAIN}`,
    };
    this.people.push(person);
    return person;
  }

  /** Adds a generated person in `dept` with `position`; `clearance` and `roles` decided by the caller. */
  addGenerated(dept: string, position: string, leader: boolean, clearance: number, roles: string[]): PersonPlan {
    const { realname, pinyin, gender } = this.newName();
    const username = this.uniqueUsername(pinyin);
    const person: PersonPlan = {
      username,
      realname,
      gender,
      mobile: this.newMobile(),
      email: `${username}@${EMAIL_DOMAIN}`,
      clearance,
      is_admin: 0,
      memberships: [{ dept, position, leader }],
      roles: [...roles, 'staff'],
    };
    this.people.push(person);
    return person;
  }

  private newName(): { realname: string; pinyin: string; gender: 1 | 2 } {
    const weights = SURNAMES.map((s) => s.weight);
    for (;;) {
      const s = this.rng.weighted(SURNAMES, weights);
      const g = this.rng.pick(GIVEN_NAMES);
      const realname = s.hanzi + g.hanzi;
      if (this.realnames.has(realname)) continue;
      this.realnames.add(realname);
      return { realname, pinyin: s.pinyin + g.pinyin, gender: g.gender };
    }
  }

  private uniqueUsername(base: string): string {
    let name = base;
    for (let n = 2; this.usernames.has(name); n++) name = `${base}${n}`;
    this.usernames.add(name);
    return name;
  }

  private newMobile(): string {
    for (;;) {
      let m = this.rng.pick(MOBILE_PREFIXES);
      for (let i = 0; i < 8; i++) m += String(this.rng.int(0, 9));
      if (this.mobiles.has(m)) continue;
      this.mobiles.add(m);
      return m;
    }
  }
}

/** 涉密等级 of a generated person by rank: leaders higher, most 科员 non-classified. */
function clearanceFor(rng: Rng, rank: 'city' | 'head' | 'deputy' | 'chief' | 'vice' | 'staff' | 'clerk', secret = false): number {
  const base = {
    city: 3,
    head: rng.chance(0.4) ? 3 : 2,
    deputy: 2,
    chief: rng.chance(0.4) ? 2 : 1,
    vice: 1,
    staff: rng.weighted([0, 1, 2], [55, 35, 10]),
    clerk: rng.weighted([0, 1], [70, 30]),
  }[rank];
  return secret ? Math.max(base, 2) : base;
}

/** People of the root unit: the mayor, vice mayors, the secretary-general and deputies. */
function fillRoot(b: StaffBuilder, rng: Rng): void {
  b.addFixed('liqiang');
  b.addFixed('zhaolei');
  for (let i = 0; i < 3; i++) b.addGenerated('root', '副市长', false, clearanceFor(rng, 'city'), ['leader']);
  b.addFixed('chenjing');
  for (let i = 0; i < 2; i++) b.addGenerated('root', '副秘书长', false, clearanceFor(rng, 'city'), ['leader']);
}

/** Fixed accounts placed in a 市政府办公室 office: the 科长 (if fixed) and extra members. */
const GOV_OFFICE_FIXED: Record<string, { chief?: string; members?: string[] }> = {
  秘书科: { chief: 'lina', members: ['zhangwei'] },
  文电科: { chief: 'wangfang' },
  人事科: { chief: 'zhengmin' },
  信息科: { members: ['hechao', 'admin', 'secadmin', 'auditor'] },
};

/** The 市政府办公室: its director (demo), deputies and its eight internal offices. */
function fillGovOffice(b: StaffBuilder, rng: Rng, u: UnitSpec): void {
  b.addFixed('demo');
  b.addFixed('liuyang');
  for (let i = 0; i < 2; i++) b.addGenerated(deptKey(u.key), u.deputy, false, clearanceFor(rng, 'deputy'), ['dept_leader']);
  for (const office of u.offices) {
    const dept = deptKey(u.key, office);
    const secret = office === '机要保密科';
    const f = GOV_OFFICE_FIXED[office] ?? {};
    if (f.chief) b.addFixed(f.chief);
    else b.addGenerated(dept, '科长', true, clearanceFor(rng, 'chief', secret), ['dept_leader']);
    if (rng.chance(0.6)) b.addGenerated(dept, '副科长', false, clearanceFor(rng, 'vice', secret), []);
    for (const m of f.members ?? []) b.addFixed(m);
    const staff = Math.max(0, rng.int(1, 3) - (f.members?.length ?? 0));
    for (let i = 0; i < staff; i++) b.addGenerated(dept, '科员', false, clearanceFor(rng, 'staff', secret), []);
    if (rng.chance(0.3)) b.addGenerated(dept, '办事员', false, clearanceFor(rng, 'clerk', secret), []);
  }
}

/** Fixed accounts of the working departments: the head, and the 收发员 of the unit's 办公室. */
const UNIT_FIXED: Record<string, { head?: string; clerk?: string }> = {
  finance: { head: 'zhoujie', clerk: 'sunli' },
  education: { clerk: 'wuhao' },
};

/** A working department: head, deputies, its 办公室 (director = 单位管理员, a 收发员) and offices. */
function fillUnit(b: StaffBuilder, rng: Rng, u: UnitSpec): void {
  const f = UNIT_FIXED[u.key] ?? {};
  const unitDept = deptKey(u.key);
  if (f.head) b.addFixed(f.head);
  else b.addGenerated(unitDept, u.head, true, clearanceFor(rng, 'head'), ['dept_leader']);
  const deputies = rng.int(1, 2);
  for (let i = 0; i < deputies; i++) b.addGenerated(unitDept, u.deputy, false, clearanceFor(rng, 'deputy'), ['dept_leader']);

  const [own, ...offices] = u.offices;
  const ownDept = deptKey(u.key, own);
  b.addGenerated(ownDept, '办公室主任', true, clearanceFor(rng, 'chief'), ['dept_leader', 'unit_admin']);
  if (rng.chance(0.3)) b.addGenerated(ownDept, '办公室副主任', false, clearanceFor(rng, 'vice'), []);
  if (f.clerk) b.addFixed(f.clerk);
  else b.addGenerated(ownDept, '科员', false, clearanceFor(rng, 'clerk'), ['clerk']);
  if (rng.chance(0.25)) b.addGenerated(ownDept, '科员', false, clearanceFor(rng, 'staff'), []);

  for (const office of offices) {
    const dept = deptKey(u.key, office);
    b.addGenerated(dept, '科长', true, clearanceFor(rng, 'chief'), ['dept_leader']);
    if (rng.chance(0.2)) b.addGenerated(dept, '副科长', false, clearanceFor(rng, 'vice'), []);
    const staff = rng.weighted([1, 2], [65, 35]);
    for (let i = 0; i < staff; i++) b.addGenerated(dept, '科员', false, clearanceFor(rng, 'staff'), []);
    if (rng.chance(0.15)) b.addGenerated(dept, '办事员', false, clearanceFor(rng, 'clerk'), []);
  }
}

/** How many generated 科员 also serve in a second department (挂职/借调); with 何超 about ten. */
export const SECONDED_COUNT = 9;

/** Gives `SECONDED_COUNT` generated 科员 a second membership in another unit's office. */
function addSecondments(people: PersonPlan[], rng: Rng): void {
  const candidates = people.filter((p) => !(p.username in FIXED_PEOPLE) && p.memberships.length === 1 && p.memberships[0].position === '科员');
  const targets = [deptKey('gov_office', '督查科'), deptKey('gov_office', '综合科'), ...UNITS.slice(1).map((u) => deptKey(u.key, u.offices[1]))];
  const chosen = new Set<PersonPlan>();
  while (chosen.size < SECONDED_COUNT && chosen.size < candidates.length) chosen.add(rng.pick(candidates));
  for (const p of chosen) {
    const home = p.memberships[0].dept.split('/')[0];
    let target = rng.pick(targets);
    while (target.split('/')[0] === home) target = rng.pick(targets);
    const second: Membership = { dept: target, position: '科员', leader: false };
    p.memberships.push(second);
  }
}

/**
 * Every person of the demo organisation in display order (seniority within each department),
 * fixed accounts in their slots. Throws if a fixed account was not placed (a broken table).
 */
export function buildPeople(seed = STAFF_SEED): PersonPlan[] {
  const rng = createRng(seed);
  const b = new StaffBuilder(rng);
  fillRoot(b, rng);
  for (const u of UNITS) {
    if (u.key === 'gov_office') fillGovOffice(b, rng, u);
    else fillUnit(b, rng, u);
  }
  addSecondments(b.people, rng);
  const placed = new Set(b.people.map((p) => p.username));
  const missing = Object.keys(FIXED_PEOPLE).filter((u) => !placed.has(u));
  if (missing.length) throw new Error(`seed: fixed accounts not placed: ${missing.join(', ')}`);
  return b.people;
}
