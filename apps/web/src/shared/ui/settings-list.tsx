import { Card, Flex, Typography } from 'antd';
import { Children, type ReactNode } from 'react';

interface SettingsListProps {
  title: string;
  testId: string;
  children: ReactNode;
}

/**
 * A compact list of settings, one row each (item, state, action), whose forms open on demand, as the user centers of
 * AutoDL and of banks are laid out (issue 9), rather than every form open on one long page.
 */
export function SettingsList({ title, testId, children }: SettingsListProps) {
  const rows = Children.toArray(children);
  return (
    <Card title={title} data-testid={testId} styles={{ body: { paddingBlock: 8 } }}>
      <div role="list">
        {rows.map((row, index) => (
          <div role="listitem" key={index} style={index > 0 ? { borderTop: '1px solid #f0f0f0' } : undefined}>
            {row}
          </div>
        ))}
      </div>
    </Card>
  );
}

interface SettingsItemProps {
  /** Test ids: `<prefix>-item-<id>`, `<prefix>-state-<id>`. */
  id: string;
  prefix: string;
  icon: ReactNode;
  title: string;
  /** The current state: "set", a masked phone, "not bound"; a skeleton while it loads. */
  state: ReactNode;
  /** The button that opens the item's form, if any. */
  action?: ReactNode;
}

export function SettingsItem({ id, prefix, icon, title, state, action }: SettingsItemProps) {
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ paddingBlock: 16 }}>
      <Flex align="center" gap={12} style={{ minWidth: 0, flex: '1 1 220px' }} data-testid={`${prefix}-item-${id}`}>
        <span style={{ fontSize: 20, color: 'rgba(0, 0, 0, 0.65)' }} aria-hidden>
          {icon}
        </span>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary" data-testid={`${prefix}-state-${id}`} style={{ wordBreak: 'break-all' }}>
            {state}
          </Typography.Text>
        </Flex>
      </Flex>
      {action ? <div style={{ flex: 'none' }}>{action}</div> : null}
    </Flex>
  );
}
