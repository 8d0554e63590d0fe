import { useSearchParams } from 'react-router';
import { ImageDetailView, ImageNotFound } from '@/features/catalogue/components/image-detail-view';

/** Spec §2 `/imageDetail?id=`: one image; an address without a usable id finds no image. */
export default function ImageDetailPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  if (!/^\d{1,18}$/.test(id)) {
    return <ImageNotFound />;
  }
  // Keyed by id, so that opening another image from this page starts from its own loading state.
  return <ImageDetailView key={id} id={id} />;
}
