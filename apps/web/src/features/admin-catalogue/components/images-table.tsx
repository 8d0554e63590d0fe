import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { PagedQuery } from '@/shared/query/use-paged-query';
import { PagedTable } from '@/shared/ui/paged-table';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useHideImage } from '../api/catalogue-changes';
import type { CatalogueFilters, DeskImage, ImagePage } from '../api/catalogue-reads';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';
import { HideDialog } from './hide-dialog';
import { BannerDialog, ImageFormDialog } from './image-dialogs';
import { useBilingualName } from './bilingual-name';
import { VisibilityTag } from './visibility-tag';

type Change = { image: DeskImage; action: 'edit' | 'banner' | 'hide' };

/** A page of official images; each is edited, placed in the banner, hidden or shown from its row. */
export function ImagesTable({ paged }: { paged: PagedQuery<ImagePage, CatalogueFilters> }) {
  const { t } = useAdminCatalogueTranslation();
  const typeName = useBilingualName();
  const hide = useHideImage();
  const [change, setChange] = useState<Change | null>(null);
  const close = () => setChange(null);

  const columns: TableColumnsType<DeskImage> = [
    { key: 'name', title: t('images.name'), dataIndex: 'name' },
    {
      key: 'type',
      title: t('images.type'),
      render: (_, image) => typeName({ nameZh: image.typeNameZh, nameEn: image.typeNameEn }),
    },
    { key: 'memory', title: t('images.minGpuMemoryGb'), dataIndex: 'minGpuMemoryGb' },
    {
      key: 'banner',
      title: t('banner.place'),
      render: (_, image) => image.bannerOrder ?? t('banner.none'),
    },
    { key: 'visibility', title: t('visibility.title'), render: (_, image) => <VisibilityTag hidden={image.hidden} /> },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, image) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setChange({ image, action: 'edit' })} data-testid="catalogue-image-edit">
            {t('edit')}
          </Button>
          <Button
            size="small"
            onClick={() => setChange({ image, action: 'banner' })}
            data-testid="catalogue-image-banner"
          >
            {t('banner.button')}
          </Button>
          <Button
            size="small"
            danger={!image.hidden}
            onClick={() => setChange({ image, action: 'hide' })}
            data-testid="catalogue-image-hide"
          >
            {image.hidden ? t('show.ok') : t('hide.ok')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ScrollRegion label={t('images.title')} minWidth={760}>
        <PagedTable<ImagePage, CatalogueFilters>
          paged={paged}
          rowKey="id"
          columns={columns}
          emptyText={t('images.empty')}
          data-testid="catalogue-images"
        />
      </ScrollRegion>
      {change?.action === 'edit' ? <ImageFormDialog image={change.image} onClose={close} /> : null}
      {change?.action === 'banner' ? <BannerDialog image={change.image} onClose={close} /> : null}
      {change?.action === 'hide' ? (
        <HideDialog
          kind="image"
          name={change.image.name}
          hidden={change.image.hidden}
          onSubmit={(body) => hide.mutateAsync({ ...body, id: change.image.id, version: change.image.version })}
          onClose={close}
        />
      ) : null}
    </>
  );
}
