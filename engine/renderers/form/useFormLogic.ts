/**
 * The data and rule state both rjsf forms of the engine keep (the `form` page kind and the approval page's
 * business form): rjsf keeps the values being typed and `dataRef` mirrors them; the component re-renders (and
 * hands rjsf `dataRef.current`) only when what it draws changes — rule outcomes or computed values — because
 * re-rendering on every keystroke made rjsf rebuild its state for the whole form twice per key. Also the
 * cross-field validators of the logic as an rjsf `customValidate`.
 */
import { useCallback, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import type { CustomValidator, FormValidation } from '@rjsf/utils';
import type { FormLogic } from '../../form';

type Data = Record<string, unknown>;

/** What useFormLogic answers. */
export interface FormLogicState {
  /** The data rules and computed values were last drawn from; `setRuleData` draws new data (a load). */
  ruleData: Data;
  setRuleData: (d: Data) => void;
  /** The current values (typed and computed). */
  dataRef: MutableRefObject<Data>;
  /** Rule outcomes of `ruleData` (visible / required / readOnly), with their `key`. */
  ruleState: ReturnType<FormLogic['rules']>;
  /** rjsf onChange: computes, mirrors into dataRef, draws again when rules or computed values changed; then `afterChange(next)`. */
  onChange: (e: IChangeEvent) => void;
  /** The logic's cross-field validators, errors at their field (or the form). */
  customValidate: CustomValidator;
}

/** The state of the module comment, starting from `initial()`. */
export function useFormLogic(logic: FormLogic, initial: () => Data, afterChange?: (next: Data) => void): FormLogicState {
  const [ruleData, setRuleData] = useState<Data>(initial);
  const dataRef = useRef(ruleData);
  const ruleState = useMemo(() => logic.rules(ruleData), [logic, ruleData]);
  const ruleKeyRef = useRef(ruleState.key);
  ruleKeyRef.current = ruleState.key;
  const after = useRef(afterChange);
  after.current = afterChange;
  const onChange = useCallback(
    (e: IChangeEvent) => {
      const typed = (e.formData ?? {}) as Data;
      const next = logic.compute(dataRef.current, typed).data;
      dataRef.current = next;
      // Computed values to show, or rules that now hide / require / lock other fields: draw again.
      if (next !== typed || logic.rules(next).key !== ruleKeyRef.current) setRuleData(next);
      after.current?.(next);
    },
    [logic],
  );
  const customValidate = useCallback<CustomValidator>(
    (formData, errors: FormValidation) => {
      for (const v of logic.validate((formData ?? {}) as Data)) {
        const target = v.field ? (errors as unknown as Record<string, FormValidation | undefined>)[v.field] : undefined;
        (target ?? errors).addError(v.message);
      }
      return errors;
    },
    [logic],
  );
  return { ruleData, setRuleData, dataRef, ruleState, onChange, customValidate };
}
