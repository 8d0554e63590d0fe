import { CustomerServiceOutlined, DesktopOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MountedOnceOpened } from '@/shared/ui/mounted-once-opened';
import { MainMenu, type MenuActions } from './main-menu';

/**
 * Below desktop width (issue 9) the menu lives in a drawer behind a menu button, with the console button and
 * customer service that the narrow header has no room for.
 */
export function MenuDrawer({ actions }: { actions: MenuActions }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('header.openMenu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="menu-button"
      />
      <MountedOnceOpened open={open}>
        <Drawer
          open={open}
          onClose={close}
          placement="left"
          size={300}
          title={t('header.menu')}
          styles={{ body: { padding: 0 } }}
        >
          <Flex vertical data-testid="menu-drawer">
            <Flex gap={8} wrap style={{ padding: 16 }}>
              <Button
                icon={<DesktopOutlined />}
                data-testid="console-button"
                onClick={() => {
                  close();
                  void navigate('/ourConsole');
                }}
              >
                {t('header.console')}
              </Button>
              <Button
                icon={<CustomerServiceOutlined />}
                data-testid="customer-service"
                onClick={() => {
                  close();
                  actions.contactUs();
                }}
              >
                {t('header.customerService')}
              </Button>
            </Flex>
            <MainMenu mode="inline" actions={actions} onChosen={close} />
          </Flex>
        </Drawer>
      </MountedOnceOpened>
    </>
  );
}
