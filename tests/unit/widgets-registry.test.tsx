/** Widget registry: a repeated key throws; a form naming an unknown widget shows an error box with page id and path. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import '@app/i18n';
import { registerWidget } from '../../widgets';
import { FormPage } from '../../engine/renderers/FormPage';
import type { FormPageDef } from '../../engine/schema/types';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

describe('widget registry', () => {
  it('throws when a key is registered twice', () => {
    expect(() => registerWidget('text', () => null)).toThrow(/twice/);
  });
  it('names the page and layout path of an unknown widget', () => {
    const b = bundleOf('receptions.reception.form');
    const page = JSON.parse(JSON.stringify(b.page)) as FormPageDef;
    (page.layout[0] as { children: { children: { widget?: string }[] }[] }).children[0].children[0].widget = 'nope';
    renderWithUser(<FormPage bundle={{ ...b, page }} embedded />, userWith([]));
    const box = screen.getByTestId('definition-error');
    expect(box.textContent).toContain('receptions.reception.form');
    expect(box.textContent).toContain('/layout/0/children/0/children/0');
    expect(box.textContent).toContain('nope');
  });
});
