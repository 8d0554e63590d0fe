import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { useModelPages, useModelTypes } from '@/features/admin-catalogue/api/catalogue-reads';
import { CatalogueFilters } from '@/features/admin-catalogue/components/catalogue-filters';
import { ModelFormDialog } from '@/features/admin-catalogue/components/model-dialogs';
import { ModelsTable } from '@/features/admin-catalogue/components/models-table';
import { useAdminCatalogueTranslation } from '@/features/admin-catalogue/use-admin-catalogue-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The model center's models: filtered and paged, added, edited, hidden and shown. */
export function CatalogueModelsPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminCatalogueTranslation();
  const paged = useModelPages();
  const types = useModelTypes();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={pageT('pages.catalogueModels')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="catalogue-add-model"
          >
            {t('models.add')}
          </Button>
        }
      />
      <CatalogueFilters
        types={types.data?.map((type) => ({ value: type.id, label: type.name }))}
        onChange={(filters) => paged.change({ filters })}
        testId="catalogue-models-filter"
      />
      <ModelsTable paged={paged} />
      {adding ? <ModelFormDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
