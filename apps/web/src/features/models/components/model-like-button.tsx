import { useTranslation } from 'react-i18next';
import { LikeToggle } from '@/shared/ui/like-toggle';
import { useToggleModelLike } from '../api/toggle-model-like';

interface ModelLikeButtonProps {
  modelId: string;
  name: string;
  liked: boolean;
  likeCount: number;
}

export function ModelLikeButton({ modelId, name, liked, likeCount }: ModelLikeButtonProps) {
  const { t } = useTranslation('models');
  const toggle = useToggleModelLike();
  return (
    <LikeToggle
      id={modelId}
      liked={liked}
      count={likeCount}
      label={`${t('card.like', { name })}, ${t('card.likes', { count: likeCount })}`}
      testIdPrefix="model-like"
      toggle={toggle}
    />
  );
}
