/**
 * Where a message reminder leads (SPEC §4 "Reminder target by kind"). Pure.
 */
import type { Reminder } from '../../stores/notices';

/** The in-app path a reminder opens, or undefined when it has no target. */
export function reminderTarget(r: Reminder, systemNoticeText?: string): string | undefined {
  // a flow reminder opens the approval page of its instance's entity, as the server names it
  if (r.open) return r.open;
  if (r.flow_id) return `/document/show-audit/${r.flow_id}`;
  if (r.affair_id) return `/affair/show-audit/${r.affair_id}`;
  if (r.meeting_id) return '/meeting/conference';
  if (r.source_id) {
    switch (r.type) {
      case 12:
        return '/schedule/index/day';
      case 13:
        return '/fileBox/index/share';
      case 14:
        return `/document/gwqsshow/${r.source_id}`;
      case 15:
        return `/mail/inbox/${r.source_id}`;
      case 18:
        return '/systemNotice/index';
      default:
        break;
    }
  }
  if (systemNoticeText && r.title.includes(systemNoticeText)) return '/systemNotice/index';
  return undefined;
}
