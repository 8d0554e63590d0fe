import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CopyToApplicationDialog } from '@/features/applications/components/copy-to-application-dialog';
import { downloadModel } from '@/features/models/api/download-model';
import type { ModelDetail } from '@/features/models/api/get-model';
import { ModelDetailView, ModelNotFound } from '@/features/models/components/model-detail-view';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { useModelsTranslation } from '@/features/models/use-models-translation';

/** "Download to application": the applications feature's copy dialog, started with the model center's download. */
function DownloadButton({ model }: { model: ModelDetail }) {
  const { t } = useModelsTranslation();
  const signedIn = useSession((state) => state.isLogin);
  const [open, setOpen] = useState(false);
  const onClick = () => (signedIn ? setOpen(true) : useLoginDialog.getState().show());
  return (
    <>
      <Button type="primary" icon={<DownloadOutlined aria-hidden />} onClick={onClick} data-testid="model-download">
        {t('detail.download')}
      </Button>
      {signedIn ? (
        <CopyToApplicationDialog
          open={open}
          onClose={() => setOpen(false)}
          title={`${t('detail.download')} · ${model.name}`}
          defaultPath={`/models/${model.key}`}
          start={({ applicationId, path }) => downloadModel({ modelId: model.id, applicationId, path })}
        />
      ) : null}
    </>
  );
}

/** Spec §2 `/modelDetial?id=`: one model; an address without a usable id finds no model. */
export default function ModelDetailPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  if (!/^\d{1,18}$/.test(id)) {
    return <ModelNotFound />;
  }
  return <ModelDetailView key={id} id={id} download={(model) => <DownloadButton model={model} />} />;
}
