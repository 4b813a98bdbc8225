// Named by what they do here: no screen picks a second "back".
export {
  ArrowLeft as BackIcon,
  Check as KeepIcon,
  ChevronDown as CollapseIcon,
  ChevronRight as ExpandIcon,
  Ellipsis as MoreIcon,
  Flag as MilestoneIcon,
  Keyboard as KeysIcon,
  ArrowDownUp as OrganiseIcon,
  Minus as MinusIcon,
  PictureInPicture2 as MiniWindowIcon,
  Pin as PinIcon,
  Plus as PlusIcon,
  RotateCw as ResendIcon,
  Search as SearchIcon,
  Settings as SettingsIcon,
  X as DismissIcon,
} from 'lucide-react';

/** The name is on the button, never on the picture. */
export const ICON = { size: 16, strokeWidth: 2, 'aria-hidden': true, focusable: false } as const;
