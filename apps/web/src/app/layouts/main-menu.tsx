import { Menu, Popover, type MenuProps } from 'antd';
import { use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { API_DOCS_URL } from '@/shared/config/site';
import { PermissionsContext } from '@/shared/ui/permissions-context';
import { filterMenu } from '../routes/filter-menu';
import { MAIN_MENU, type MenuActionKey, type MenuEntry } from '../routes/menu-table';
import type { RouteHandle } from '../routes/route-meta';
import { ROUTE_BY_KEY, hrefOf, type ConsoleRouteKey } from '../routes/route-table';
import { CustomerServiceCard } from './customer-service-card';

type MenuItems = NonNullable<MenuProps['items']>;

interface MainMenuProps {
  onFeedback: () => void;
}

function toItems(entries: readonly MenuEntry[], label: (key: string) => ReactNode): MenuItems {
  return entries.map((entry) =>
    entry.kind === 'group'
      ? { key: entry.key, label: label(entry.key), children: toItems(entry.children, label) }
      : { key: entry.key, label: label(entry.key) },
  );
}

function isRouteKey(key: string): key is ConsoleRouteKey {
  return key in ROUTE_BY_KEY;
}

/** The top menu of spec §2, filtered by the user's route permissions. */
export function MainMenu({ onFeedback }: MainMenuProps) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const permissions = use(PermissionsContext);
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;

  const items = useMemo(() => {
    const visible = filterMenu(MAIN_MENU, {
      permissionOf: (key) => ROUTE_BY_KEY[key as ConsoleRouteKey]?.permission,
      permissions,
    });
    return toItems(visible, (key) => {
      const text = <span data-testid={`menu-${key}`}>{t(key)}</span>;
      return key === 'contactUs' ? <Popover content={<CustomerServiceCard />}>{text}</Popover> : text;
    });
  }, [permissions, t]);

  const actions: Record<MenuActionKey, () => void> = {
    helpDocs: () => window.open(API_DOCS_URL, '_blank', 'noopener,noreferrer'),
    feedback: onFeedback,
    contactUs: () => undefined,
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isRouteKey(key)) {
      void navigate(hrefOf(ROUTE_BY_KEY[key]));
    } else {
      actions[key as MenuActionKey]?.();
    }
  };

  return (
    <Menu
      mode="horizontal"
      data-testid="main-menu"
      items={items}
      selectedKeys={handle ? [handle.menuKey] : []}
      onClick={onClick}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
    />
  );
}
