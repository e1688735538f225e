/**
 * The icons a menu section or route may name (area.json `section.icon`, the shell's sections in src/shared/routes.ts,
 * MenuNode.icon): @ant-design/icons component names. The shell imports exactly these one by one
 * (src/app/components/MenuIcon.tsx, whose table must hold every name here), so the bundle never carries the whole
 * icon set; the schema lint (./lint.ts) refuses any other name. Add a name here and its import there together.
 * Pure: no React.
 */
export const MENU_ICONS = [
  'AccountBookOutlined',
  'ApartmentOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BookOutlined',
  'BranchesOutlined',
  'BugOutlined',
  'BulbOutlined',
  'CalendarOutlined',
  'CarOutlined',
  'CarryOutOutlined',
  'CheckSquareOutlined',
  'ClockCircleOutlined',
  'CloudOutlined',
  'ClusterOutlined',
  'CoffeeOutlined',
  'CommentOutlined',
  'ContactsOutlined',
  'ContainerOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DesktopOutlined',
  'EnvironmentOutlined',
  'FieldTimeOutlined',
  'FileDoneOutlined',
  'FileOutlined',
  'FileProtectOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FlagOutlined',
  'FolderOpenOutlined',
  'FolderOutlined',
  'FormOutlined',
  'FundOutlined',
  'GiftOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'InboxOutlined',
  'KeyOutlined',
  'LinkOutlined',
  'MailOutlined',
  'MedicineBoxOutlined',
  'MessageOutlined',
  'MoneyCollectOutlined',
  'NotificationOutlined',
  'OrderedListOutlined',
  'PhoneOutlined',
  'PieChartOutlined',
  'PrinterOutlined',
  'ProfileOutlined',
  'ReadOutlined',
  'ReconciliationOutlined',
  'SafetyCertificateOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'SolutionOutlined',
  'SoundOutlined',
  'SwapOutlined',
  'TableOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'TrophyOutlined',
  'UserOutlined',
  'VerifiedOutlined',
  'WalletOutlined',
] as const;

/** One allowed menu icon name. */
export type MenuIconName = (typeof MENU_ICONS)[number];

const KNOWN: ReadonlySet<string> = new Set(MENU_ICONS);

/** Whether `name` is one of MENU_ICONS. */
export function isMenuIcon(name: unknown): name is MenuIconName {
  return typeof name === 'string' && KNOWN.has(name);
}
