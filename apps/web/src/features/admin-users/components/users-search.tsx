import { RoleKey } from '@suanli/contract';
import { Button, Flex, Input, Select, type TableColumnsType } from 'antd';
import { DeskTable } from '@/shared/ui/desk-table';
import { useUserSearch, type AccountState, type UserFilters, type UserPage, type UserRow } from '../api/users-reads';
import { useAdminUsersTranslation } from '../use-admin-users-translation';
import { usersCsv } from './users-csv';

/**
 * Finds accounts by id, phone, e-mail or nickname, of a role or state; choosing one opens its page. The accounts the
 * filters select export as CSV.
 */
export function UsersSearch({ onOpen }: { onOpen(userId: string): void }) {
  const { t } = useAdminUsersTranslation();
  const paged = useUserSearch();
  const columns: TableColumnsType<UserRow> = [
    { key: 'nickName', title: t('columns.nickName'), dataIndex: 'nickName' },
    { key: 'userId', title: t('columns.userId'), dataIndex: 'userId' },
    { key: 'account', title: t('columns.account'), render: (_, row) => row.phone ?? row.email ?? '—' },
    {
      key: 'roles',
      title: t('columns.roles'),
      render: (_, row) => row.roles.map((role) => t(`contract:${RoleKey.labelKey(role)}`)).join(', '),
    },
    { key: 'state', title: t('columns.state'), render: (_, row) => t(`states.${row.state}`) },
    {
      key: 'open',
      title: t('columns.open'),
      render: (_, row) => (
        <Button size="small" onClick={() => onOpen(row.userId)} data-testid="users-open">
          {t('open')}
        </Button>
      ),
    },
  ];
  const filters = (
    <Flex wrap gap={8}>
      <Input.Search
        allowClear
        style={{ maxWidth: 360 }}
        aria-label={t('filters.q')}
        placeholder={t('filters.q')}
        enterButton={t('filters.search')}
        onSearch={(q) => paged.change({ filters: { q: q.trim() || undefined } })}
        data-testid="users-search"
      />
      <Select
        allowClear
        style={{ minWidth: 160 }}
        aria-label={t('filters.role')}
        placeholder={t('filters.anyRole')}
        options={RoleKey.values.map((role) => ({ value: role, label: t(`contract:${RoleKey.labelKey(role)}`) }))}
        onChange={(role?: RoleKey) => paged.change({ filters: { role } })}
      />
      <Select
        allowClear
        style={{ minWidth: 160 }}
        aria-label={t('filters.state')}
        placeholder={t('filters.anyState')}
        options={(['active', 'locked'] as const).map((state) => ({ value: state, label: t(`states.${state}`) }))}
        onChange={(state?: AccountState) => paged.change({ filters: { state } })}
      />
    </Flex>
  );
  return (
    <DeskTable<UserPage, UserFilters>
      label={t('title')}
      minWidth={720}
      toolbar={filters}
      csvExport={{ fileName: t('csv.fileName'), csv: (rows) => usersCsv(rows, t), testId: 'users-export' }}
      paged={paged}
      rowKey="userId"
      columns={columns}
      emptyText={t('empty')}
      data-testid="users-table"
    />
  );
}
