/**
 * The icon of each palette entry of the form designer (@ant-design/icons, imported one by one so the bundle
 * never carries the whole set). Shown before the entry's name in the palette and in the drag overlay.
 */
import type { ComponentType } from 'react';
import {
  AlignLeftOutlined,
  ApartmentOutlined,
  BorderOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  DownSquareOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FolderOutlined,
  FontSizeOutlined,
  InfoCircleOutlined,
  LayoutOutlined,
  LinkOutlined,
  MoneyCollectOutlined,
  NumberOutlined,
  PaperClipOutlined,
  TableOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { PaletteKind } from './model';

/** Icon component per palette entry (every PaletteKind has one). */
export const PALETTE_ICONS: Record<PaletteKind, ComponentType> = {
  text: FontSizeOutlined,
  textarea: AlignLeftOutlined,
  number: NumberOutlined,
  money: MoneyCollectOutlined,
  date: CalendarOutlined,
  daterange: FieldTimeOutlined,
  select: DownSquareOutlined,
  radio: CheckCircleOutlined,
  checkbox: CheckSquareOutlined,
  person: UserOutlined,
  department: ApartmentOutlined,
  record: LinkOutlined,
  attachments: PaperClipOutlined,
  richtext: FileTextOutlined,
  subtable: TableOutlined,
  section: BorderOutlined,
  tabs: FolderOutlined,
  grid: LayoutOutlined,
  description: InfoCircleOutlined,
};

/** The icon of entry `kind`, hidden from assistive technology (the entry's name says what it is). */
export function PaletteIcon({ kind }: { kind: PaletteKind }) {
  const Icon = PALETTE_ICONS[kind] as ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  return <Icon aria-hidden className="oa-formd-palette-icon" />;
}
