import { EditOutlined, PushpinFilled } from '@ant-design/icons';
import { App, Button, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { loadedWhenShown } from '@/shared/ui/loaded-when-shown';
import { useRenameApplication } from '../api/rename-application';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

// The field and antd's Input come when a name is first edited, not with the list (issue 25); the pencil starts loading
// them as the pointer or focus reaches it.
const loadNameField = () => import('./application-name-field');
const ApplicationNameField = loadedWhenShown(lazyNamed(loadNameField, 'ApplicationNameField'));
const preloadNameField = () => void loadNameField().catch(() => undefined);

/** The name, renamed in place: the pencil opens a field (application-name-field.tsx) that saves a valid new name. */
export function ApplicationNameCell({ row }: { row: ApplicationRow }) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const rename = useRenameApplication();
  const [editing, setEditing] = useState(false);

  const save = (name: string) => {
    if (name !== row.appName) {
      // A refusal is said by the HTTP client (the call is not silent), and the old name shows again.
      rename.mutate(
        { id: row.id, appName: name },
        { onSuccess: () => void message.success(t('list.rename.done', { name })) },
      );
    }
  };

  if (editing) {
    return <ApplicationNameField row={row} onSave={save} onClose={() => setEditing(false)} />;
  }
  return (
    <Flex align="center" gap={4}>
      {row.pinned ? (
        <Tooltip title={t('list.pinned')}>
          <PushpinFilled aria-label={t('list.pinned')} data-testid={`app-pinned-${row.id}`} />
        </Tooltip>
      ) : null}
      <Link to={`/viewApp?id=${row.id}`} data-testid={`app-name-${row.id}`}>
        {rename.isPending ? rename.variables.appName : row.appName}
      </Link>
      <Button
        type="text"
        size="small"
        icon={<EditOutlined />}
        aria-label={t('list.rename.open', { name: row.appName })}
        onClick={() => setEditing(true)}
        onPointerEnter={preloadNameField}
        onFocus={preloadNameField}
        data-testid={`app-rename-${row.id}`}
      />
    </Flex>
  );
}
