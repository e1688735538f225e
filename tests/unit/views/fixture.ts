/** The roomtest fixture (tests/fixtures/schemas/roomtest) as page bundles, the way Template/page answers them (zh-CN texts). */
import { join } from 'node:path';
import { buildRegistry } from '../../../engine/schema/loader';
import { mergeLocaleFiles } from '../../../engine/schema/text';
import type { PageBundle } from '../../../engine/schema/bundle';
import type { DictDef } from '../../../engine/schema/types';
import { readSchemaDir, ROOT } from '../schema/helpers';

const dir = readSchemaDir(join(ROOT, 'tests/fixtures/schemas/roomtest'));
const registry = buildRegistry(dir.files, { root: 'tests/fixtures/schemas/' });
const texts = mergeLocaleFiles(dir.locales);

/** The bundle of fixture page `id` in `locale`. */
export function roomBundle(id: string, locale: 'zh-CN' | 'en-US' = 'zh-CN'): PageBundle {
  const page = registry.get('page', id);
  if (!page) throw new Error(`no fixture page ${id}`);
  const entity = registry.entityOf(page) ?? null;
  const codes = Object.values(entity?.model.properties ?? {})
    .map((p) => p['x-dict'])
    .filter((c): c is string => !!c);
  const dicts = codes.map((c) => registry.get('dict', c)).filter((d): d is DictDef => !!d);
  return { page, entity, dicts, texts: texts[locale] ?? {}, etag: `test-${id}` };
}
