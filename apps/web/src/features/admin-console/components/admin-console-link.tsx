import { ControlOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pagesFor } from '../admin-pages';
import { useMyOperatorAreas } from '../api/get-my-operator-areas';

/**
 * The way into the operations console, shown only to an operator whose areas open at least one of its pages; a user
 * never sees it, and the console's own code stays unloaded until it is followed. `compact` keeps the icon alone.
 */
export function AdminConsoleLink({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const areas = useMyOperatorAreas().data ?? [];
  if (pagesFor(areas).length === 0) {
    return null;
  }
  const button = (
    <Button
      icon={<ControlOutlined />}
      aria-label={compact ? t('admin.link') : undefined}
      onClick={() => navigate('/admin')}
      data-testid="admin-console-link"
    >
      {compact ? null : t('admin.link')}
    </Button>
  );
  return compact ? <Tooltip title={t('admin.link')}>{button}</Tooltip> : button;
}
