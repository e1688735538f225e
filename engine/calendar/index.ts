/**
 * The working-day calendar (DESIGN §5): statutory holidays by rule for any year (./statutory.ts) and the
 * resolution of a date through the organisation's calendar, the announced schedule and the rule (./schedule.ts).
 * Pure TS (no Node, no React).
 */
export { statutoryHolidays, statutoryHolidayOn, HOLIDAY_NAMES, FIRST_YEAR, LAST_YEAR, type StatutoryDay, type HolidayKey } from './statutory';
export {
  setHolidayOverrides,
  chineseDaysHasYear,
  yearSchedule,
  isProvisionalYear,
  isWorkingDate,
  isProvisionalSpan,
  deadlineProvisional,
  calendarStatus,
  WARN_FROM,
  type HolidayOverride,
  type ScheduleSource,
  type YearSchedule,
  type CalendarStatus,
} from './schedule';
