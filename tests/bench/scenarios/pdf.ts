/**
 * The `pdf` scenario: time to render a 10-page 公文 as PDF per GB/T 9704-2012
 * (src/server/services/pdf renderOfficialPdf, in this process, no server): the realistic 通知 of the unit tests
 * (tests/unit/pdf/sample.ts, seal included) with its 正文 grown to 10 pages. One cold render (fonts opened for
 * the first time), then the median wall-clock and CPU time of ROUNDS warm renders against the target ≤ 1 s.
 * Figures only, no assertion.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderOfficialPdf } from '../../../src/areas/document/server/pdf/index.js';
import { sampleNotice, sealPng } from '../../unit/pdf/sample.js';
import { median } from '../lib.js';

const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 7);
const TARGET_MS = 1000;
/** Sections of the sample 正文 (about a page each) that make a 10-page document. */
const SECTIONS = 11;

/** Pages of a PDF (poppler's pdfinfo), or null when it is not installed. */
function pages(pdf: Buffer): number | null {
  const file = path.join(os.tmpdir(), `oa-bench-${process.pid}.pdf`);
  try {
    fs.writeFileSync(file, pdf);
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  } catch {
    return null;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Runs the scenario and prints its figures. */
export async function runPdfBench(): Promise<void> {
  const doc = sampleNotice(SECTIONS, sealPng());
  let t = performance.now();
  const first = await renderOfficialPdf(doc);
  const coldMs = performance.now() - t;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const c = process.cpuUsage();
    t = performance.now();
    await renderOfficialPdf(doc);
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const m = median(wall);
  console.log(
    `公文 PDF (GB/T 9704, ${pages(first) ?? '?'} pages, ${(first.length / 1024).toFixed(0)} KiB, seal, Noto CJK subsets): first render ${coldMs.toFixed(0)} ms (fonts opened), ` +
      `then median of ${ROUNDS} ${m.toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU (min ${Math.min(...wall).toFixed(0)}, max ${Math.max(...wall).toFixed(0)}) ` +
      `(target ≤ ${TARGET_MS} ms) ${m <= TARGET_MS ? 'OK' : 'OVER TARGET'}`,
  );
}
