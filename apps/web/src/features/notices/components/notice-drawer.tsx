import { Drawer, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InformList } from './inform-list';
import { PlatformNoticeList } from './platform-notice-list';

interface NoticeDrawerProps {
  open: boolean;
  onClose: () => void;
}

type Pane = 'informs' | 'platform';

/**
 * The user's notices and the platform announcements, one at a time behind a segmented switch: antd's Tabs would
 * announce "Tab 1 of 2" in English to a screen reader whatever the language (issue 9).
 */
export default function NoticeDrawer({ open, onClose }: NoticeDrawerProps) {
  const { t } = useTranslation('notices');
  const [pane, setPane] = useState<Pane>('informs');
  return (
    <Drawer title={t('title')} open={open} onClose={onClose} size={420} destroyOnHidden>
      <Flex vertical gap={16} data-testid="notice-drawer">
        <Segmented<Pane>
          block
          value={pane}
          onChange={setPane}
          aria-label={t('title')}
          options={[
            { value: 'informs', label: <span data-testid="notice-tab-informs">{t('tabs.informs')}</span> },
            { value: 'platform', label: <span data-testid="notice-tab-platform">{t('tabs.platform')}</span> },
          ]}
        />
        <div role="group" aria-label={t(`tabs.${pane}`)}>
          {pane === 'informs' ? <InformList /> : <PlatformNoticeList />}
        </div>
      </Flex>
    </Drawer>
  );
}
