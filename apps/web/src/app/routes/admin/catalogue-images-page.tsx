import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { useImagePages, useImageTypes } from '@/features/admin-catalogue/api/catalogue-reads';
import { useBilingualName } from '@/features/admin-catalogue/components/bilingual-name';
import { CatalogueFilters } from '@/features/admin-catalogue/components/catalogue-filters';
import { ImageFormDialog } from '@/features/admin-catalogue/components/image-dialogs';
import { ImagesTable } from '@/features/admin-catalogue/components/images-table';
import { useAdminCatalogueTranslation } from '@/features/admin-catalogue/use-admin-catalogue-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** Official images: filtered and paged, added, edited, placed in the banner, hidden and shown. */
export function CatalogueImagesPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminCatalogueTranslation();
  const name = useBilingualName();
  const paged = useImagePages();
  const types = useImageTypes();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={pageT('pages.catalogueImages')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="catalogue-add-image"
          >
            {t('images.add')}
          </Button>
        }
      />
      <CatalogueFilters
        types={types.data?.map((type) => ({ value: type.id, label: name(type) }))}
        onChange={(filters) => paged.change({ filters })}
        testId="catalogue-images-filter"
      />
      <ImagesTable paged={paged} />
      {adding ? <ImageFormDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
