/**
 * designer/form — the form designer: the FormDesigner component (palette, canvas, inspector, live
 * preview) and its editing model (./model: commands, undo / redo, conditions, round trip with the form page
 * format). Routes and server calls are wired by the caller.
 */
export { FormDesigner, type FormDesignerProps } from './FormDesigner';
export { useFormDesign, type FormDesign, type FormDesignOptions } from './useFormDesign';
export * from './model';
