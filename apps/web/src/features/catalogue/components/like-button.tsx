import { useTranslation } from 'react-i18next';
import { LikeToggle } from '@/shared/ui/like-toggle';
import { useToggleImageLike } from '../api/toggle-image-like';

interface LikeButtonProps {
  imageId: string;
  name: string;
  liked: boolean;
  likeCount: number;
}

export function LikeButton({ imageId, name, liked, likeCount }: LikeButtonProps) {
  const { t } = useTranslation('catalogue');
  const toggle = useToggleImageLike();
  return (
    <LikeToggle
      id={imageId}
      liked={liked}
      count={likeCount}
      label={`${t('card.like', { name })}, ${t('card.likes', { count: likeCount })}`}
      testIdPrefix="image-like"
      toggle={toggle}
    />
  );
}
