/**
 * engine/expr — CEL expressions of the definitions (DESIGN §4): environments from entity models,
 * type-checking with readable zh-CN/en-US messages, compiled evaluators over plain JSON, the Excel-style
 * function library and its catalogue. Pure TS: used by the browser and the server alike.
 */
export { envFromModel, createEnv, isCelIdentifier, CURRENT_USER_FIELDS, type ExprEnv, type ModelEnvOptions } from './env';
export type { CelTypeName } from './celtypes';
export { checkExpression, compileExpression, evaluateExpression, type CheckResult, type CheckOptions, type CompiledExpression } from './compile';
export { referencedFields } from './refs';
export { FUNCTIONS, type FunctionInfo } from './functions';
export { ExprError, FunctionError, type ExprLocale } from './errors';
export { translateError, type TranslatedError } from './messages';
export { upperMoney, roundHalfUp, UPPERMONEY_LIMIT } from './money';
export { setHolidayOverrides, setClock, today, isWorkingDay, workdays, addWorkdays, dateDif, daysBetween, type HolidayOverride, type Clock } from './dates';
export { DEFAULT_TIME_ZONE, isTimeZone, setTimeZone, timeZone, wallTime, zoneDate, zoneDateTime, zoneOffsetMinutes, instantOf, type WallTime } from './zone';
