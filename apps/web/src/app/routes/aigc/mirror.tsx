import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { ImageCatalogue } from '@/features/catalogue/components/image-catalogue';
import { MyImagesTable } from '@/features/images/components/my-images-table';
import { useImagesTranslation } from '@/features/images/use-images-translation';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * Spec §2 image list (kept alive): the images to rent an application from, official and community ones, the
 * caller's own saved images and those shared with them.
 */
export default function MirrorPage() {
  const { t } = useImagesTranslation();
  const navigate = useNavigate();
  const create = (image: { id: string; baseImageId: string }) =>
    void navigate(`/myApp?create=${image.baseImageId}&userImage=${image.id}`);
  return (
    <>
      <PageHeader title={t('routes:mirror.title')} />
      <Card>
        <Tabs
          items={[
            { key: 'catalogue', label: t('page.official'), children: <ImageCatalogue /> },
            { key: 'mine', label: t('page.mine'), children: <MyImagesTable scope="mine" onCreate={create} /> },
            { key: 'shared', label: t('page.shared'), children: <MyImagesTable scope="shared" onCreate={create} /> },
          ]}
        />
      </Card>
    </>
  );
}
