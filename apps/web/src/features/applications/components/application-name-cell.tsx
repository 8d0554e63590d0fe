import { EditOutlined, PushpinFilled } from '@ant-design/icons';
import { LIMITS } from '@suanli/contract';
import { App, Button, Flex, Input, Tooltip, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useRenameApplication } from '../api/rename-application';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

const isValidName = (name: string) => name.length >= 1 && name.length <= LIMITS.appNameMaxLength;

/**
 * The name, renamed in place: the pencil opens a field, Enter or leaving it saves, Esc puts the old name back. A name
 * that is empty or too long keeps the field open with the rule's message on Enter, and is dropped on leaving.
 */
export function ApplicationNameCell({ row }: { row: ApplicationRow }) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const rename = useRenameApplication();
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  // Enter saves and closes the field, whose blur would otherwise save a second time.
  const closing = useRef(false);

  const open = () => {
    closing.current = false;
    setInvalid(false);
    setDraft(row.appName);
  };
  const close = () => {
    closing.current = true;
    setDraft(null);
  };
  const save = (keepOpenIfInvalid: boolean) => {
    if (closing.current || draft === null) {
      return;
    }
    const name = draft.trim();
    if (!isValidName(name)) {
      if (keepOpenIfInvalid) {
        setInvalid(true);
      } else {
        close();
      }
      return;
    }
    close();
    if (name !== row.appName) {
      // A refusal is said by the HTTP client (the call is not silent), and the old name shows again.
      rename.mutate(
        { id: row.id, appName: name },
        { onSuccess: () => void message.success(t('list.rename.done', { name })) },
      );
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      close();
    }
  };

  if (draft !== null) {
    return (
      <Flex vertical gap={4}>
        <Input
          autoFocus
          size="small"
          value={draft}
          maxLength={LIMITS.appNameMaxLength + 1}
          status={invalid ? 'error' : undefined}
          aria-label={t('list.rename.label')}
          onChange={(event) => {
            setInvalid(false);
            setDraft(event.target.value);
          }}
          onPressEnter={() => save(true)}
          onBlur={() => save(false)}
          onKeyDown={onKeyDown}
          style={{ minWidth: 180 }}
          data-testid={`app-name-input-${row.id}`}
        />
        {invalid ? (
          <Typography.Text type="danger" role="alert">
            {t('contract:validation.appName')}
          </Typography.Text>
        ) : null}
      </Flex>
    );
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
        onClick={open}
        data-testid={`app-rename-${row.id}`}
      />
    </Flex>
  );
}
