import { LIMITS } from '@suanli/contract';
import { Flex, Input, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

const isValidName = (name: string) => name.length >= 1 && name.length <= LIMITS.appNameMaxLength;

interface ApplicationNameFieldProps {
  row: ApplicationRow;
  /** A valid name the owner confirmed, unchanged or not. */
  onSave: (name: string) => void;
  onClose: () => void;
}

/**
 * The field a name is renamed in: Enter or leaving it saves, Esc puts the old name back. A name that is empty or too
 * long keeps the field open with the rule's message on Enter, and is dropped on leaving.
 */
export function ApplicationNameField({ row, onSave, onClose }: ApplicationNameFieldProps) {
  const { t } = useApplicationsTranslation();
  const [draft, setDraft] = useState(row.appName);
  const [invalid, setInvalid] = useState(false);
  // Enter saves and closes the field, whose blur would otherwise save a second time.
  const closing = useRef(false);

  const close = () => {
    closing.current = true;
    onClose();
  };
  const save = (keepOpenIfInvalid: boolean) => {
    if (closing.current) {
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
    onSave(name);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      close();
    }
  };

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
