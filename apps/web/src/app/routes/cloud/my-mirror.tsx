import { Card, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ImageStorageNote } from '@/features/images/components/image-storage-note';
import { MyImagesTable } from '@/features/images/components/my-images-table';
import { useImagesTranslation } from '@/features/images/use-images-translation';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * Spec §2 my images (cloud space): the caller's saved images and those shared with them, with share, share record,
 * submission to the community and delete; creating an application from one opens My applications' create flow over
 * its original image, restoring its disk. The free allowance and the billing of what lies beyond head the page.
 */
export default function MyMirrorPage() {
  const { t } = useImagesTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('routes:myMirror.title')} />
      <Flex vertical gap={16}>
        <ImageStorageNote />
        <Card>
          <Typography.Paragraph type="secondary">{t('page.myImagesNote')}</Typography.Paragraph>
          <MyImagesTable
            scope="all"
            onCreate={(image) => void navigate(`/myApp?create=${image.baseImageId}&userImage=${image.id}`)}
          />
        </Card>
      </Flex>
    </>
  );
}
