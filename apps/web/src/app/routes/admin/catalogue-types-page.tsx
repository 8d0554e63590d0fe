import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { TypeFormDialog, TypesTable } from '@/features/admin-catalogue/components/types-table';
import { useAdminCatalogueTranslation } from '@/features/admin-catalogue/use-admin-catalogue-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Image types: added, renamed, moved in the order, hidden and shown. */
export function CatalogueTypesPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminCatalogueTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={pageT('pages.catalogueTypes')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="catalogue-add-type"
          >
            {t('types.add')}
          </Button>
        }
      />
      <TypesTable />
      {adding ? <TypeFormDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
