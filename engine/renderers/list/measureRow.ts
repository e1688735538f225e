import { useEffect } from 'react';

/**
 * Keeps the controls of antd's measure row out of the Tab order: a table that scrolls sideways repeats its header
 * (the select-all box, header controls) in a hidden, aria-hidden row that measures the columns, and a focusable
 * control inside aria-hidden fails WCAG 2.1 4.1.2 (axe `aria-hidden-focus`). `root` answers an element holding the
 * table (none yet: nothing to do).
 * Runs after every render, since antd redraws that row with the columns.
 */
export function useMeasureRowUntabbable(root: () => Element | null | undefined): void {
  useEffect(() => {
    root()
      ?.querySelectorAll('.ant-table-measure-row input, .ant-table-measure-row [tabindex], .ant-table-measure-row button, .ant-table-measure-row a[href]')
      .forEach((el) => el.setAttribute('tabindex', '-1'));
  });
}
