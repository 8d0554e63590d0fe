import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { appLogin } from '../api/app-login';
import { useApplicationLinks, type ApplicationLink } from '../api/list-application-links';
import { useApplicationsTranslation } from '../use-applications-translation';

interface ApplicationLinksButtonProps {
  id: string;
  disabled: boolean;
}

/**
 * The application's links, each opened in a new tab through a one-time login on its own origin (ARCHITECTURE §5). The
 * tab is opened in the click itself, before the login is asked for, because a browser blocks a window opened later.
 */
export function ApplicationLinksButton({ id, disabled }: ApplicationLinksButtonProps) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const links = useApplicationLinks(id, open);

  const openLink = (link: ApplicationLink) => {
    const tab = window.open('about:blank', '_blank');
    if (!tab) {
      void message.error(t('links.popupBlocked'));
      return;
    }
    // The application's page must not reach back into the console's window.
    tab.opener = null;
    appLogin({ id, port: link.port }).then(
      ({ url }) => {
        tab.location.href = url;
      },
      () => tab.close(),
    );
  };

  const items = (links.data ?? []).map((link) => ({
    key: String(link.port),
    label: (
      <span data-testid={`app-link-${id}-${link.port}`}>{t('links.item', { name: link.name, port: link.port })}</span>
    ),
    onClick: () => openLink(link),
  }));
  const placeholder = links.isError ? t('links.error') : links.isPending ? t('links.loading') : t('links.none');

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      disabled={disabled}
      menu={{ items: items.length > 0 ? items : [{ key: 'empty', label: placeholder, disabled: true }] }}
    >
      <Button size="small" type="link" disabled={disabled} data-testid={`app-links-${id}`}>
        {t('actions.links')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
