import { Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { InformList } from './inform-list';
import { PlatformNoticeList } from './platform-notice-list';

interface NoticeDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The user's notices and the platform announcements, side by side in tabs. */
export default function NoticeDrawer({ open, onClose }: NoticeDrawerProps) {
  const { t } = useTranslation('notices');
  return (
    <Drawer title={t('title')} open={open} onClose={onClose} size={420} destroyOnHidden>
      <div data-testid="notice-drawer">
        <Tabs
          items={[
            { key: 'informs', label: t('tabs.informs'), children: <InformList /> },
            { key: 'platform', label: t('tabs.platform'), children: <PlatformNoticeList /> },
          ]}
        />
      </div>
    </Drawer>
  );
}
