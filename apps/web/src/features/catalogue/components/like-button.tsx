import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { useToggleImageLike } from '../api/toggle-image-like';

interface LikeButtonProps {
  imageId: string;
  name: string;
  liked: boolean;
  likeCount: number;
}

/** The like toggle with its count; a guest is asked to log in first (a like is the user's). */
export function LikeButton({ imageId, name, liked, likeCount }: LikeButtonProps) {
  const { t } = useTranslation('catalogue');
  const signedIn = useSession((state) => state.isLogin);
  const toggle = useToggleImageLike();
  const onClick = () => {
    if (!signedIn) {
      useLoginDialog.getState().show();
      return;
    }
    toggle.mutate(imageId);
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
      data-testid={`image-like-${imageId}`}
    >
      <span data-testid={`image-like-count-${imageId}`}>{likeCount}</span>
    </Button>
  );
}
