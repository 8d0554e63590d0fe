/** The detail page of an image (spec §2 `/imageDetail?id=`). */
export function imageHref(imageId: string): string {
  return `/imageDetail?id=${encodeURIComponent(imageId)}`;
}
