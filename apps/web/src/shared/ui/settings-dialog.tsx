import { Modal } from 'antd';
import type { ReactNode } from 'react';

interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}

/** The form of one settings item, opened from its row; it starts empty each time (destroyed when hidden). */
export function SettingsDialog({ open, onClose, title, testId, children }: SettingsDialogProps) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={title} width={480} destroyOnHidden>
      <div data-testid={testId}>{children}</div>
    </Modal>
  );
}
