import { Menu, type MenuProps } from 'antd';
import { use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { PermissionsContext } from '@/shared/ui/permissions-context';
import { filterMenu } from '../routes/filter-menu';
import { MAIN_MENU, groupKeys, type MenuActionKey, type MenuEntry } from '../routes/menu-table';
import type { RouteHandle } from '../routes/route-meta';
import { ROUTE_BY_KEY, hrefOf, type ConsoleRouteKey } from '../routes/route-table';

type MenuItems = NonNullable<MenuProps['items']>;

/** What the menu's action entries do; help docs is a page of its own. */
export type MenuActions = Record<Exclude<MenuActionKey, 'helpDocs'>, () => void>;

interface MainMenuProps {
  /** Horizontal in the desktop header; inline, every group open, in the phone drawer. */
  mode: 'horizontal' | 'inline';
  actions: MenuActions;
  /** Called after any entry is chosen (the drawer closes itself). */
  onChosen?: () => void;
  className?: string;
}

function toItems(entries: readonly MenuEntry[], label: (key: string) => string): MenuItems {
  return entries.map((entry) => {
    const text = <span data-testid={`menu-${entry.key}`}>{label(entry.key)}</span>;
    return entry.kind === 'group'
      ? { key: entry.key, label: text, children: toItems(entry.children, label) }
      : { key: entry.key, label: text };
  });
}

function isRouteKey(key: string): key is ConsoleRouteKey {
  return key in ROUTE_BY_KEY;
}

/** The top menu of spec §2, filtered by the user's route permissions. */
export function MainMenu({ mode, actions, onChosen, className }: MainMenuProps) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const permissions = use(PermissionsContext);
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const visible = useMemo(
    () =>
      filterMenu(MAIN_MENU, {
        permissionOf: (key) => ROUTE_BY_KEY[key as ConsoleRouteKey]?.permission,
        permissions,
      }),
    [permissions],
  );
  const items = useMemo(() => toItems(visible, (key) => t(key)), [visible, t]);
  // Controlled, so that choosing an entry closes the "More" popup rather than leaving it over the page or over the
  // dialog the entry opened (issue 9).
  const [openKeys, setOpenKeys] = useState<string[]>(() => (mode === 'inline' ? groupKeys(visible) : []));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (mode === 'horizontal') {
      setOpenKeys([]);
    }
    onChosen?.();
    if (isRouteKey(key)) {
      void navigate(hrefOf(ROUTE_BY_KEY[key]));
    } else if (key === 'helpDocs') {
      void navigate('/help');
    } else {
      actions[key as keyof MenuActions]?.();
    }
  };

  return (
    <Menu
      mode={mode}
      className={className}
      data-testid="main-menu"
      aria-label={t('label')}
      items={items}
      selectedKeys={handle ? [handle.menuKey] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
