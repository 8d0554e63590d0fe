import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { useToggleModelLike } from '../api/toggle-model-like';

interface ModelLikeButtonProps {
  modelId: string;
  name: string;
  liked: boolean;
  likeCount: number;
}

/** The like toggle with its count; a guest is asked to log in first (a like is the user's). */
export function ModelLikeButton({ modelId, name, liked, likeCount }: ModelLikeButtonProps) {
  const { t } = useTranslation('models');
  const signedIn = useSession((state) => state.isLogin);
  const toggle = useToggleModelLike();
  const onClick = () => {
    if (!signedIn) {
      useLoginDialog.getState().show();
      return;
    }
    toggle.mutate(modelId);
  };
  return (
    <Button
      type="text"
      size="small"
      icon={liked ? <HeartFilled style={{ color: '#cf1322' }} /> : <HeartOutlined />}
      aria-pressed={liked}
      aria-label={`${t('card.like', { name })}, ${t('card.likes', { count: likeCount })}`}
      loading={toggle.isPending}
      onClick={onClick}
      data-testid={`model-like-${modelId}`}
    >
      <span data-testid={`model-like-count-${modelId}`}>{likeCount}</span>
    </Button>
  );
}
