/**
 * Icons of the menu sections (the `icon` names of the route table — shell and area sections — and of MenuNode.icon),
 * imported one by one so the bundle holds only these: exactly the names of engine/schema/menuIcons.ts MENU_ICONS (the
 * table's type makes the two lists agree), the ones the schema lint lets an area name.
 */
import type { ComponentType } from 'react';
import {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BookOutlined, BranchesOutlined, BugOutlined, BulbOutlined, CalendarOutlined, CarOutlined,
  CarryOutOutlined, CheckSquareOutlined, ClockCircleOutlined, CloudOutlined, ClusterOutlined, CoffeeOutlined,
  CommentOutlined, ContactsOutlined, ContainerOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined,
  EnvironmentOutlined, FieldTimeOutlined, FileDoneOutlined, FileOutlined, FileProtectOutlined, FileSearchOutlined,
  FileTextOutlined, FlagOutlined, FolderOpenOutlined, FolderOutlined, FormOutlined, FundOutlined, GiftOutlined,
  GlobalOutlined, HomeOutlined, IdcardOutlined, InboxOutlined, KeyOutlined, LinkOutlined, MailOutlined,
  MedicineBoxOutlined, MessageOutlined, MoneyCollectOutlined, NotificationOutlined, OrderedListOutlined,
  PhoneOutlined, PieChartOutlined, PrinterOutlined, ProfileOutlined, ReadOutlined, ReconciliationOutlined,
  SafetyCertificateOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined, ShopOutlined, SolutionOutlined,
  SoundOutlined, SwapOutlined, TableOutlined, TeamOutlined, ToolOutlined, TrophyOutlined, UserOutlined,
  VerifiedOutlined, WalletOutlined,
} from '@ant-design/icons';
import type { MenuIconName } from '../../../engine/schema/menuIcons';
import { allSections } from '../router/routeTable';

const ICONS: Record<MenuIconName, ComponentType<{ className?: string }>> = {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BookOutlined, BranchesOutlined, BugOutlined, BulbOutlined, CalendarOutlined, CarOutlined,
  CarryOutOutlined, CheckSquareOutlined, ClockCircleOutlined, CloudOutlined, ClusterOutlined, CoffeeOutlined,
  CommentOutlined, ContactsOutlined, ContainerOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined,
  EnvironmentOutlined, FieldTimeOutlined, FileDoneOutlined, FileOutlined, FileProtectOutlined, FileSearchOutlined,
  FileTextOutlined, FlagOutlined, FolderOpenOutlined, FolderOutlined, FormOutlined, FundOutlined, GiftOutlined,
  GlobalOutlined, HomeOutlined, IdcardOutlined, InboxOutlined, KeyOutlined, LinkOutlined, MailOutlined,
  MedicineBoxOutlined, MessageOutlined, MoneyCollectOutlined, NotificationOutlined, OrderedListOutlined,
  PhoneOutlined, PieChartOutlined, PrinterOutlined, ProfileOutlined, ReadOutlined, ReconciliationOutlined,
  SafetyCertificateOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined, ShopOutlined, SolutionOutlined,
  SoundOutlined, SwapOutlined, TableOutlined, TeamOutlined, ToolOutlined, TrophyOutlined, UserOutlined,
  VerifiedOutlined, WalletOutlined,
};

const iconOf = (name: string | null | undefined) => (name && Object.hasOwn(ICONS, name) ? ICONS[name as MenuIconName] : undefined);

/** The icon name of a menu path: the node's own icon, else the icon of its section in the route table. */
export function iconNameOf(path: string, own?: string | null): string | undefined {
  if (own && iconOf(own)) return own;
  const seg = path.split('/')[1];
  return allSections().find((s) => s.path === `/${seg}`)?.icon;
}

/**
 * Renders the icon called `name` (one of MENU_ICONS); an unknown name (a menu row the lint never saw) gives a file
 * icon. Props: `name`, optional `className`.
 */
export function MenuIcon({ name, className }: { name?: string | null; className?: string }) {
  const Icon = iconOf(name) ?? ICONS.FileOutlined;
  return <Icon className={className} />;
}
