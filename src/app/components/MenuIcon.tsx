/**
 * Icons of the menu sections (the `icon` names of the route table — shell and area sections — and of MenuNode.icon), imported one
 * by one so the bundle holds only these.
 */
import type { ComponentType } from 'react';
import {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BarChartOutlined, BellOutlined, BranchesOutlined, BugOutlined,
  BulbOutlined, CalendarOutlined, CarOutlined, CheckSquareOutlined, ClockCircleOutlined, CloudOutlined, ClusterOutlined,
  CoffeeOutlined, ContactsOutlined, DashboardOutlined, DatabaseOutlined, FieldTimeOutlined, FileProtectOutlined,
  FileTextOutlined, FolderOpenOutlined, FormOutlined, GlobalOutlined, HomeOutlined, LinkOutlined, MailOutlined,
  MessageOutlined, NotificationOutlined, OrderedListOutlined, ProfileOutlined, SafetyCertificateOutlined, SafetyOutlined,
  ScheduleOutlined, SettingOutlined, SoundOutlined, SwapOutlined, TableOutlined, TeamOutlined, ToolOutlined, VerifiedOutlined,
  FileOutlined,
} from '@ant-design/icons';
import { allSections } from '../router/routeTable';

const ICONS: Record<string, ComponentType<{ className?: string }>> = {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BarChartOutlined, BellOutlined, BranchesOutlined, BugOutlined,
  BulbOutlined, CalendarOutlined, CarOutlined, CheckSquareOutlined, ClockCircleOutlined, CloudOutlined, ClusterOutlined,
  CoffeeOutlined, ContactsOutlined, DashboardOutlined, DatabaseOutlined, FieldTimeOutlined, FileProtectOutlined,
  FileTextOutlined, FolderOpenOutlined, FormOutlined, GlobalOutlined, HomeOutlined, LinkOutlined, MailOutlined,
  MessageOutlined, NotificationOutlined, OrderedListOutlined, ProfileOutlined, SafetyCertificateOutlined, SafetyOutlined,
  ScheduleOutlined, SettingOutlined, SoundOutlined, SwapOutlined, TableOutlined, TeamOutlined, ToolOutlined, VerifiedOutlined,
};

/** The icon name of a menu path: the node's own icon, else the icon of its section in the route table. */
export function iconNameOf(path: string, own?: string | null): string | undefined {
  if (own && ICONS[own]) return own;
  const seg = path.split('/')[1];
  return allSections().find((s) => s.path === `/${seg}`)?.icon;
}

/**
 * Renders the icon called `name` (an @ant-design/icons component name); unknown names give a file icon.
 * Props: `name`, optional `className`.
 */
export function MenuIcon({ name, className }: { name?: string | null; className?: string }) {
  const Icon = (name && ICONS[name]) || FileOutlined;
  return <Icon className={className} />;
}
